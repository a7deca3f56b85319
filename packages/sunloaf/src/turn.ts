// @ts-nocheck
// One turn of a running day, in the documented order: move, settled, dogs, warmth, bowls, clock.

import type { StepEvent } from '@hearth/engine';
import { dayBonus } from './curves.ts';
import { bandLine, colOf, dogReaches, isCloudy, rowOf, warmthCap } from './geometry.ts';
import {
  CHAIN_CAP as CHAIN_CAP_,
  COUNTDOWN as COUNTDOWN_,
  DOZE_MAX as DOZE_MAX_,
  PILE_CAP as PILE_CAP_,
  PURR as PURR_,
  type PublicState,
  SIZE as SIZE_,
} from './state.ts';

// Local copies of the shared constants: hot loops read them without a module-binding lookup.
const CHAIN_CAP = CHAIN_CAP_;
const COUNTDOWN = COUNTDOWN_;
const DOZE_MAX = DOZE_MAX_;
const PILE_CAP = PILE_CAP_;
const PURR = PURR_;
const SIZE = SIZE_;

/** Raw cosy of one cat: floor(10 * purr[tier] * (4 + pile) / 4). */
export const cosy = (tier: number, pile: number): number => Math.floor((10 * PURR[tier]! * (4 + pile)) / 4);

/** Raw cosy becomes score at the day multiplier; each award rounds on its own (JavaScript Math.round). */
export const award = (raw: number, mult: number): number => Math.round((raw * mult) / 100);

/** Pile: orthogonal neighbours with settled >= 1, a big cat counting 2, capped at 6. Light is not needed. */
export function pileOf(state: PublicState, catIndex: number): number {
  const me = state.cats[catIndex]!;
  let pile = 0;
  // The cat itself is at distance 0 from its own tile, never 1: the neighbour test leaves it out.
  for (let j = 0; j < state.cats.length; j++) {
    const other = state.cats[j]!;
    if (other.settled < 1) continue;
    const dr = Math.abs(rowOf(other.tile) - rowOf(me.tile));
    const dc = Math.abs(colOf(other.tile) - colOf(me.tile));
    if (dr + dc === 1) pile += other.big ? 2 : 1;
  }
  return Math.min(pile, PILE_CAP);
}

/**
 * What the turns resolved with an event list did (the step report's events; the hot paths pass none), in the order
 * it happened, per turn: `turn` {turn}; `dog` {cats} (the cats whose nap a dog cut short); `settle` {cat, tile}
 * (a cat that has just stayed a turn); `cloud`; `purr` {cat,
 * tile, points, pilePoints} per cat that earned; `bowl` {tile, chain, points} or `bowl_missed` {tile}, then
 * `chain_reset` {from}; `band` {line} when the band slides onto a new line for the next turn; at the end of the day
 * `day_end` {points} (sunset, the day bonus) or `quota_missed`.
 */
/**
 * Resolves turn state.turn with `moved` = the cat that moved (already relocated) or -1.
 * 1. settled: the moved cat 0, every other cat +1; 2. any cat on or next to a dog: settled 0;
 * 3. warmth for each cat in id order (settled and pile after steps 1-2); 4. bowls serving this turn;
 * 5. the clock: turn + 1, and after the last turn the quota decides sunset (bonus paid) or the end of the run.
 */
export function resolveTurn(state: PublicState, moved: number, events?: StepEvent[]): void {
  const { layout, cats } = state;
  const t = state.turn;
  events?.push({ kind: 'turn', turn: t });
  for (let i = 0; i < cats.length; i++) {
    const cat = cats[i]!;
    cat.settled = i === moved ? 0 : cat.settled + 1;
  }
  // woken is an array only when events is given (the step report's dog event); dogReaches is false with no dog loop.
  const woken: number[] | undefined = events ? [] : undefined;
  for (const cat of cats)
    if (dogReaches(layout, cat.tile, t)) {
      if (woken && cat.settled > 0) woken.push(cat.id);
      cat.settled = 0;
    }
  if (woken && woken.length > 0) events.push({ kind: 'dog', cats: woken });
  if (events) for (const cat of cats) if (cat.settled === 1) events.push({ kind: 'settle', cat: cat.id, tile: cat.tile });
  if (events && isCloudy(layout, t)) events.push({ kind: 'cloud' });
  for (let i = 0; i < cats.length; i++) {
    const cat = cats[i]!;
    if (cat.settled < 1) continue;
    const cap = warmthCap(layout, cat.tile, t);
    if (cap === 0) continue;
    const raw = cosy(Math.min(cat.settled, cap), pileOf(state, i));
    const points = award(raw, state.mult);
    state.dayCosyRaw += raw;
    state.score += points;
    // raw >= 10 here (settled >= 1 and a cap of 3 or 6 give tier >= 1). pilePoints: the part the neighbours' pile
    // added (score units), this award less the same nap's with no pile.
    if (events)
      events.push({
        kind: 'purr',
        cat: cat.id,
        tile: cat.tile,
        points,
        pilePoints: points - award(cosy(Math.min(cat.settled, cap), 0), state.mult),
      });
  }
  serveBowls(state, t, events);
  state.turn = t + 1;
  if (state.turn === layout.dayLength) {
    if (state.dayCosyRaw >= state.dayQuota) {
      state.phase = 'sunset';
      state.score += dayBonus(state.day);
      events?.push({ kind: 'day_end', points: dayBonus(state.day) });
    } else {
      state.phase = 'over';
      state.outcome = 'quota_missed';
      events?.push({ kind: 'quota_missed' });
    }
  } else if (events && bandLine(layout, t + 1) !== bandLine(layout, t)) events.push({ kind: 'band', line: bandLine(layout, t + 1) });
}

/**
 * Every bowl of the serve at turn t: a covered bowl is eaten, the chain rises by one (cap 8) and then pays
 * 30 * chain raw. The chain returns to 0 only when the serve finds no cat on any of its mats.
 */
function serveBowls(state: PublicState, t: number, events?: StepEvent[]): void {
  let served = false;
  let covered = false;
  for (const bowl of state.bowls) {
    if (bowl.serveTurn !== t) continue;
    served = true;
    if (state.cats.some((c) => c.tile === bowl.mat)) {
      covered = true;
      bowl.status = 'eaten';
      state.chain = Math.min(state.chain + 1, CHAIN_CAP);
      const raw = 30 * state.chain;
      const points = award(raw, state.mult);
      state.dayCosyRaw += raw;
      state.score += points;
      events?.push({ kind: 'bowl', tile: bowl.mat, chain: state.chain, points });
    } else {
      bowl.status = 'missed';
      events?.push({ kind: 'bowl_missed', tile: bowl.mat });
    }
  }
  if (served && !covered) {
    if (events && state.chain > 0) events.push({ kind: 'chain_reset', from: state.chain });
    state.chain = 0;
  }
}

/** Relocates a cat (legality already checked) and resolves the turn. */
export function moveCat(state: PublicState, cat: number, tile: number, events?: StepEvent[]): void {
  state.cats[cat]!.tile = tile;
  resolveTurn(state, cat, events);
}

export const rest = (state: PublicState, events?: StepEvent[]): void => resolveTurn(state, -1, events);

export type DozeStop = 'serve' | 'countdown' | 'dog' | 'light' | 'cloud';

/**
 * Why DOZE stops after the turn it just resolved (t = state.turn - 1), looking at the next turn n = state.turn,
 * or null to go on. Tests in this order: a bowl served on t; a bowl's countdown starts on n (serveTurn = n + 3);
 * a dog on or next to a cat on n; a cat whose earning cap on its tile is lower on n than on t; clouds differ on t and n.
 */
export function dozeStop(state: PublicState): DozeStop | null {
  const { layout } = state;
  const n = state.turn;
  const t = n - 1;
  for (const b of state.bowls) if (b.serveTurn === t) return 'serve';
  for (const b of state.bowls) if (b.serveTurn === n + COUNTDOWN) return 'countdown';
  for (const c of state.cats) if (dogReaches(layout, c.tile, n)) return 'dog';
  // "a lit cat is about to fall out of the light": any cat whose earning cap drops on its tile (lit 6 -> 0, the
  // sunlit hearth 6 -> 3 as the band leaves it, the warm hearth 3 -> 0).
  for (const c of state.cats) if (warmthCap(layout, c.tile, n) < warmthCap(layout, c.tile, t)) return 'light';
  if (isCloudy(layout, t) !== isCloudy(layout, n)) return 'cloud';
  return null;
}

/** DOZE: REST, then again while the day runs, fewer than 4 turns were spent and no stop test fires. Returns turns spent. */
export function doze(state: PublicState, events?: StepEvent[]): number {
  let spent = 0;
  for (;;) {
    rest(state, events);
    spent++;
    if (spent >= DOZE_MAX || state.phase !== 'day' || dozeStop(state) !== null) return spent;
  }
}

/** Whether the path from a cat to `tile` is a legal MOVE; returns a refusal reason or null. */
export function moveRefusal(state: PublicState, cat: number, tile: number): string | null {
  const c = state.cats[cat];
  if (!c) return 'cat_not_on_roster';
  if (tile === c.tile) return 'not_a_move';
  const r0 = rowOf(c.tile);
  const c0 = colOf(c.tile);
  const r1 = rowOf(tile);
  const c1 = colOf(tile);
  if (r0 !== r1 && c0 !== c1) return 'not_in_line';
  const distance = Math.abs(r1 - r0) + Math.abs(c1 - c0);
  if (distance > c.range) return 'out_of_range';
  const step = r0 === r1 ? Math.sign(c1 - c0) : Math.sign(r1 - r0) * SIZE;
  for (let k = 1, at = c.tile + step; k <= distance; k++, at += step) {
    if (state.layout.furniture.includes(at)) return k === distance ? 'tile_is_furniture' : 'path_blocked';
    if (state.cats.some((o) => o.tile === at)) return k === distance ? 'tile_occupied' : 'path_blocked';
  }
  return null;
}

/** Every legal MOVE destination of one cat, in tile order. */
export function moveTargets(state: PublicState, cat: number): number[] {
  const c = state.cats[cat]!;
  const out: number[] = [];
  const r0 = rowOf(c.tile);
  const c0 = colOf(c.tile);
  const dirs: ReadonlyArray<readonly [number, number]> = [
    [-1, 0],
    [0, -1],
    [0, 1],
    [1, 0],
  ];
  for (const [dr, dc] of dirs) {
    for (let k = 1; k <= c.range; k++) {
      const r = r0 + dr * k;
      const col = c0 + dc * k;
      if (r < 0 || r >= SIZE || col < 0 || col >= SIZE) break;
      const at = r * SIZE + col;
      if (state.layout.furniture.includes(at) || state.cats.some((o) => o.tile === at)) break;
      out.push(at);
    }
  }
  return out.sort((a, b) => a - b);
}
