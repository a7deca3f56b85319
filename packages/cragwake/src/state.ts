// Cragwake's state (its shape is declared once in shapes/state.ts), the geometry derived from it, and cloning.
import type { Parsed } from '@hearth/engine';

import type { Cell, CragState, Hold, Ice, Kind, Row } from './shapes/state.ts';

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

/**
 * Holds are values: the rules never change one in place, they put another in its cell (holdOf), so a clone shares
 * them. Every hold the rules and the generator make is one of these 144 frozen objects (keys in canonical order: the
 * server signs the native JSON), which also keeps a whole band's holds in a few cache lines for the tensor encoder.
 * A parsed state's holds are its own objects; they are never changed either.
 */
const HOLDS: readonly Hold[] = (['jug', 'plain', 'crimp'] as const).flatMap((kind) =>
  [0, 1, 2, 3].flatMap((breaths) =>
    [0, 1, 2, 3].flatMap((cracks) => (['dry', 'frosting', 'icy'] as const).map((ice) => Object.freeze({ breaths, cracks, ice, kind }))),
  ),
);

/** The hold with these fields (breaths and cracks 0..3, the state's bounds): a shared frozen value. */
export const holdOf = (kind: Kind, breaths: number, cracks: number, ice: Ice): Hold =>
  // Comparisons, not a keyed lookup: the generator calls this for every cell it makes (measured in the simulator).
  HOLDS[(kind === 'jug' ? 0 : kind === 'plain' ? 48 : 96) + breaths * 12 + cracks * 3 + (ice === 'dry' ? 0 : ice === 'frosting' ? 1 : 2)]!;

export function cloneState(s: CragState): CragState {
  const band: Row[] = [];
  for (const r of s.band) band.push({ cells: r.cells.slice(), fogged: r.fogged, overhang: r.overhang, row: r.row });
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
