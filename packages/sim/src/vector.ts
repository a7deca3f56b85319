import type { Game, RuleRefusal, Sim } from '@hearth/engine';

/** Maps actions to indices of a fixed action space, for legal-action masks. */
export interface ActionSpace<A> {
  readonly size: number;
  /** Index of an action in the space, or -1 if it has no index. */
  index(action: A): number;
}

export interface VectorOptions {
  /** Truncate a game after this many accepted actions (default: no bound). */
  maxTurns?: number;
  /** Apply actions with stepTrusted (no refusal check): only for actions known to be legal. */
  trusted?: boolean;
}

/**
 * A batch of games stepped together, Gymnasium-style: `reset(seeds)`, then `step(actions)` fills
 * `rewards` (score deltas), `terminated` (game over), `truncated` (max turns) and `dones` (either, or a
 * refused action, or an error). Buffers are typed arrays allocated once and overwritten by every call;
 * each slot keeps one fast simulation handle for its whole life, so nothing is copied or serialised.
 * A slot that is done stays done until `resetSlot` (no automatic reset: the caller picks the next seed).
 */
export class VectorSim<S = unknown, A = unknown> {
  readonly size: number;
  readonly seeds: Uint32Array;
  readonly rewards: Float64Array;
  readonly scores: Float64Array;
  readonly turns: Uint32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  readonly dones: Uint8Array;
  /** The refusal of a slot's last action, when the rules turned it down (the slot is then done). */
  readonly refusals: (RuleRefusal | null)[];
  /** An exception thrown by the game while stepping a slot (the slot is then done). */
  readonly errors: (string | null)[];
  private readonly sims: Sim<S, A>[];
  private readonly legal: (A[] | null)[];
  private readonly maxTurns: number;
  private readonly trusted: boolean;

  constructor(
    readonly game: Game<S, A>,
    size: number,
    options: VectorOptions = {},
  ) {
    this.size = size;
    this.seeds = new Uint32Array(size);
    this.rewards = new Float64Array(size);
    this.scores = new Float64Array(size);
    this.turns = new Uint32Array(size);
    this.terminated = new Uint8Array(size);
    this.truncated = new Uint8Array(size);
    this.dones = new Uint8Array(size).fill(1);
    this.refusals = new Array(size).fill(null);
    this.errors = new Array(size).fill(null);
    // Handles are made on a slot's first reset: createSim() initialises a game, which is costly in some.
    this.sims = new Array(size);
    this.legal = new Array(size).fill(null);
    this.maxTurns = options.maxTurns ?? Number.POSITIVE_INFINITY;
    this.trusted = options.trusted ?? false;
  }

  /** Starts slot i on seeds[i] for every i < seeds.length. */
  reset(seeds: ArrayLike<number>): this {
    for (let i = 0; i < seeds.length; i++) this.resetSlot(i, seeds[i] as number);
    return this;
  }

  resetSlot(i: number, seed: number): void {
    if (i < 0 || i >= this.size) throw new RangeError(`slot ${i} is not in 0..${this.size - 1}`);
    this.sims[i] ??= this.game.createSim();
    const sim = this.sims[i];
    sim.reset(seed);
    this.seeds[i] = seed;
    this.rewards[i] = 0;
    this.scores[i] = sim.score();
    this.turns[i] = 0;
    this.truncated[i] = 0;
    this.refusals[i] = null;
    this.errors[i] = null;
    this.legal[i] = null;
    const over = sim.gameOver();
    this.terminated[i] = over ? 1 : 0;
    this.dones[i] = over || this.maxTurns <= 0 ? 1 : 0;
    if (!over && this.maxTurns <= 0) this.truncated[i] = 1;
  }

  /** The live state of slot i (read it, do not keep it across steps). */
  state(i: number): S {
    return this.sims[i]!.state;
  }

  /** Legal actions of slot i, computed once per step. */
  legalActions(i: number): A[] {
    let list = this.legal[i];
    if (!list) {
      list = this.sims[i]!.legalActions();
      this.legal[i] = list;
    }
    return list;
  }

  /** Steps every slot that is not done and has an action (undefined skips a slot); returns this. */
  step(actions: ArrayLike<A | undefined>): this {
    for (let i = 0; i < this.size; i++) {
      this.rewards[i] = 0;
      const action = actions[i];
      if (this.dones[i] || action === undefined) continue;
      this.stepSlot(i, action);
    }
    return this;
  }

  /** Steps one slot (the batched step is this in a loop); no-op on a done slot. */
  stepSlot(i: number, action: A): void {
    if (this.dones[i]) return;
    const sim = this.sims[i]!;
    this.legal[i] = null;
    try {
      if (this.trusted) sim.stepTrusted(action);
      else {
        const refusal = sim.step(action);
        if (refusal) {
          this.refusals[i] = refusal;
          this.dones[i] = 1;
          this.rewards[i] = 0;
          return;
        }
      }
      const score = sim.score();
      this.rewards[i] = score - this.scores[i]!;
      this.scores[i] = score;
      this.turns[i]!++;
      if (sim.gameOver()) {
        this.terminated[i] = 1;
        this.dones[i] = 1;
      } else if (this.turns[i]! >= this.maxTurns) {
        this.truncated[i] = 1;
        this.dones[i] = 1;
      }
    } catch (error) {
      this.errors[i] = error instanceof Error ? error.message : String(error);
      this.dones[i] = 1;
    }
  }

  /**
   * Legal-action masks: row i (of `space.size` bytes) has a 1 at every legal action's index. Games whose
   * legal list is empty by design (any aim in range is legal) get an all-zero row: their space is the grammar.
   */
  masks(space: ActionSpace<A>, out: Uint8Array = new Uint8Array(this.size * space.size)): Uint8Array {
    out.fill(0);
    for (let i = 0; i < this.size; i++) {
      if (this.dones[i]) continue;
      for (const action of this.legalActions(i)) {
        const k = space.index(action);
        if (k >= 0 && k < space.size) out[i * space.size + k] = 1;
      }
    }
    return out;
  }
}

/**
 * An action space made from a finite list of actions (e.g. a game's grammar candidates): actions are
 * matched by their canonical JSON. Fine for small spaces (a few actions, a few hundred moves).
 */
export function listSpace<A>(actions: readonly A[]): ActionSpace<A> & { action(k: number): A } {
  const key = (a: unknown) => JSON.stringify(a, Object.keys(a as object).sort());
  const byKey = new Map<string, number>();
  actions.forEach((a, k) => {
    byKey.set(key(a), k);
  });
  return { size: actions.length, index: (a) => byKey.get(key(a)) ?? -1, action: (k) => actions[k] as A };
}
