// Stormlark's state and its validation. The state is plain JSON and hides nothing: the board, the
// counters and the RNG cursor. parseState trusts nothing: every field is required, and the counters
// must agree with each other the way the rules advance them.
import { type Parsed, v } from '@hearth/engine';
import { maxScore } from './bounds.ts';
import { BUDGET, gateColumnAt } from './schedule.ts';

export type Kind = 'crag' | 'knot' | 'drifter' | 'rimeshell' | 'sparker' | 'warden' | 'squall' | 'mote' | 'gate';
export const KINDS: readonly Kind[] = ['crag', 'knot', 'drifter', 'rimeshell', 'sparker', 'warden', 'squall', 'mote', 'gate'];

export interface Entity {
  /** Unique within a run, assigned in draw order. */
  id: number;
  kind: Kind;
  /** 0 (top) to 6 (bottom). */
  lane: number;
  /** 0 (the ship's column) to 9 (the freshly drawn column). */
  col: number;
  /** Hits left: knot, drifter, sparker 1; rimeshell 2 (1 once cracked); warden 4..1; crag, squall, mote, gate 0. */
  hp: number;
  /** Drifters: -1 (toward lane 0) or +1 (toward lane 6); everything else 0. */
  drift: number;
}

export type Phase = 'flying' | 'reachClear' | 'over';

export interface StormlarkState {
  seed: number;
  /** RNG cursor: index of the next draw in the column stream; advances by BUDGET on every scrolling turn. */
  rngState: number;
  /** Column counter: columns drawn so far in the run (9 at the start). */
  column: number;
  shipLane: number;
  /** In board order: column ascending, then lane ascending. */
  entities: Entity[];
  phase: Phase;
  hull: number;
  charge: number;
  chain: number;
  reach: number;
  /** Hull lost during the current reach (no flawless bonus at its Gate). */
  hullLost: boolean;
  /** Accepted actions so far (every kind, END_RUN and NEXT_REACH included). */
  turn: number;
  score: number;
  /** The id the next drawn entity gets. */
  nextId: number;
}

export type ActionType = 'UP' | 'DOWN' | 'FIRE' | 'VENT' | 'NEXT_REACH' | 'END_RUN';
export const ACTION_TYPES: readonly ActionType[] = ['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN'];
export interface StormlarkAction {
  type: ActionType;
}

export const MAX_HULL = 3;
export const MAX_CHARGE = 9;
export const PULSE_COST = 3;
/**
 * The document's plausibility guard: no state with a higher score is accepted, and a run whose score
 * reaches it ends there with the score held at the guard (so no emitted state is ever refused).
 */
export const SCORE_GUARD = 1_000_000;

export const STATE_KEYS = [
  'seed',
  'rngState',
  'column',
  'shipLane',
  'entities',
  'phase',
  'hull',
  'charge',
  'chain',
  'reach',
  'hullLost',
  'turn',
  'score',
  'nextId',
] as const;
const ENTITY_KEYS = ['id', 'kind', 'lane', 'col', 'hp', 'drift'] as const;
const U32 = 0xffffffff;
/** Far beyond any run (a reach is 21 scrolling turns); keeps every counter an exact small integer. */
const MAX_COLUMN = 100_000_000;

const HP_RANGE: Readonly<Record<Kind, readonly [number, number]>> = {
  crag: [0, 0],
  knot: [1, 1],
  drifter: [1, 1],
  rimeshell: [1, 2],
  sparker: [1, 1],
  warden: [1, 4],
  squall: [0, 0],
  mote: [0, 0],
  gate: [0, 0],
};

/** Shape and consistency of a state (everything but the survivability guarantee, which needs the kernel). */
export function validateState(value: unknown): Parsed<StormlarkState> {
  const err = check(value);
  if (err !== null) return { ok: false, message: err };
  return { ok: true, value: cloneState(value as StormlarkState) };
}

function check(value: unknown): string | null {
  const keys = v.exactKeys(value, 'state', STATE_KEYS);
  if (keys) return keys;
  const s = value as Record<string, unknown>;
  const basic = v.firstError(
    v.int(s.seed, 'state.seed', 0, U32),
    v.int(s.rngState, 'state.rngState', 0, U32),
    v.int(s.column, 'state.column', 9, MAX_COLUMN),
    v.int(s.shipLane, 'state.shipLane', 0, 6),
    v.array(s.entities, 'state.entities', 0, 70),
    v.oneOf(s.phase, 'state.phase', ['flying', 'reachClear', 'over'] as const),
    v.int(s.hull, 'state.hull', 0, MAX_HULL),
    v.int(s.charge, 'state.charge', 0, MAX_CHARGE),
    v.int(s.chain, 'state.chain', 0, MAX_COLUMN * 7),
    v.int(s.reach, 'state.reach', 1, MAX_COLUMN),
    v.bool(s.hullLost, 'state.hullLost'),
    v.int(s.turn, 'state.turn', 0, MAX_COLUMN * 2),
    v.int(s.score, 'state.score', 0, SCORE_GUARD),
    v.int(s.nextId, 'state.nextId', 0, MAX_COLUMN * 8),
  );
  if (basic) return basic;
  const st = value as StormlarkState;
  if (st.rngState !== (st.column * BUDGET) % 2 ** 32)
    return `state.rngState must be state.column * ${BUDGET} (mod 2^32) = ${(st.column * BUDGET) % 2 ** 32}, got ${st.rngState}`;
  // Scrolling turns in this reach: 0..20 while flying, exactly 21 at the Gate.
  const inReach = st.column - 9 - 21 * (st.reach - 1);
  if (st.phase === 'flying' && (inReach < 0 || inReach > 20))
    return `state.column ${st.column} does not fit state.reach ${st.reach} in flight (expected ${21 * (st.reach - 1) + 9} to ${21 * st.reach + 8})`;
  if (st.phase === 'reachClear' && inReach !== 21)
    return `state.column must be ${21 * st.reach + 9} at the Gate of state.reach ${st.reach}, got ${st.column}`;
  if (st.phase === 'over' && (inReach < 0 || inReach > 21)) return `state.column ${st.column} does not fit state.reach ${st.reach}`;
  if (st.hull === 0 && st.phase !== 'over') return 'state.hull is 0 but the run is not over';
  // A run is over by choice (END_RUN, one more turn), at hull 0, or at the guard (neither counts a turn).
  const endedByChoice = st.phase === 'over' && st.hull > 0 && st.score < SCORE_GUARD ? 1 : 0;
  const expectedTurn = st.column - 9 + (st.reach - 1) + endedByChoice;
  if (st.turn !== expectedTurn) return `state.turn must be ${expectedTurn} for this column, reach and phase, got ${st.turn}`;
  return checkBounds(st, inReach) ?? checkEntities(st);
}

/** Reachability: what the counters allow a real run to hold (see bounds.ts). */
function checkBounds(st: StormlarkState, inReach: number): string | null {
  const scrolled = st.column - 9;
  const top = Math.min(SCORE_GUARD, maxScore(st.reach, inReach));
  if (st.score > top) return `state.score ${st.score} is more than a run with these counters can have scored (at most ${top})`;
  // one clear per scrolling turn at most
  if (st.chain > scrolled) return `state.chain ${st.chain} is more than the ${scrolled} scrolling turns so far allow`;
  // the craft starts in lane 3 and moves one lane per scrolling turn
  if (Math.abs(st.shipLane - 3) > scrolled)
    return `state.shipLane ${st.shipLane} is further from lane 3 than ${scrolled} scrolling turns allow`;
  // hull only comes back at NEXT_REACH, which also clears the flag: in reach 1, hull below 3 means a loss
  if (st.reach === 1 && st.hullLost === false && st.hull < MAX_HULL) return 'state.hull is below 3 in reach 1 but state.hullLost is false';
  if (st.hullLost && st.hull === MAX_HULL) return 'state.hullLost is true but state.hull is 3 (a hull lost in this reach leaves at most 2)';
  if (st.hullLost && inReach === 0) return 'state.hullLost is true but no scrolling turn of this reach has been played';
  // every reach starts with charge 9 (init and NEXT_REACH), and only a scrolling turn changes it
  if (inReach === 0 && st.charge !== MAX_CHARGE)
    return `state.charge must be 9 before the first scrolling turn of a reach, got ${st.charge}`;
  if (st.nextId > 7 * st.column) return `state.nextId ${st.nextId} is more than ${st.column} drawn columns of 7 cells can have numbered`;
  return null;
}

function checkEntities(st: StormlarkState): string | null {
  let prevCell = -1;
  let wardens = 0;
  const ids = new Set<number>();
  const gatesPerCol = new Array<number>(10).fill(0);
  const countPerCol = new Array<number>(10).fill(0);
  for (let i = 0; i < st.entities.length; i++) {
    const name = `state.entities[${i}]`;
    const e = st.entities[i] as unknown;
    const shape = v.exactKeys(e, name, ENTITY_KEYS);
    if (shape) return shape;
    const r = e as Record<string, unknown>;
    const basic = v.firstError(
      v.int(r.id, `${name}.id`, 0, U32),
      v.oneOf(r.kind, `${name}.kind`, KINDS),
      v.int(r.lane, `${name}.lane`, 0, 6),
      v.int(r.col, `${name}.col`, 0, 9),
    );
    if (basic) return basic;
    const en = e as Entity;
    if (en.id >= st.nextId) return `${name}.id ${en.id} must be below state.nextId ${st.nextId}`;
    const [lo, hi] = HP_RANGE[en.kind];
    const hp = v.int(en.hp, `${name}.hp (${en.kind})`, lo, hi);
    if (hp) return hp;
    if (en.kind === 'drifter') {
      if (en.drift !== -1 && en.drift !== 1) return `${name}.drift must be -1 or 1 for a drifter`;
    } else if (en.drift !== 0) return `${name}.drift must be 0 for a ${en.kind}`;
    const cell = en.col * 7 + en.lane;
    if (cell === prevCell) return `${name} shares cell (lane ${en.lane}, col ${en.col}) with another entity`;
    if (cell < prevCell) return `${name} is out of board order (entities are listed by column, then lane)`;
    prevCell = cell;
    if (ids.has(en.id)) return `${name}.id ${en.id} is not unique`;
    ids.add(en.id);
    if (en.kind === 'warden' && ++wardens > 2) return 'state.entities holds more than 2 wardens';
    if (en.kind === 'gate') gatesPerCol[en.col]!++;
    countPerCol[en.col]!++;
    if (en.kind === 'sparker' && en.col === 0) return `${name}: a sparker never reaches column 0 (it discharges from column 1)`;
    if (en.col === 0 && en.lane === st.shipLane && en.kind !== 'gate')
      return `${name}: a ${en.kind} shares the ship's cell after the turn resolved`;
  }
  for (let col = 0; col < 10; col++) {
    const drawn = st.column - 9 + col;
    if (drawn <= 0 && countPerCol[col]! > 0) return `column ${col} must be empty: no column was drawn there yet`;
    const gate = gateColumnAt(drawn);
    if (gate && gatesPerCol[col] !== 7) return `column ${col} is a Gate column and must hold 7 gate markers`;
    if (!gate && gatesPerCol[col]! > 0) return `column ${col} is not a Gate column but holds gate markers`;
  }
  if (st.phase === 'reachClear' && gatesPerCol[0] !== 7) return 'state.phase is reachClear but no Gate is at column 0';
  return null;
}

export function cloneState(s: StormlarkState): StormlarkState {
  const entities = new Array<Entity>(s.entities.length);
  for (let i = 0; i < entities.length; i++) {
    const e = s.entities[i]!;
    entities[i] = { id: e.id, kind: e.kind, lane: e.lane, col: e.col, hp: e.hp, drift: e.drift };
  }
  return {
    seed: s.seed,
    rngState: s.rngState,
    column: s.column,
    shipLane: s.shipLane,
    entities,
    phase: s.phase,
    hull: s.hull,
    charge: s.charge,
    chain: s.chain,
    reach: s.reach,
    hullLost: s.hullLost,
    turn: s.turn,
    score: s.score,
    nextId: s.nextId,
  };
}
