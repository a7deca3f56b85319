// The player's view: the counters, both multipliers, and a plain-text picture of the 7x10 board.
import { blocksPulse, KIND_CODE } from './board.ts';
import { COLUMNS_PER_REACH } from './schedule.ts';
import { chainMultiplier, reachMultiplier } from './scoring.ts';
import type { Observation } from './shapes/observation.ts';
import { type Entity, MAX_CHARGE, MAX_HULL, PULSE_COST, type StormlarkState } from './state.ts';

export type { Observation } from './shapes/observation.ts';

export const LEGEND: Record<string, string> = {
  '>': 'your craft (always column 0)',
  '.': 'empty',
  '#': 'crag: indestructible basalt, absorbs pulses, 1 hull on contact',
  o: 'knot: 1 hit',
  '^': 'drifter moving toward lane 0 (up): 1 hit',
  v: 'drifter moving toward lane 6 (down): 1 hit',
  R: 'rimeshell, intact: 2 hits',
  r: 'rimeshell, cracked: 1 hit left',
  S: 'sparker: 1 hit; discharges along its lane from column 1',
  W: 'warden: up to 4 hits (see wardens), steps toward your lane every second step',
  '~': 'squall: absorbs pulses, no hull damage, drains 3 charge',
  '*': 'mote: +3 charge when collected',
  '|': 'Gate marker (the Gate column)',
};

function glyph(e: Entity): string {
  switch (e.kind) {
    case 'crag':
      return '#';
    case 'knot':
      return 'o';
    case 'drifter':
      return e.drift < 0 ? '^' : 'v';
    case 'rimeshell':
      return e.hp >= 2 ? 'R' : 'r';
    case 'sparker':
      return 'S';
    case 'warden':
      return 'W';
    case 'squall':
      return '~';
    case 'mote':
      return '*';
    default:
      return '|';
  }
}

// One scratch row of char codes, reused: a row is one String.fromCharCode of ten codes (a third of the cost of
// joining arrays of one-character strings; the view and the brief draw the board on every step).
const cells = new Uint16Array(70);
const DOT = 46; // '.'
const CRAFT = 62; // '>'

/** The board as 7 strings of 10 glyphs, lane 0 first, the craft drawn in column 0. */
export function boardRows(s: StormlarkState): string[] {
  cells.fill(DOT);
  for (const e of s.entities) cells[e.lane * 10 + e.col] = glyph(e).charCodeAt(0);
  cells[s.shipLane * 10] = CRAFT;
  const rows: string[] = [];
  const c = cells;
  for (let at = 0; at < 70; at += 10) {
    rows.push(
      String.fromCharCode(
        c[at]!,
        c[at + 1]!,
        c[at + 2]!,
        c[at + 3]!,
        c[at + 4]!,
        c[at + 5]!,
        c[at + 6]!,
        c[at + 7]!,
        c[at + 8]!,
        c[at + 9]!,
      ),
    );
  }
  return rows;
}

/** What the board holds that a view reads: every entity (ids kept; left empty with `copyEntities` false), the
 * wardens, the sparkers about to discharge, what a pulse would meet first, and the Gate's column. One pass. */
export function boardFacts(
  s: StormlarkState,
  copyEntities = true,
): Pick<Observation, 'wardens' | 'entities' | 'sparkLanes' | 'pulseTarget' | 'gateCol'> {
  const wardens: Observation['wardens'] = [];
  const entities: Entity[] = [];
  const sparkLanes: number[] = [];
  let pulseTarget: Observation['pulseTarget'] = null;
  let gateCol: number | null = null;
  for (const e of s.entities) {
    if (copyEntities) entities.push({ id: e.id, kind: e.kind, lane: e.lane, col: e.col, hp: e.hp, drift: e.drift });
    if (e.kind === 'warden') wardens.push({ lane: e.lane, col: e.col, hp: e.hp });
    if (e.kind === 'sparker' && e.col === 1) sparkLanes.push(e.lane);
    if (e.kind === 'gate') gateCol = e.col;
    // entities are in board order, so the first blocker met in the craft's lane is the nearest
    if (pulseTarget === null && e.lane === s.shipLane && e.col >= 1 && blocksPulse(KIND_CODE[e.kind]))
      pulseTarget = { kind: e.kind, lane: e.lane, col: e.col, hp: e.hp };
  }
  return { wardens, entities, sparkLanes, pulseTarget, gateCol };
}

/** Scrolling turns flown in the current reach (21 at its Gate). */
export const columnInReachOf = (s: StormlarkState): number => s.column - 9 - COLUMNS_PER_REACH * (s.reach - 1);

/** The observation of a state; `unavailable` lists each action the rules refuse now, with their refusal. */
export function observe(s: StormlarkState, unavailable: Observation['unavailable']): Observation {
  const { wardens, entities, sparkLanes, pulseTarget, gateCol } = boardFacts(s);
  const cm = chainMultiplier(s.chain);
  const rm = reachMultiplier(s.reach);
  const columnInReach = columnInReachOf(s);
  const lines = [
    `Stormlark  reach ${s.reach} (x${rm.toFixed(2)})  hull ${s.hull}/3  charge ${s.charge}/9  chain ${s.chain} (x${cm.toFixed(1)})  score ${s.score}  ${s.phase}`,
    '     0123456789',
    ...boardRows(s).map((row, lane) => `  ${lane}  ${row}`),
  ];
  if (wardens.length > 0) lines.push(`  wardens: ${wardens.map((w) => `lane ${w.lane} col ${w.col} hp ${w.hp}`).join('; ')}`);
  if (s.phase === 'reachClear') lines.push('  At the Gate: NEXT_REACH flies on (+1 hull, charge 9), END_RUN keeps the score.');
  return {
    text: lines.join('\n'),
    phase: s.phase,
    reach: s.reach,
    hull: s.hull,
    charge: s.charge,
    chain: s.chain,
    chainMultiplier: cm,
    reachMultiplier: rm,
    shipLane: s.shipLane,
    score: s.score,
    turn: s.turn,
    columnInReach,
    wardens,
    entities,
    maxHull: MAX_HULL,
    maxCharge: MAX_CHARGE,
    pulseCost: PULSE_COST,
    flawless: !s.hullLost,
    pulseTarget,
    sparkLanes,
    gateCol,
    gateIn: s.phase === 'flying' ? COLUMNS_PER_REACH - columnInReach : 0,
    unavailable,
  };
}
