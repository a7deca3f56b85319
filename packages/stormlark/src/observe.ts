// The player's view: the counters, both multipliers, and a plain-text picture of the 7x10 board.
import type { Observation as BaseObservation } from '@hearth/engine';
import { chainMultiplier, reachMultiplier } from './scoring.ts';
import type { Entity, Phase, StormlarkState } from './state.ts';

export interface Observation extends BaseObservation {
  phase: Phase;
  reach: number;
  hull: number;
  charge: number;
  chain: number;
  chainMultiplier: number;
  reachMultiplier: number;
  shipLane: number;
  score: number;
  turn: number;
  /** Columns drawn so far in the current reach's pipeline position: 0..21 scrolling turns into this reach. */
  columnInReach: number;
  /** Wardens with their remaining hits (the picture cannot show hp). */
  wardens: { lane: number; col: number; hp: number }[];
}

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

export function observe(s: StormlarkState): Observation {
  const grid: string[][] = [];
  for (let lane = 0; lane < 7; lane++) grid.push(['.', '.', '.', '.', '.', '.', '.', '.', '.', '.']);
  const wardens: Observation['wardens'] = [];
  for (const e of s.entities) {
    grid[e.lane]![e.col] = glyph(e);
    if (e.kind === 'warden') wardens.push({ lane: e.lane, col: e.col, hp: e.hp });
  }
  grid[s.shipLane]![0] = '>';
  const cm = chainMultiplier(s.chain);
  const rm = reachMultiplier(s.reach);
  const columnInReach = s.column - 9 - 21 * (s.reach - 1);
  const lines = [
    `Stormlark  reach ${s.reach} (x${rm.toFixed(2)})  hull ${s.hull}/3  charge ${s.charge}/9  chain ${s.chain} (x${cm.toFixed(1)})  score ${s.score}  ${s.phase}`,
    '     0123456789',
    ...grid.map((row, lane) => `  ${lane}  ${row.join('')}`),
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
  };
}
