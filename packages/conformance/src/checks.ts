// The conformance checks as plain functions that return the problems they find (empty = pass), so the
// kit itself can be tested against broken games: a check that cannot fail is a defect.
import { canonicalJson, type Game, type OkResponse, Reasons, replay, stateHash } from '@hearth/engine';
import { hash, Stream, streamId } from '@hearth/rng';
import { brokenVariants, corruptedLeaves, deepFreeze, malformedActions, missingKeys, notAState } from './junk.ts';
import { candidates, type PlayOptions, randomPlay, type Step } from './play.ts';

export interface CheckOptions<S = unknown, A = unknown> extends PlayOptions<S> {
  /** Seeds used for random play (0..seeds-1 mixed through the RNG). */
  seeds: number;
  /** Turn bound per random game. */
  maxTurns: number;
  /** How many states the expensive probes (every legal action, junk, corruption) visit. */
  probeStates: number;
  /** What parseAction does with unknown extra keys in an otherwise valid action. */
  extraFields: 'refused' | 'ignored';
  /** Whether legalActions may be empty while the game runs (Lantern Volley, by design). */
  emptyLegalActions: boolean;
  /** Whether the score may never go down (true for every game here). */
  scoreNeverDecreases: boolean;
  /** The game's own invariants after each accepted step; returns violations. */
  invariants?: (prev: S, action: A, next: S, response: OkResponse<S, A>) => string[];
  /** Game-specific forged states that must be refused with invalid_state. */
  forgedStates?: (state: S) => Array<{ name: string; state: unknown }>;
}

export const defaultCheckOptions: CheckOptions = {
  seeds: 100,
  maxTurns: 300,
  probeStates: 120,
  extraFields: 'refused',
  emptyLegalActions: false,
  scoreNeverDecreases: true,
};

/** Seed k of a run: a few edge seeds, then values spread over u32 so games see large and small seeds alike. */
export function seedAt(k: number): number {
  const edges = [0, 1, 7, 0xffffffff];
  return k < edges.length ? (edges[k] as number) : hash(0x5eed, streamId('conformance-seeds'), k);
}

/** States visited by random play over the first seeds, spread evenly, up to `count`. */
export function probeStates(game: Game, o: CheckOptions): OkResponse[] {
  const out: OkResponse[] = [];
  const seeds = Math.min(o.seeds, 8);
  const perSeed = Math.ceil(o.probeStates / seeds);
  for (let k = 0; k < seeds; k++) {
    const visited: OkResponse[] = [game.init(seedAt(k))];
    randomPlay(game, seedAt(k), o.maxTurns, o, (s) => visited.push(s.after));
    const stride = Math.max(1, Math.floor(visited.length / perSeed));
    for (let i = 0; i < visited.length && out.length < o.probeStates; i += stride) out.push(visited[i]!);
  }
  return out;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Every action in legalActions (and every sampled candidate the game accepts) is accepted. */
export function checkLegalAccepted(game: Game, states: OkResponse[]): string[] {
  const problems: string[] = [];
  for (const r of states) {
    for (const a of r.legalActions) {
      const next = game.act(r.state, a);
      if (!next.ok) problems.push(`legal action ${JSON.stringify(a)} refused (${next.reason}: ${next.message})`);
    }
    if (r.gameOver && r.legalActions.length > 0) problems.push(`game over but legalActions has ${r.legalActions.length} actions`);
  }
  return problems.slice(0, 20);
}

/** legalActions is non-empty while the game runs (unless documented otherwise), and empty at game over. */
export function checkLegalListShape(game: Game, states: OkResponse[], o: CheckOptions): string[] {
  const problems: string[] = [];
  for (const r of states) {
    if (!r.gameOver && !o.emptyLegalActions && r.legalActions.length === 0) problems.push('game running but legalActions is empty');
    if (!Array.isArray(r.legalActions)) problems.push('legalActions is not an array');
    if (typeof r.score !== 'number' || !Number.isFinite(r.score)) problems.push(`score is not a finite number: ${r.score}`);
    if (typeof r.observation?.text !== 'string') problems.push('observation.text is not a string');
    if (game.rules.score(r.state) !== r.score) problems.push('response.score differs from rules.score(state)');
  }
  return problems.slice(0, 20);
}

/** Malformed actions and broken variants of legal ones are refused, and the state is byte-for-byte unchanged. */
export function checkJunkRefused(game: Game, states: OkResponse[], o: CheckOptions): string[] {
  const problems: string[] = [];
  for (const r of states) {
    const before = canonicalJson(r.state);
    const expectRefusal = (name: string, action: unknown, reason?: string) => {
      const res = game.act(r.state, action);
      if (res.ok) problems.push(`${name}: ${JSON.stringify(action)} was accepted`);
      else if (reason && res.reason !== reason) problems.push(`${name}: reason ${res.reason}, expected ${reason}`);
      else if (!res.ok && res.reason === Reasons.internalError) problems.push(`${name}: internal_error ${res.message}`);
      if (canonicalJson(r.state) !== before) problems.push(`${name}: the input state changed`);
    };
    for (const m of malformedActions()) expectRefusal(m.name, m.action, Reasons.unknownAction);
    for (const a of r.legalActions.slice(0, 6)) {
      for (const v of brokenVariants(a, game.spec.actionGrammar)) expectRefusal(v.name, v.action);
      if (a !== null && typeof a === 'object') {
        const extra = { ...(a as object), notAField: 1 };
        if (o.extraFields === 'refused') expectRefusal('extra field', extra, Reasons.unknownAction);
        else if (!same(game.act(r.state, extra), game.act(r.state, a)))
          problems.push(`extra field changed the outcome of ${JSON.stringify(a)}`);
      }
    }
    if (problems.length > 20) break;
  }
  return problems.slice(0, 20);
}

/** Seed + actions replay bit for bit: every intermediate state equal, and the fast handle agrees with act. */
export function checkDeterminism(game: Game, o: CheckOptions): string[] {
  const problems: string[] = [];
  for (let k = 0; k < Math.min(o.seeds, 12); k++) {
    const seed = seedAt(k);
    const first: string[] = [];
    const run = randomPlay(game, seed, o.maxTurns, o, (s) => first.push(canonicalJson(s.after.state)));
    let i = 0;
    const again = replay(game, seed, run.actions, (resp, idx) => {
      if (idx >= 0 && canonicalJson(resp.state) !== first[i++]) problems.push(`seed ${seed}: state after action ${idx} differs on replay`);
    });
    if (!again.ok) problems.push(`seed ${seed}: replay refused action ${again.index} (${again.reason})`);
    else if (again.stateHash !== stateHash(run.final.state)) problems.push(`seed ${seed}: final state hash differs on replay`);
    if (!same(game.init(seed), game.init(seed))) problems.push(`seed ${seed}: init is not deterministic`);
    const sim = game.createSim();
    sim.reset(seed);
    for (const a of run.actions) {
      const parsed = game.rules.parseAction(a);
      const refused = parsed.ok ? sim.step(parsed.value) : { reason: 'unknown_action' };
      if (refused) {
        problems.push(`seed ${seed}: the fast handle refused ${JSON.stringify(a)} that act accepted (${refused.reason})`);
        break;
      }
    }
    if (canonicalJson(sim.state) !== canonicalJson(run.final.state))
      problems.push(`seed ${seed}: the fast handle's final state differs from act's`);
    if (sim.score() !== run.final.score) problems.push(`seed ${seed}: the fast handle's score differs from act's`);
    if (problems.length > 20) break;
  }
  return problems;
}

/** A state survives a JSON round trip: acting on the parsed copy gives the same response. */
export function checkJsonRoundTrip(game: Game, states: OkResponse[], o: CheckOptions): string[] {
  const problems: string[] = [];
  const stream = new Stream(1, streamId('conformance-roundtrip'));
  for (const r of states) {
    const copy = JSON.parse(JSON.stringify(r.state));
    if (!same(copy, r.state)) problems.push('state changes under JSON round trip (undefined, NaN, or non-JSON values?)');
    const pool = candidates(r, stream, o);
    const a = pool.length ? pool[stream.below(pool.length)] : { type: 'none' };
    if (!same(game.act(copy, a), game.act(r.state, a))) problems.push(`act differs on the JSON copy for ${JSON.stringify(a)}`);
    if (problems.length > 20) break;
  }
  return problems;
}

/** act never mutates its inputs: deep-frozen state and action still work and are unchanged. */
export function checkNoMutation(game: Game, states: OkResponse[], o: CheckOptions): string[] {
  const problems: string[] = [];
  const stream = new Stream(2, streamId('conformance-freeze'));
  for (const r of states) {
    const pool = candidates(r, stream, o);
    for (const a of pool.slice(0, 4)) {
      const state = deepFreeze(JSON.parse(JSON.stringify(r.state)));
      const action = deepFreeze(JSON.parse(JSON.stringify(a)));
      const before = canonicalJson(state);
      const res = game.act(state, action);
      if (!res.ok && res.reason === Reasons.internalError) problems.push(`act failed on frozen input: ${res.message}`);
      if (canonicalJson(state) !== before) problems.push('act mutated its input state');
    }
    if (problems.length > 20) break;
  }
  return problems;
}

/** Corrupted states never crash act; non-states and states missing any top-level key give invalid_state. */
export function checkCorruptedStates(game: Game, states: OkResponse[], o: CheckOptions): string[] {
  const problems: string[] = [];
  const stream = new Stream(3, streamId('conformance-corrupt'));
  const sample = states.filter((_, i) => i % Math.max(1, Math.floor(states.length / 12)) === 0);
  for (const r of sample) {
    const pool = candidates(r, stream, o);
    const a = pool[0] ?? { type: 'none' };
    const mustRefuse = [...notAState(), ...missingKeys(r.state), ...(o.forgedStates?.(r.state) ?? [])];
    for (const f of mustRefuse) {
      const res = safeAct(game, f.state, a);
      if (typeof res === 'string') problems.push(`${f.name}: act threw ${res}`);
      else if (res.ok || res.reason !== Reasons.invalidState)
        problems.push(`${f.name}: expected invalid_state, got ${res.ok ? 'ok' : res.reason}`);
    }
    for (const f of corruptedLeaves(r.state, 150)) {
      const res = safeAct(game, f.state, a);
      if (typeof res === 'string') problems.push(`${f.name}: act threw ${res}`);
      else if (!res.ok && res.reason === Reasons.internalError) problems.push(`${f.name}: internal_error ${res.message}`);
    }
    if (problems.length > 20) break;
  }
  return problems.slice(0, 30);
}

function safeAct(game: Game, state: unknown, action: unknown) {
  try {
    return game.act(state, action);
  } catch (e) {
    return String(e);
  }
}

/** Random legal play over many seeds to game over or the bound, checking generic and game invariants. */
export function checkRandomPlay(game: Game, o: CheckOptions): { problems: string[]; games: number; steps: number; over: number } {
  const problems: string[] = [];
  let steps = 0;
  let over = 0;
  for (let k = 0; k < o.seeds; k++) {
    const seed = seedAt(k);
    const run = randomPlay(game, seed, o.maxTurns, o, (s: Step) => {
      steps++;
      if (o.scoreNeverDecreases && s.after.score < s.before.score)
        problems.push(`seed ${seed}: score fell from ${s.before.score} to ${s.after.score}`);
      if (s.after.score !== game.rules.score(s.after.state)) problems.push(`seed ${seed}: response score differs from rules.score`);
      // An engine never hands out a state it would itself refuse.
      const back = game.rules.parseState(JSON.parse(JSON.stringify(s.after.state)));
      if (!back.ok) problems.push(`seed ${seed}: emitted a state it refuses: ${back.message}`);
      if (o.invariants) for (const v of o.invariants(s.before.state, s.action, s.after.state, s.after)) problems.push(`seed ${seed}: ${v}`);
    });
    problems.push(...run.refusedLegal);
    if (run.final.gameOver) {
      over++;
      const probe = run.final.legalActions[0] ?? { type: 'END_RUN' };
      const res = game.act(run.final.state, probe);
      if (res.ok) problems.push(`seed ${seed}: an action was accepted after game over`);
    }
    if (problems.length > 30) break;
  }
  return { problems: problems.slice(0, 30), games: o.seeds, steps, over };
}
