// A test fixture for the kit's own tests (never registered, never served): a walk along 20 cells whose
// coins come from the RNG. `variant` switches on one defect at a time, so each check can be shown to fail.
import { defineGame, defineTensor, type Game, type Observation, type Rules, type Spec, type StepReport, v } from '@hearth/engine';
import { below } from '@hearth/rng';

export interface WalkState {
  seed: number;
  pos: number;
  turn: number;
  score: number;
  taken: number[];
  over: boolean;
}
export type WalkAction = { type: 'step'; dir: -1 | 1 } | { type: 'stop' };

export type Defect =
  | 'none'
  | 'mutates-input'
  | 'nondeterministic'
  | 'accepts-junk'
  | 'lists-illegal'
  | 'crashes-on-corrupt'
  | 'score-decreases'
  | 'lenient-state'
  | 'ignores-extra'
  | 'sim-diverges'
  | 'schema-drift'
  | 'recap-miscounts'
  | 'no-summary'
  | 'normalising-parser'
  | 'no-bounds'
  | 'no-tensor'
  | 'tensor-drift'
  | 'events-miscount';

/** The walk's line as cells. */
export const CELLS = 20;

const coins = (seed: number, cell: number) => below(seed, 1, cell, 4);

export function walkGame(defect: Defect = 'none'): Game<WalkState, WalkAction> {
  let drift = 0;
  const rules: Rules<WalkState, WalkAction, Observation> = {
    init: (seed) => ({ seed, pos: 10, turn: 0, score: 0, taken: [], over: false }),
    parseState(value) {
      if (defect === 'crashes-on-corrupt') return { ok: true, value: value as WalkState };
      if (!v.isRecord(value)) return { ok: false, message: 'state must be an object' };
      if (defect !== 'lenient-state') {
        const err = v.firstError(
          v.exactKeys(value, 'state', ['seed', 'pos', 'turn', 'score', 'taken', 'over']),
          v.int(value.seed, 'seed', 0, 0xffffffff),
          v.int(value.pos, 'pos', 0, 19),
          v.int(value.turn, 'turn', 0, 30),
          v.int(value.score, 'score', 0, 1e6),
          v.array(value.taken, 'taken', 0, 20),
          v.bool(value.over, 'over'),
        );
        if (err) return { ok: false, message: err };
        for (const t of value.taken as unknown[]) {
          const e = v.int(t, 'taken[]', 0, 19);
          if (e) return { ok: false, message: e };
        }
        if (defect !== 'no-bounds') {
          // Reachability: a step takes at most one new cell worth at most 3, and moves one cell from 10.
          const taken = value.taken as number[];
          if ((value.turn as number) < taken.length || (taken.length === 0 && value.turn !== 0 && !value.over))
            return { ok: false, message: `turn ${value.turn} does not fit ${taken.length} cells taken` };
          if ((value.score as number) > 3 * taken.length)
            return { ok: false, message: `score ${value.score} is more than the cells taken can pay` };
          if (Math.abs((value.pos as number) - 10) > (value.turn as number))
            return { ok: false, message: `pos ${value.pos} is out of reach in ${value.turn} turns` };
        }
      }
      if (defect === 'normalising-parser') {
        const copy = { ...(value as unknown as WalkState) };
        copy.taken = [...copy.taken].sort((a, b) => a - b);
        return { ok: true, value: copy };
      }
      return { ok: true, value: value as unknown as WalkState };
    },
    parseAction(value) {
      if (defect === 'accepts-junk') return { ok: true, value: value as WalkAction };
      if (!v.isRecord(value)) return { ok: false, message: 'action must be an object' };
      if (value.type === 'stop') {
        if (defect !== 'ignores-extra' && v.exactKeys(value, 'action', ['type'])) return { ok: false, message: 'stop takes no fields' };
        return { ok: true, value: { type: 'stop' } };
      }
      if (value.type === 'step') {
        if (defect !== 'ignores-extra' && v.exactKeys(value, 'action', ['type', 'dir'])) return { ok: false, message: 'step takes dir' };
        if (value.dir !== -1 && value.dir !== 1) return { ok: false, message: 'dir must be -1 or 1' };
        return { ok: true, value: { type: 'step', dir: value.dir } };
      }
      return { ok: false, message: 'unknown action type' };
    },
    refuse(state, action) {
      if (state.over) return { reason: 'game_over', message: 'the walk is over' };
      if (action.type === 'step') {
        const to = state.pos + action.dir;
        if (to < 0 || to > 19) return { reason: 'off_the_line', message: 'no cell there' };
      }
      return null;
    },
    // Events: `stop`; `step` {to}, then `coins` {cell, points} when the cell is new.
    apply(state: WalkState, action: WalkAction, report?: StepReport) {
      if (action.type === 'stop') {
        state.over = true;
        report?.events.push({ kind: 'stop' });
        return;
      }
      state.pos += action.dir;
      state.turn++;
      report?.events.push({ kind: 'step', to: state.pos });
      if (!state.taken.includes(state.pos)) {
        state.taken.push(state.pos);
        const points = coins(state.seed, state.pos) + (defect === 'nondeterministic' ? drift++ % 2 : 0);
        state.score += points;
        if (points > 0) report?.events.push({ kind: 'coins', cell: state.pos, points: points + (defect === 'events-miscount' ? 1 : 0) });
      }
      if (defect === 'score-decreases' && state.turn % 5 === 0) state.score = Math.max(0, state.score - 3);
      if (state.turn >= 30) state.over = true;
    },
    legalActions(state) {
      if (state.over) return [];
      const out: WalkAction[] = [];
      if (state.pos > 0) out.push({ type: 'step', dir: -1 });
      if (state.pos < 19 || defect === 'lists-illegal') out.push({ type: 'step', dir: 1 });
      out.push({ type: 'stop' });
      return out;
    },
    score: (s) => s.score,
    gameOver: (s) => s.over,
    observe: (s) =>
      defect === 'schema-drift'
        ? { text: `${'.'.repeat(s.pos)}@${'.'.repeat(19 - s.pos)}`, pos: String(s.pos) }
        : { text: `${'.'.repeat(s.pos)}@${'.'.repeat(19 - s.pos)}`, pos: s.pos },
    recap: (before, after) => {
      const points = after.score - before.score + (defect === 'recap-miscounts' ? 1 : 0);
      return {
        text: points ? `+${points} coins` : 'no coins',
        points,
        items: points ? [{ kind: 'coins', text: `+${points}`, points }] : [],
      };
    },
    brief: (s) => ({ text: `at ${s.pos}, turn ${s.turn}`, actions: ['left', 'right', 'stop'] }),
    clone: (s) => (defect === 'mutates-input' ? s : { ...s, taken: [...s.taken] }),
    ...(defect === 'no-tensor' ? {} : { tensor: walkTensor(defect === 'tensor-drift') }),
  };
  const game = defineGame(defect === 'no-summary' ? { ...spec, summary: [] } : spec, rules);
  if (defect === 'sim-diverges') {
    const original = game.createSim;
    return {
      ...game,
      createSim() {
        const sim = original();
        const step = sim.step.bind(sim);
        sim.step = (a) => {
          const r = step(a);
          (sim.state as WalkState).score += 1;
          return r;
        };
        return sim;
      },
    };
  }
  return game;
}

/** The observation as a row: the walker's cell one-hot (`drift` puts it one cell off, a defect only a decoding catches). */
function walkTensor(drift: boolean) {
  return defineTensor<WalkState>(
    [{ name: 'at', shape: [CELLS], dtype: 'int8', low: 0, high: 1, description: "the walker's cell" }],
    (at) => (s, out, o) => {
      out.fill(0, o + at.at!, o + at.at! + CELLS);
      out[o + at.at! + ((s.pos + (drift ? 1 : 0)) % CELLS)] = 1;
    },
  );
}

/** The test's own decoding of the JSON observation into the row (the independent side of the tensor check). */
export function walkTensorOf(observation: Observation): Float32Array {
  const row = new Float32Array(CELLS);
  row[(observation as unknown as { pos: number }).pos] = 1;
  return row;
}

const spec: Spec = {
  slug: 'walk-fixture',
  name: 'Walk (test fixture)',
  genre: 'fixture',
  description: 'Test fixture for the conformance kit.',
  goal: 'Collect coins.',
  scoring: 'Coins.',
  rules: 'Step left or right; stop any time; 30 steps.',
  actionGrammar: {
    oneOf: [
      {
        type: 'object',
        properties: { type: { const: 'step' }, dir: { enum: [-1, 1] } },
        required: ['type', 'dir'],
        additionalProperties: false,
      },
      { type: 'object', properties: { type: { const: 'stop' } }, required: ['type'], additionalProperties: false },
    ],
  },
  stateSchema: {
    type: 'object',
    properties: {
      seed: { type: 'integer', minimum: 0 },
      pos: { type: 'integer', minimum: 0, maximum: 19 },
      turn: { type: 'integer', minimum: 0 },
      score: { type: 'integer', minimum: 0 },
      taken: { type: 'array', items: { type: 'integer' } },
      over: { type: 'boolean' },
    },
    required: ['seed', 'pos', 'turn', 'score', 'taken', 'over'],
    additionalProperties: false,
  },
  observationSchema: {
    type: 'object',
    properties: { text: { type: 'string' }, pos: { type: 'integer' } },
    required: ['text', 'pos'],
    additionalProperties: false,
  },
  summary: [
    'Walk left or right along twenty cells.',
    'Each new cell pays its coins.',
    'Stop whenever you like; the walk ends after thirty steps.',
  ],
  decisions: [],
  carry: 'state',
  version: '1',
  legend: { '@': 'you' },
};
