// Search helpers for bots, game-independent: the candidate actions of a state (the legal list, or a finite
// enumeration of the action grammar when a game's list is empty by design) and one step of policy improvement
// by rollouts. Here, below every game, so a game package can build its own bots from them (a game's `strong`
// policy) and the simulator builds its built-ins from the same code.
import type { Game, JsonSchema, Policy, PolicyFactory } from './contract.ts';

/** What the search needs of a game: its rules and its spec (a game can pass both before its Game exists). */
export type Searchable<S = unknown, A = unknown> = Pick<Game<S, A>, 'rules' | 'spec'>;

/**
 * The actions a bot considers: the game's legal list, or, when a game returns an empty list by design
 * (any value in range is legal), a finite set derived from its action grammar.
 * Grammar rule: `const` properties are fixed; an integer with minimum/maximum spanning at most 256 values
 * is enumerated; a number with minimum/maximum (or their exclusive forms) is enumerated in steps of 0.1 (the quantum the documents
 * use), at most 20,001 values. Branches of `oneOf` (or `anyOf`) are concatenated in order. Grammar candidates are not
 * known to be legal: callers check them with `rules.refuse`.
 */
export function candidateActions<A>(game: Searchable<unknown, A>, legal: readonly A[]): readonly A[] {
  return legal.length > 0 ? legal : grammarCandidates(game);
}

/** Keyed by the spec, which a game holds once. */
const cache = new WeakMap<object, readonly unknown[]>();

export function grammarCandidates<A>(game: Searchable<unknown, A>): readonly A[] {
  let list = cache.get(game.spec);
  if (!list) {
    list = enumerateSchema(game.spec.actionGrammar);
    cache.set(game.spec, list);
  }
  return list as readonly A[];
}

export function enumerateSchema(schema: JsonSchema): unknown[] {
  const branches = Array.isArray(schema.oneOf)
    ? (schema.oneOf as JsonSchema[])
    : Array.isArray(schema.anyOf)
      ? (schema.anyOf as JsonSchema[])
      : [schema];
  const out: unknown[] = [];
  for (const branch of branches) {
    const properties = (branch.properties ?? schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (branch.required ?? schema.required ?? Object.keys(properties)) as string[];
    let partial: Record<string, unknown>[] = [{}];
    for (const key of required) {
      const values = propertyValues(properties[key]);
      if (!values) {
        partial = [];
        break;
      }
      const next: Record<string, unknown>[] = [];
      for (const p of partial) for (const value of values) next.push({ ...p, [key]: value });
      partial = next;
    }
    out.push(...partial);
  }
  return out;
}

function propertyValues(p: JsonSchema | undefined): unknown[] | null {
  if (!p) return null;
  if ('const' in p) return [p.const];
  if (Array.isArray(p.enum)) return p.enum;
  const min = typeof p.minimum === 'number' ? p.minimum : p.exclusiveMinimum;
  const max = typeof p.maximum === 'number' ? p.maximum : p.exclusiveMaximum;
  if (typeof min !== 'number' || typeof max !== 'number' || max < min) return null;
  const inRange = (x: number) =>
    (typeof p.minimum === 'number' ? x >= min : x > min) && (typeof p.maximum === 'number' ? x <= max : x < max);
  const values: number[] = [];
  if (p.type === 'integer') {
    if (max - min > 256) return null;
    for (let x = Math.ceil(min); x <= max; x++) if (inRange(x)) values.push(x);
    return values;
  }
  if (p.type === 'number') {
    const lo = Math.ceil(min * 10);
    const hi = Math.floor(max * 10);
    if (hi - lo > 20000) return null;
    for (let k = lo; k <= hi; k++) if (inRange(k / 10)) values.push(k / 10);
    return values;
  }
  return null;
}

export interface RolloutOptions<S = unknown, A = unknown> {
  /** The policy played out after each candidate (and whose own choice is always a candidate). */
  base: PolicyFactory<S, A>;
  /** Turns played out after the candidate. */
  horizon: number;
  /** Candidates kept after ranking by immediate score delta (the base's choice is always kept too). */
  width: number;
  /** Value of the state reached at the horizon; default: the score, plus 1e-6 if the game is still running. */
  value?: (state: S) => number;
  name?: string;
}

/**
 * One step of policy improvement by rollouts: every candidate action is tried on a clone and played out
 * for `horizon` turns by the base policy; the candidate with the best value at the horizon is taken.
 * Ties go to the base policy's own choice, so the result is never worse than the base on the horizon.
 * Deterministic: rollouts use a base policy made from the same seed every time.
 */
export function rolloutPolicy<S, A>(game: Searchable<S, A>, options: RolloutOptions<S, A>): PolicyFactory<S, A> {
  const { rules } = game;
  const value = options.value ?? ((state: S) => rules.score(state) + (rules.gameOver(state) ? 0 : 1e-6));
  return (seed) => {
    const base = options.base(seed);
    const playOut = (state: S): number => {
      const roller: Policy<S, A> = options.base(seed);
      for (let t = 0; t < options.horizon && !rules.gameOver(state); t++) {
        const legal = rules.legalActions(state);
        const action = roller.decide(state, legal);
        if (legal.length === 0 && rules.refuse(state, action) !== null) break;
        rules.apply(state, action);
      }
      return value(state);
    };
    return {
      name: options.name ?? 'rollout',
      decide(state, legal) {
        const checked = legal.length === 0;
        const first = base.decide(state, legal);
        const pool = shortlist(game, state, candidateActions(game, legal), options.width, checked);
        let bestAction: A = first;
        let bestValue = Number.NEGATIVE_INFINITY;
        const tryAction = (action: A) => {
          const next = rules.clone(state);
          rules.apply(next, action);
          const v = playOut(next);
          if (v > bestValue) {
            bestValue = v;
            bestAction = action;
          }
        };
        if (!checked || rules.refuse(state, first) === null) tryAction(first);
        for (const action of pool) if (action !== first) tryAction(action);
        return bestAction;
      },
    };
  };
}

/** The `width` candidates with the best immediate delta (stable order), skipping refused grammar candidates. */
function shortlist<S, A>(game: Searchable<S, A>, state: S, options: readonly A[], width: number, checked: boolean): A[] {
  const { rules } = game;
  const legal = checked ? options.filter((a) => rules.refuse(state, a) === null) : options.slice();
  if (legal.length <= width) return legal;
  const base = rules.score(state);
  const scored = legal.map((action, i) => {
    const next = rules.clone(state);
    rules.apply(next, action);
    return { action, i, delta: rules.score(next) - base };
  });
  scored.sort((a, b) => b.delta - a.delta || a.i - b.i);
  return scored.slice(0, width).map((s) => s.action);
}
