// Sunloaf's state: plain JSON, the whole game. `rng` is the random cursor, hidden from players by the
// stateToken; publicState() is everything else.

import type { Action } from './shapes/action.ts';
import type { Bowl, Cat, Layout, PublicState, State } from './shapes/state.ts';

// The types come from the one TypeBox declaration of each shape (src/shapes/).
export type { Action } from './shapes/action.ts';
export type { Bowl, Cat, Layout, PublicState, State } from './shapes/state.ts';
export type Wall = Layout['window'];
export type Phase = PublicState['phase'];
export type Outcome = NonNullable<PublicState['outcome']>;
export type BowlStatus = Bowl['status'];
export type Rng = State['rng'];
export type MoveAction = Extract<Action, { type: 'MOVE' }>;
export type { Cat as CatState };

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
