// Stormlark's state and its validation. The state is plain JSON and hides nothing: the board, the
// counters and the RNG cursor. parseState trusts nothing: every field is required, and the counters
// must agree with each other the way the rules advance them.
import { type Parsed, v } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { FULL_HP } from './board.ts';
import { maxScore } from './bounds.ts';
import { MAX_CHARGE, MAX_HULL, SCORE_GUARD } from './limits.ts';
import { BUDGET, gateColumnAt } from './schedule.ts';
import { type Entity, type Kind, StateShape, type StormlarkState } from './shapes/state.ts';

export { MAX_CHARGE, MAX_HULL, PULSE_COST, SCORE_GUARD } from './limits.ts';
export type { ActionType, StormlarkAction } from './shapes/action.ts';
export { ACTION_TYPES } from './shapes/action.ts';
export type { Entity, Kind, Phase, StormlarkState } from './shapes/state.ts';
export { KINDS } from './shapes/state.ts';

/** The state's fields in declaration order (the served schema's order). */
export const STATE_KEYS = Object.keys(StateShape.properties) as (keyof StormlarkState)[];
// hp runs from the full count down to 1 (a hit at 1 clears); kinds that take no hits hold 0
const HP_RANGE = Object.fromEntries(Object.entries(FULL_HP).map(([kind, full]) => [kind, [Math.min(1, full), full] as const])) as Readonly<
  Record<Kind, readonly [number, number]>
>;

/** Shape and consistency of a state (everything but the survivability guarantee, which needs the kernel). */
export function validateState(value: unknown): Parsed<StormlarkState> {
  const err = check(value);
  if (err !== null) return { ok: false, message: err };
  return { ok: true, value: cloneState(value as StormlarkState) };
}

const StateCheck = TypeCompiler.Compile(StateShape);

/** "/entities/3/hp" -> "state.entities[3].hp": the field a shape failure names. */
const fieldName = (path: string): string =>
  `state${path
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')}`;

function check(value: unknown): string | null {
  // 1: the compiled shape check of the one declaration (types, ranges, exact keys)
  if (!StateCheck.Check(value)) {
    const e = StateCheck.Errors(value).First();
    if (!e) return 'state does not have the shape of a Stormlark state';
    const name = fieldName(e.path); // the root's path is '': "state"
    // a union of literals (kind, phase, drift) reads better as its list of values
    // every union in the state's shape is a union of literals (StateShape: kind, phase, drift)
    const options = (e.schema.anyOf as { const: unknown }[] | undefined)?.map((o) => o.const);
    return options?.length ? `${name} must be one of ${options.join(', ')}` : `${name}: ${e.message.toLowerCase()}`;
  }
  // 2: the semantic checks, cheapest first
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
    const en = st.entities[i]!;
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
  // (reachClear puts the Gate at column 0: the column check above required its 7 markers there)
  return null;
}

export function cloneState(s: StormlarkState): StormlarkState {
  const entities = new Array<Entity>(s.entities.length);
  for (let i = 0; i < entities.length; i++) {
    const e = s.entities[i]!;
    entities[i] = { col: e.col, drift: e.drift, hp: e.hp, id: e.id, kind: e.kind, lane: e.lane };
  }
  // Keys in canonical (sorted) order, here and wherever a state is built: the server signs the native JSON.
  return {
    chain: s.chain,
    charge: s.charge,
    column: s.column,
    entities,
    hull: s.hull,
    hullLost: s.hullLost,
    nextId: s.nextId,
    phase: s.phase,
    reach: s.reach,
    rngState: s.rngState,
    score: s.score,
    seed: s.seed,
    shipLane: s.shipLane,
    turn: s.turn,
  };
}
