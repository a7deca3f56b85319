// Validation of untrusted states and actions. A state is accepted only if it is one this engine could have
// produced. Cheapest first: (1) the compiled shape check of the one TypeBox declaration; (2) closed forms of the
// day (multiplier, ratio, cursor, room sizes) and reachability bounds (score, raw cosy, chain, settled, clock),
// none of which generates anything; (3) only then the day's room, regenerated (memoised) and compared.

import type { Parsed } from '@hearth/engine';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import * as curve from './curves.ts';
import { planDay } from './day.ts';
import { bonusesBefore, bowlsBefore, bowlsOfDay, cursorBefore, MAX_DAY, maxScoreBefore, maxTurnPoints, maxTurnRaw } from './reachable.ts';
import { ActionShape, MoveShape } from './shapes/action.ts';
import { StateShape } from './shapes/state.ts';
import { type Action, CHAIN_CAP, type PublicState, type State } from './state.ts';

const StateCheck = TypeCompiler.Compile(StateShape);
const ActionCheck = TypeCompiler.Compile(ActionShape);
const MoveCheck = TypeCompiler.Compile(MoveShape);

const fail = (message: string): Parsed<State> => ({ ok: false, message });

/** "/cats/0/tile" -> "state.cats[0].tile": the field a shape failure names. */
const fieldName = (root: string, path: string): string =>
  root +
  path
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('');

function shapeError(
  root: string,
  check: { Errors(value: unknown): { First(): { path: string; message: string } | undefined } },
  value: unknown,
): string {
  const e = check.Errors(value).First();
  return e ? `${fieldName(root, e.path)}: ${e.message.toLowerCase()}` : `${root} does not have the shape of the grammar`;
}

export function parseState(value: unknown): Parsed<State> {
  if (!StateCheck.Check(value)) return fail(shapeError('state', StateCheck, value));
  const s = value as State;
  const e = dayError(s) ?? clockError(s) ?? boundsError(s) ?? catsError(s) ?? bowlsError(s) ?? roomError(s);
  return e ? fail(e) : { ok: true, value: s };
}

/** Everything the day number alone fixes, from closed forms. */
function dayError(s: State): string | null {
  const { day, layout } = s;
  if (day > MAX_DAY) return `state.day ${day} is beyond the last day a score can reach in a safe integer (${MAX_DAY})`;
  const cursor = cursorBefore(day + 1);
  if (s.rng.cursor !== cursor) return `state.rng.cursor must be ${cursor}, the cursor after state.day ${day}`;
  if (s.mult !== curve.multiplier(day)) return `state.mult must be ${curve.multiplier(day)} on day ${day}`;
  if (s.quotaRatio !== curve.quotaRatio(day)) return `state.quotaRatio must be ${curve.quotaRatio(day)} on day ${day}`;
  const expect: [string, unknown, unknown][] = [
    ['bandDwell', layout.bandDwell, curve.bandDwell(day)],
    ['dayLength', layout.dayLength, curve.dayLength(day)],
    ['shade', layout.shade, curve.shadeLength(day)],
    ['dogSpeed', layout.dogSpeed, curve.dogSpeed(day)],
    ['dogLoops', layout.dogLoops.length, curve.dogCount(day)],
    ['furniture', layout.furniture.length, curve.furnitureCount(day)],
    ['clouds', layout.clouds.length, curve.cloudCount(day)],
    ['lattice', layout.lattice === null, !curve.hasLattice(day)],
  ];
  for (const [field, got, want] of expect) if (got !== want) return `state.layout.${field} does not fit day ${day}`;
  if (s.cats.length !== curve.rosterSize(day)) return `state.cats must hold the ${curve.rosterSize(day)} cats of day ${day}`;
  if (s.bowls.length !== bowlsOfDay(day)) return `state.bowls must hold the ${bowlsOfDay(day)} bowls of day ${day}`;
  return null;
}

/** Phase, outcome and turn agree with each other and with the quota. */
function clockError(s: State): string | null {
  const atEnd = s.turn === s.layout.dayLength;
  if (s.turn > s.layout.dayLength) return `state.turn ${s.turn} is past the day length ${s.layout.dayLength}`;
  const met = s.dayCosyRaw >= s.dayQuota;
  switch (s.phase) {
    case 'day':
      if (s.outcome !== null) return 'state.outcome must be null while the day runs';
      return atEnd ? 'state.turn cannot be the day length while the day runs' : null;
    case 'sunset':
      if (s.outcome !== null) return 'state.outcome must be null at sunset';
      if (!atEnd) return 'sunset comes only after the last turn of the day (state.turn = dayLength)';
      return met ? null : 'sunset needs the quota met (state.dayCosyRaw >= state.dayQuota)';
    default:
      if (s.outcome === 'good_game') return atEnd ? 'a run ended mid day cannot be at the end of the day (state.turn)' : null;
      if (s.outcome === 'win') return atEnd && met ? null : 'a run ended at sunset must be at the end of a day with the quota met';
      if (s.outcome === 'quota_missed') return atEnd && !met ? null : 'a missed quota needs the last turn played and the quota unmet';
      return 'state.outcome must be set when the run is over';
  }
}

/** Score, raw cosy and chain within what the day and turn counters allow. */
function boundsError(s: State): string | null {
  const bonusToday = s.phase === 'sunset' || s.outcome === 'win' ? curve.dayBonus(s.day) : 0;
  const least = bonusesBefore(s.day) + bonusToday;
  const most = maxScoreBefore(s.day) + s.turn * maxTurnPoints(s.day) + bonusToday;
  if (s.score < least || s.score > most)
    return `state.score ${s.score} is outside ${least}..${most}, what days 1..${s.day - 1} and ${s.turn} turns of day ${s.day} can pay`;
  const raw = s.turn * maxTurnRaw(s.day);
  if (s.dayCosyRaw > raw) return `state.dayCosyRaw ${s.dayCosyRaw} is more than ${s.turn} turns of day ${s.day} can earn (${raw})`;
  // The chain as today's resolved serves leave it: exact after a serve nobody covered, else at least today's bowls.
  let eaten = 0;
  let sinceMiss = -1;
  for (let i = 0; i < s.bowls.length; ) {
    const t = s.bowls[i]!.serveTurn;
    let covered = 0;
    for (; i < s.bowls.length && s.bowls[i]!.serveTurn === t; i++) if (s.bowls[i]!.status === 'eaten') covered++;
    if (t >= s.turn) continue;
    eaten += covered;
    if (covered === 0) sinceMiss = 0;
    else if (sinceMiss >= 0) sinceMiss += covered;
  }
  if (sinceMiss >= 0) {
    const want = Math.min(sinceMiss, CHAIN_CAP);
    return s.chain === want ? null : `state.chain must be ${want}: today's serves since the last uncovered one fed ${sinceMiss}`;
  }
  const low = Math.min(eaten, CHAIN_CAP);
  const high = Math.min(bowlsBefore(s.day) + eaten, CHAIN_CAP);
  return s.chain < low || s.chain > high ? `state.chain ${s.chain} is outside ${low}..${high} (bowls eaten so far)` : null;
}

/** Cats: ids and ranges, settled within the clock, distinct tiles off the furniture, one move per turn. */
function catsError(s: State): string | null {
  const tiles = new Set<number>();
  const settledOfMoved = new Set<number>();
  const noDogs = s.layout.dogLoops.length === 0;
  for (let i = 0; i < s.cats.length; i++) {
    const name = `state.cats[${i}]`;
    const c = s.cats[i]!;
    if (c.id !== i) return `${name}.id must be ${i}`;
    if (c.range !== curve.catRange(i)) return `${name}.range must be ${curve.catRange(i)}`;
    if (c.settled > s.turn) return `${name}.settled ${c.settled} is more than the turns played today (state.turn ${s.turn})`;
    const under = s.layout.furniture.indexOf(c.tile);
    if (under >= 0) return `${name}.tile is furniture (state.layout.furniture[${under}])`;
    if (tiles.has(c.tile)) return `${name}.tile is taken by another cat`;
    tiles.add(c.tile);
    // A cat that moved on turn m has settled turn - 1 - m, and one cat moves per turn: without dogs (which can
    // reset several cats at once) two cats that moved today never share a settled.
    if (noDogs && c.settled < s.turn) {
      if (settledOfMoved.has(c.settled))
        return `${name}.settled ${c.settled} is shared with another cat: only one cat moves per turn (state.turn ${s.turn}, no dog today)`;
      settledOfMoved.add(c.settled);
    }
  }
  return null;
}

/** Bowl statuses against the clock: waiting until its serve resolves, then eaten or missed. */
function bowlsError(s: State): string | null {
  for (let i = 0; i < s.bowls.length; i++) {
    const b = s.bowls[i]!;
    const waiting = b.serveTurn >= s.turn;
    if (waiting !== (b.status === 'waiting'))
      return `state.bowls[${i}].status must be ${waiting ? 'waiting before its serve' : 'eaten or missed once state.turn passes its serveTurn'}`;
  }
  return null;
}

/** The day's room regenerated from (seed, day) and compared: layout, schedule, big cat, unmoved cats, dayPar. */
function roomError(s: State): string | null {
  const { fresh } = planDay(s.rng.seed, s.day);
  const of = `day ${s.day} of state.rng.seed ${s.rng.seed}`;
  const e = layoutError(s.layout, fresh.layout, of);
  if (e) return e;
  for (let i = 0; i < s.bowls.length; i++) {
    const want = fresh.bowls[i]!;
    if (s.bowls[i]!.mat !== want.mat) return `state.bowls[${i}].mat must be ${want.mat}, the published schedule of ${of}`;
    if (s.bowls[i]!.serveTurn !== want.serveTurn)
      return `state.bowls[${i}].serveTurn must be ${want.serveTurn}, the published schedule of ${of}`;
  }
  for (let i = 0; i < s.cats.length; i++) {
    const c = s.cats[i]!;
    const start = fresh.cats[i]!;
    if (c.big !== start.big) return `state.cats[${i}].big must be ${start.big} on ${of}`;
    // settled = turn: this cat has not moved today (a move or a dog would have set it back), so it is where it began.
    if (c.settled === s.turn && c.tile !== start.tile)
      return `state.cats[${i}].tile must be its start tile ${start.tile}: it has not moved today (settled = state.turn)`;
  }
  if (s.dayPar !== fresh.dayPar) return `state.dayPar must be ${fresh.dayPar}, the reference policy's raw cosy on ${of}`;
  if (s.dayQuota !== fresh.dayQuota) return `state.dayQuota must be ceil(dayPar * quotaRatio / 10000) = ${fresh.dayQuota}`;
  return null;
}

function layoutError(got: PublicState['layout'], want: PublicState['layout'], of: string): string | null {
  if (got.window !== want.window) return `state.layout.window must be ${want.window} on ${of}`;
  if (got.hearth !== want.hearth) return `state.layout.hearth must be ${want.hearth} on ${of}`;
  if (got.lattice !== want.lattice) return `state.layout.lattice must be ${want.lattice} on ${of}`;
  const lists: [string, readonly number[], readonly number[]][] = [
    ['furniture', got.furniture, want.furniture],
    ['clouds', got.clouds, want.clouds],
  ];
  for (let d = 0; d < want.dogLoops.length; d++) lists.push([`dogLoops[${d}]`, got.dogLoops[d]!, want.dogLoops[d]!]);
  for (const [field, a, b] of lists) {
    if (a.length !== b.length) return `state.layout.${field} must hold ${b.length} entries on ${of}`;
    for (let k = 0; k < b.length; k++) if (a[k] !== b[k]) return `state.layout.${field}[${k}] must be ${b[k]} on ${of}`;
  }
  return null;
}

/** Shape only (the grammar, compiled); extra fields are refused, as the grammar's additionalProperties: false says. */
export function parseAction(value: unknown): Parsed<Action> {
  if (!ActionCheck.Check(value)) return { ok: false, message: actionError(value) };
  return { ok: true, value };
}

function actionError(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'an action is a JSON object with a "type"';
  const type = (value as { type?: unknown }).type;
  // A MOVE that fails the grammar fails MoveShape (one branch of the union, extra fields refused too): name its field.
  if (type === 'MOVE') return shapeError('MOVE', MoveCheck, value);
  if (['REST', 'DOZE', 'NEXT_DAY', 'END_RUN'].includes(type as string)) return `${type as string} takes no field but type`;
  return 'action.type must be one of MOVE, REST, DOZE, NEXT_DAY, END_RUN';
}
