// Cragwake's state (its shape is declared once in shapes/state.ts), the geometry derived from it, and cloning.
import type { Parsed } from '@hearth/engine';

import type { Cell, CragState, Row } from './shapes/state.ts';

export { COLUMNS, PITCH_ROWS } from '../assembly/constants.ts';
export type { Cell, CragState, Ending, Hold, Ice, Kind, Phase, Row } from './shapes/state.ts';

import { PITCH_ROWS } from '../assembly/constants.ts';

export const BAND_ROWS = 10;

export const isLedgeRow = (row: number): boolean => row % PITCH_ROWS === 0;
/** The lowest row of the band: three below the high point, never below row 0. */
export const bandBottom = (highPoint: number): number => Math.max(0, highPoint - 3);
/** The next belay not yet completed: the top of the pitch being climbed. */
export const nextBelay = (s: { pitch: number }): number => PITCH_ROWS * s.pitch;
/** The ledge the current pitch started from. */
export const pitchLedge = (s: { pitch: number }): number => PITCH_ROWS * (s.pitch - 1);
/** The lowest row a move may target: the band's bottom row or the pitch's starting ledge, whichever is higher. */
export const floorRow = (s: { pitch: number; highPoint: number }): number => Math.max(bandBottom(s.highPoint), pitchLedge(s));

export function holdAt(s: CragState, row: number, col: number): Cell {
  const r = s.band[row - (s.band[0] as Row).row];
  return r ? (r.cells[col] ?? null) : null;
}

export function rowAt(s: CragState, row: number): Row | undefined {
  return s.band[row - (s.band[0] as Row).row];
}

export function cloneState(s: CragState): CragState {
  const band: Row[] = [];
  for (const r of s.band) {
    const cells: Cell[] = [];
    for (const c of r.cells) cells.push(c === null ? null : { breaths: c.breaths, cracks: c.cracks, ice: c.ice, kind: c.kind });
    band.push({ cells, fogged: r.fogged, overhang: r.overhang, row: r.row });
  }
  // Keys in canonical (sorted) order, here and wherever a state is built: the server signs the native JSON.
  return {
    band,
    cleanStreak: s.cleanStreak,
    col: s.col,
    ending: s.ending,
    gusts: { next: s.gusts.next.slice(), now: s.gusts.now.slice() },
    highPoint: s.highPoint,
    phase: s.phase,
    pitch: s.pitch,
    pitchDipped: s.pitchDipped,
    rockfall: { next: s.rockfall.next, now: s.rockfall.now },
    row: s.row,
    score: s.score,
    seed: s.seed,
    spindrift: s.spindrift,
    stamina: s.stamina,
    tank: s.tank,
    turn: s.turn,
  };
}

export type ParseState = (value: unknown) => Parsed<CragState>;
