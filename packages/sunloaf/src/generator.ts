// A day's room as a pure function of (seed, cursor, day): one stream of @hearth/rng read from the cursor on.
// The draw order below is part of the rules (changing it changes every room): window, hearth, dog loops,
// furniture, clouds, lattice, big cat, cat tiles, serve turns, mats.
import { Stream, streamId } from '@hearth/rng';
import * as curve from './curves.ts';
import { colOf, rowOf } from './geometry.ts';
import { type Bowl, type Cat, type Layout, RANGES, SIZE, TILES, WALLS, type Wall } from './state.ts';

export const DAY_STREAM = streamId('sunloaf/day');

export interface GeneratedDay {
  layout: Layout;
  bowls: Bowl[];
  cats: Cat[];
  /** The cursor after this day's draws. */
  cursor: number;
}

/** The first `k` items of a partial Fisher-Yates shuffle of `pool` (a copy), one draw per pick. */
function pick(stream: Stream, pool: readonly number[], k: number): number[] {
  const items = pool.slice();
  const n = Math.min(k, items.length);
  for (let i = 0; i < n; i++) {
    const j = i + stream.below(items.length - i);
    const a = items[i]!;
    items[i] = items[j]!;
    items[j] = a;
  }
  return items.slice(0, n);
}

/** Tiles on the wall opposite or beside the window (the hearth sits on an edge, never on the window wall). */
function hearthCandidates(window: Wall): number[] {
  const out: number[] = [];
  for (let t = 0; t < TILES; t++) {
    const r = rowOf(t);
    const c = colOf(t);
    const onEdge = r === 0 || r === SIZE - 1 || c === 0 || c === SIZE - 1;
    const onWindowWall =
      (window === 'N' && r === 0) ||
      (window === 'S' && r === SIZE - 1) ||
      (window === 'E' && c === SIZE - 1) ||
      (window === 'W' && c === 0);
    if (onEdge && !onWindowWall) out.push(t);
  }
  return out;
}

/** A rectangle's perimeter, clockwise from its top-left corner, rotated to `start` and optionally reversed. */
function rectangleLoop(r0: number, c0: number, h: number, w: number, start: number, reverse: boolean): number[] {
  const ring: number[] = [];
  for (let c = c0; c < c0 + w; c++) ring.push(r0 * SIZE + c);
  for (let r = r0 + 1; r < r0 + h; r++) ring.push(r * SIZE + c0 + w - 1);
  for (let c = c0 + w - 2; c >= c0; c--) ring.push((r0 + h - 1) * SIZE + c);
  for (let r = r0 + h - 2; r > r0; r--) ring.push(r * SIZE + c0);
  if (reverse) ring.reverse();
  return ring.slice(start % ring.length).concat(ring.slice(0, start % ring.length));
}

export function generateDay(seed: number, cursor: number, day: number): GeneratedDay {
  const s = new Stream(seed, DAY_STREAM, cursor);
  const window = WALLS[s.below(4)]!;
  const dwell = curve.bandDwell(day);
  const length = 7 * dwell;
  const hearths = hearthCandidates(window);
  const hearth = hearths[s.below(hearths.length)]!;

  const dogLoops: number[][] = [];
  const maxSide = curve.dogLoopMaxSide(day);
  for (let d = 0; d < curve.dogCount(day); d++) {
    const h = s.range(2, maxSide);
    const w = s.range(2, maxSide);
    const r0 = s.below(SIZE - h + 1);
    const c0 = s.below(SIZE - w + 1);
    const perimeter = 2 * (h + w) - 4;
    dogLoops.push(rectangleLoop(r0, c0, h, w, s.below(perimeter), s.below(2) === 1));
  }

  // Furniture never stands on the hearth or on a dog's loop.
  const onLoop = new Set(dogLoops.flat());
  const furniturePool: number[] = [];
  for (let t = 0; t < TILES; t++) if (t !== hearth && !onLoop.has(t)) furniturePool.push(t);
  const furniture = pick(s, furniturePool, curve.furnitureCount(day)).sort((a, b) => a - b);

  // Cloud turns: distinct turns 1..length-1 (turn 0 is always clear).
  const turns: number[] = [];
  for (let t = 1; t < length; t++) turns.push(t);
  const clouds = pick(s, turns, curve.cloudCount(day)).sort((a, b) => a - b);
  const lattice = curve.hasLattice(day) ? (s.below(2) as 0 | 1) : null;

  const roster = curve.rosterSize(day);
  const big = s.below(roster);
  const free: number[] = [];
  const blocked = new Set(furniture);
  for (let t = 0; t < TILES; t++) if (!blocked.has(t) && t !== hearth) free.push(t);
  const catTiles = pick(s, free, roster);
  const cats: Cat[] = catTiles.map((tile, id) => ({ id, tile, settled: 0, range: RANGES[id] as Cat['range'], big: id === big }));

  // Serves: distinct turns 3..length-1, so every countdown (3 turns) is visible from the start of the day.
  const serveSlots: number[] = [];
  for (let t = COUNTDOWN_START; t < length; t++) serveSlots.push(t);
  const serveTurns = pick(s, serveSlots, curve.serveCount(day)).sort((a, b) => a - b);
  const bowls: Bowl[] = [];
  serveTurns.forEach((serveTurn, i) => {
    const mats = pick(s, free, curve.twoMatServes(day) && i % 2 === 1 ? 2 : 1).sort((a, b) => a - b);
    for (const mat of mats) bowls.push({ mat, serveTurn, status: 'waiting' });
  });

  const layout: Layout = {
    window,
    bandDwell: dwell as Layout['bandDwell'],
    dayLength: length as Layout['dayLength'],
    shade: curve.shadeLength(day),
    furniture,
    hearth,
    clouds,
    lattice,
    dogLoops,
    dogSpeed: curve.dogSpeed(day) as Layout['dogSpeed'],
  };
  // The stream takes its index modulo 2^32, so the cursor is kept as a u32 (it would wrap after ~69 million days).
  return { layout, bowls, cats, cursor: s.index >>> 0 };
}

const COUNTDOWN_START = 3;
