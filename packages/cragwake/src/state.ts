// Cragwake's state as it travels on the wire, the geometry derived from it, and parseState.
import type { Parsed } from '@hearth/engine';

export type Kind = 'jug' | 'plain' | 'crimp';
export type Ice = 'dry' | 'frosting' | 'icy';
export type Phase = 'climbing' | 'atLedge' | 'over';
/** Why the run ended: stamina reached 0, no move (step or lunge) was legal after a turn, or endRun at a ledge. */
export type Ending = 'exhausted' | 'noMove' | 'ended';

/** A hold. `breaths` is only ever non-zero on a jug; `cracks` 0 means solid. */
export interface Hold {
  kind: Kind;
  breaths: number;
  cracks: number;
  ice: Ice;
}
/** null is bare rock (and every cell of a fogged row). */
export type Cell = Hold | null;

export interface Row {
  /** Absolute row number, counting upward from 0. */
  row: number;
  overhang: boolean;
  /** Above the foresight: cells blank (null), overhang false. */
  fogged: boolean;
  /** Columns 0..5. */
  cells: Cell[];
}

export interface CragState {
  seed: number;
  /** Completed wall turns (a pitch-completing move, climbOn and endRun do not advance it). */
  turn: number;
  phase: Phase;
  /** Why the run ended (null while it goes on). */
  ending: Ending | null;
  row: number;
  col: number;
  stamina: number;
  /** The tank of the pitch being climbed: what a completed pitch refilled to, and the cap on breathing. */
  tank: number;
  /** The pitch being climbed (1-based): its belay is row 10 * pitch. */
  pitch: number;
  highPoint: number;
  score: number;
  cleanStreak: number;
  /** Whether stamina has been 3 or below during the pitch being climbed. */
  pitchDipped: boolean;
  spindrift: number;
  /** Exactly 10 consecutive rows, lowest first, starting at max(0, highPoint - 3). */
  band: Row[];
  /** Gusting columns (ascending) this turn and next turn. */
  gusts: { now: number[]; next: number[] };
  /** The column swept at the end of this turn and of the next one, or null. */
  rockfall: { now: number | null; next: number | null };
}

export const STATE_KEYS = [
  'seed',
  'turn',
  'phase',
  'ending',
  'row',
  'col',
  'stamina',
  'tank',
  'pitch',
  'highPoint',
  'score',
  'cleanStreak',
  'pitchDipped',
  'spindrift',
  'band',
  'gusts',
  'rockfall',
] as const;

export const COLUMNS = 6;
export const BAND_ROWS = 10;
export const PITCH_ROWS = 10;

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
    for (const c of r.cells) cells.push(c === null ? null : { kind: c.kind, breaths: c.breaths, cracks: c.cracks, ice: c.ice });
    band.push({ row: r.row, overhang: r.overhang, fogged: r.fogged, cells });
  }
  return {
    seed: s.seed,
    turn: s.turn,
    phase: s.phase,
    ending: s.ending,
    row: s.row,
    col: s.col,
    stamina: s.stamina,
    tank: s.tank,
    pitch: s.pitch,
    highPoint: s.highPoint,
    score: s.score,
    cleanStreak: s.cleanStreak,
    pitchDipped: s.pitchDipped,
    spindrift: s.spindrift,
    band,
    gusts: { now: s.gusts.now.slice(), next: s.gusts.next.slice() },
    rockfall: { now: s.rockfall.now, next: s.rockfall.next },
  };
}

export type ParseState = (value: unknown) => Parsed<CragState>;
