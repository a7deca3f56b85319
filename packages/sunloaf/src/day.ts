// Opening a day: generate the room from the random cursor, let the reference policy play it once from the
// fresh position (chain 0, no quota) to get dayPar, and set the quota from it.
import { canonicalJson } from '@hearth/engine';
import * as curve from './curves.ts';
import { generateDay } from './generator.ts';
import { planTurn, tablesFor } from './planner.ts';
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

// Memo of generated days by (seed, day): days 1..day are generated in order from cursor 0, so a day is a pure
// function of (seed, day). parseState re-derives the current day through this memo to refuse forged rooms.
const memo = new Map<string, DayPlan>();
const MEMO_LIMIT = 512;

/** Day `day` of seed `seed`, with its cursor, dayPar and quota. `cursor` must be the cursor after day - 1. */
export function planDay(seed: number, day: number, cursor: number): DayPlan {
  const key = `${seed}:${day}:${cursor}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const g = generateDay(seed, cursor, day);
  const fresh: PublicState = {
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
  fresh.dayPar = dayParOf(fresh);
  fresh.dayQuota = curve.quotaFor(fresh.dayPar, fresh.quotaRatio);
  const plan = { fresh, cursor: g.cursor, layoutJson: canonicalJson(g.layout) };
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, plan);
  return plan;
}

/** The cursor a day of a seed is generated from: the cursor after days 1..day-1 (0 for day 1). */
export function cursorBefore(seed: number, day: number): number {
  const key = `${seed}:${day}`;
  const hit = cursorMemo.get(key);
  if (hit !== undefined) return hit;
  let cursor = 0;
  for (let d = 1; d < day; d++) cursor = generateDay(seed, cursor, d).cursor;
  if (cursorMemo.size >= MEMO_LIMIT) cursorMemo.clear();
  cursorMemo.set(key, cursor);
  return cursor;
}
const cursorMemo = new Map<string, number>();

/** Replaces the room with day `day` generated from the cursor; score and chain carry over. */
export function openDay(state: State, day: number): void {
  const { fresh, cursor } = planDay(state.rng.seed, day, state.rng.cursor);
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

export function initialState(seed: number): State {
  const state: State = {
    day: 0,
    turn: 0,
    phase: 'day',
    outcome: null,
    score: 0,
    mult: 100,
    quotaRatio: 1000,
    dayPar: 0,
    dayQuota: 0,
    dayCosyRaw: 0,
    chain: 0,
    layout: {
      window: 'N',
      bandDwell: 3,
      dayLength: 21,
      shade: 1,
      furniture: [],
      hearth: 0,
      clouds: [],
      lattice: null,
      dogLoops: [],
      dogSpeed: 1,
    },
    bowls: [],
    cats: [],
    rng: { seed: seed >>> 0, cursor: 0 },
  };
  openDay(state, 1);
  return state;
}
