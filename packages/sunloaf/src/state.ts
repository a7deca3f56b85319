// Sunloaf's state: plain JSON, the whole game. `rng` is the random cursor, hidden from players by the
// stateToken; publicState() is everything else.

export type Wall = 'N' | 'E' | 'S' | 'W';
export type Phase = 'day' | 'sunset' | 'over';
export type Outcome = 'win' | 'good_game' | 'quota_missed';
export type BowlStatus = 'waiting' | 'eaten' | 'missed';

export interface Cat {
  id: number;
  tile: number;
  /** Consecutive turns this cat has ended without moving (and without a dog reaching it). */
  settled: number;
  range: number;
  /** A big cat counts 2 in its neighbours' pile. Exactly one cat of the roster is big. */
  big: boolean;
}

export interface Bowl {
  mat: number;
  /** 0-based turn of the day whose resolution serves this bowl (the same count as state.turn). */
  serveTurn: number;
  status: BowlStatus;
}

export interface Layout {
  window: Wall;
  bandDwell: number;
  dayLength: number;
  shade: number;
  furniture: number[];
  hearth: number;
  /** 0-based turns of the day on which the sky is clouded. */
  clouds: number[];
  /** From day 16: a tile can be lit only when (row + column) % 2 equals this; null before. */
  lattice: 0 | 1 | null;
  dogLoops: number[][];
  dogSpeed: number;
}

export interface Rng {
  seed: number;
  /** Index of the next draw on the day stream; advances only when a new day is generated. */
  cursor: number;
}

export interface PublicState {
  day: number;
  /** Turns resolved today, 0..dayLength; the turn being played is turn number `turn` (0-based). */
  turn: number;
  phase: Phase;
  outcome: Outcome | null;
  score: number;
  mult: number;
  quotaRatio: number;
  dayPar: number;
  dayQuota: number;
  dayCosyRaw: number;
  chain: number;
  layout: Layout;
  bowls: Bowl[];
  cats: Cat[];
}

export interface State extends PublicState {
  rng: Rng;
}

export type Action =
  | { type: 'MOVE'; cat: number; tile: number }
  | { type: 'REST' }
  | { type: 'DOZE' }
  | { type: 'NEXT_DAY' }
  | { type: 'END_RUN' };

export const SIZE = 7;
export const TILES = 49;
export const PURR = [0, 1, 2, 3, 5, 7, 10] as const;
export const RANGES = [3, 2, 4, 3, 2] as const;
export const TIER_CAP = 6;
export const HEARTH_CAP = 3;
export const PILE_CAP = 6;
export const CHAIN_CAP = 8;
export const DOZE_MAX = 4;
export const COUNTDOWN = 3;
export const WALLS: readonly Wall[] = ['N', 'E', 'S', 'W'];

export function cloneState(s: State): State {
  return { ...clonePublic(s), rng: { ...s.rng } };
}

export function clonePublic(s: PublicState): PublicState {
  return {
    day: s.day,
    turn: s.turn,
    phase: s.phase,
    outcome: s.outcome,
    score: s.score,
    mult: s.mult,
    quotaRatio: s.quotaRatio,
    dayPar: s.dayPar,
    dayQuota: s.dayQuota,
    dayCosyRaw: s.dayCosyRaw,
    chain: s.chain,
    layout: {
      ...s.layout,
      furniture: s.layout.furniture.slice(),
      clouds: s.layout.clouds.slice(),
      dogLoops: s.layout.dogLoops.map((l) => l.slice()),
    },
    bowls: s.bowls.map((b) => ({ ...b })),
    cats: s.cats.map((c) => ({ ...c })),
  };
}

/** The readable state sent beside the token: everything but the random cursor. */
export function publicState(s: State): PublicState {
  return clonePublic(s);
}
