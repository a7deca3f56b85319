// Opening a day: generate the room from the random cursor, let the reference policy play it once from the
// fresh position (chain 0, no quota) to get dayPar, and set the quota from it.
import { canonicalJson } from '@hearth/engine';
import * as curve from './curves.ts';
import { type GeneratedDay, generateDay } from './generator.ts';
import { planTurn, tablesFor } from './planner.ts';
import { cursorBefore } from './reachable.ts';
import { clonePublic, type PublicState, type State } from './state.ts';
import { moveCat, rest } from './turn.ts';

/** The reference policy's raw cosy (bowls included) over the whole day, from this fresh day position. */
export function dayParOf(fresh: PublicState): number {
  const sim = clonePublic(fresh);
  // The layout never changes during a day: share it, so the policy's per-day tables are computed once.
  sim.layout = fresh.layout;
  sim.chain = 0;
  sim.dayQuota = 0;
  sim.dayCosyRaw = 0;
  const tables = tablesFor(sim.layout);
  while (sim.phase === 'day') {
    const a = planTurn(sim, tables);
    if (a.type === 'MOVE') moveCat(sim, a.cat, a.tile);
    else rest(sim);
  }
  return sim.dayCosyRaw;
}

export interface DayPlan {
  /** The day exactly as generated (cats at their start tiles, bowls waiting), with dayPar and dayQuota set. */
  fresh: PublicState;
  /** The cursor after this day's draws (where the next day is generated from). */
  cursor: number;
  /** canonicalJson of the layout, for parseState's comparison. */
  layoutJson: string;
}

// Days by (seed, day): the cursor a day starts from is a closed form of the day (src/reachable.ts), so a day is
// generated and its dayPar computed on its own, never from the days before it. The memo is an LRU bounded by an
// estimate of the bytes it holds (not by a count shared by every seed): a busy server keeps every recent game's
// day, and an old entry only costs its one regeneration (about half a millisecond) when it comes back.
const memo = new Map<string, DayPlan>();
let memoBytes = 0;
let memoBudget = 32 * 1024 * 1024;

/** Rough bytes of one plan: the layout JSON (as UTF-16, twice: the text and the objects) plus the cats and bowls. */
const planBytes = (p: DayPlan): number => 4 * p.layoutJson.length + 96 * (p.fresh.cats.length + p.fresh.bowls.length) + 512;

/** Sets the memo's byte budget (tests and the server may lower it); evicts the oldest entries down to it. */
export function setDayMemoBudget(bytes: number): void {
  memoBudget = bytes;
  evict();
}

export const dayMemoStats = (): { entries: number; bytes: number; budget: number } => ({
  entries: memo.size,
  bytes: memoBytes,
  budget: memoBudget,
});

function evict(): void {
  for (const [key, plan] of memo) {
    if (memoBytes <= memoBudget) return;
    memo.delete(key);
    memoBytes -= planBytes(plan);
  }
}

/** The day exactly as generated, before its dayPar: turn 0, chain 0, no score. */
export function freshDay(day: number, g: GeneratedDay): PublicState {
  return {
    day,
    turn: 0,
    phase: 'day',
    outcome: null,
    score: 0,
    mult: curve.multiplier(day),
    quotaRatio: curve.quotaRatio(day),
    dayPar: 0,
    dayQuota: 0,
    dayCosyRaw: 0,
    chain: 0,
    layout: g.layout,
    bowls: g.bowls,
    cats: g.cats,
  };
}

/** Day `day` of seed `seed`, with its cursor, dayPar and quota. `cursor` defaults to the closed form. */
export function planDay(seed: number, day: number, cursor: number = cursorBefore(day)): DayPlan {
  const key = `${seed}:${day}:${cursor}`;
  const hit = memo.get(key);
  if (hit) {
    // Refresh: the most recently used entries are the last to go.
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  const g = generateDay(seed, cursor, day);
  const fresh = freshDay(day, g);
  fresh.dayPar = dayParOf(fresh);
  fresh.dayQuota = curve.quotaFor(fresh.dayPar, fresh.quotaRatio);
  const plan = { fresh, cursor: g.cursor, layoutJson: canonicalJson(g.layout) };
  memo.set(key, plan);
  memoBytes += planBytes(plan);
  evict();
  return plan;
}

/** Replaces the room with day `day` generated from the cursor; score and chain carry over. */
export function openDay(state: State, day: number): void {
  const { fresh, cursor } = planDay(state.rng.seed, day);
  const copy = clonePublic(fresh);
  state.day = day;
  state.turn = 0;
  state.phase = 'day';
  state.outcome = null;
  state.mult = copy.mult;
  state.quotaRatio = copy.quotaRatio;
  state.layout = copy.layout;
  state.bowls = copy.bowls;
  state.cats = copy.cats;
  state.dayCosyRaw = 0;
  state.dayPar = copy.dayPar;
  state.dayQuota = copy.dayQuota;
  state.rng.cursor = cursor;
}

/** Day 1 of `seed` as opened: nothing scored, chain 0, the cursor after day 1's draws. */
export function initialState(seed: number): State {
  const rngSeed = seed >>> 0;
  const { fresh, cursor } = planDay(rngSeed, 1);
  return { ...clonePublic(fresh), rng: { seed: rngSeed, cursor } };
}
