// Layouts: a pure function of (seed, wave) through @hearth/rng. Shapes are placed by rejection sampling on
// integer coordinates with clearances, then the layout is accepted only if it is fair: every lantern is lit by
// at least one legal angle, and the whole wave can be cleared within its wisps (checked with a full sweep).
import { Stream, streamId } from '@hearth/rng';
import { ARENA_HEIGHT, ARENA_WIDTH, FIRST_ENTITY_ID, LANTERN_RADIUS, waveRow } from './constants.ts';
import type { FlightSim } from './flight.ts';
import type { Beam, Box, Circle, Layout } from './layout.ts';
import { LanternScorer } from './trace.ts';

/**
 * What each wave holds besides its lanterns (index 0 = wave 1), tuned with bench/calibrate.ts so that the solver
 * lands in the design document's 9,000-12,000: many paper screens (in the field and lining the walls) cut long
 * banked flights short, and lanterns keep their distance so few line up.
 */
export const CONTENT: readonly {
  rects: number;
  diagonals: number;
  screens: number;
  wallScreens: number;
  gongs: number;
  lanternSpacing: number;
}[] = [
  { rects: 1, diagonals: 1, screens: 10, wallScreens: 8, gongs: 0, lanternSpacing: 420 },
  { rects: 1, diagonals: 1, screens: 10, wallScreens: 8, gongs: 0, lanternSpacing: 380 },
  { rects: 1, diagonals: 1, screens: 11, wallScreens: 8, gongs: 0, lanternSpacing: 380 },
  { rects: 1, diagonals: 1, screens: 11, wallScreens: 8, gongs: 0, lanternSpacing: 340 },
  { rects: 2, diagonals: 1, screens: 12, wallScreens: 8, gongs: 0, lanternSpacing: 300 },
  { rects: 2, diagonals: 1, screens: 12, wallScreens: 8, gongs: 1, lanternSpacing: 300 },
  { rects: 2, diagonals: 1, screens: 13, wallScreens: 8, gongs: 1, lanternSpacing: 260 },
  { rects: 2, diagonals: 1, screens: 13, wallScreens: 8, gongs: 1, lanternSpacing: 240 },
];
export const SCREEN_LENGTH = [160, 300] as const;
export const WALL_SCREEN_LENGTH = [300, 450] as const;
/** Lantern centres stay in this band of y. */
export const LANTERN_BAND = [90, 1080] as const;

/** Why drawn layouts were rejected (diagnostics for bench/calibrate.ts; never read by the rules). */
export const GEN_STATS = { placement: 0, unreachable: 0, unclearable: 0 };

export const GONG_RADIUS = 26;
export const BEAM_THICKNESS = 20;
export const SCREEN_THICKNESS = 14;
/** Everything sits in this box, clear of the walls and of the brazier's launch zone. */
export const FIELD = { x0: 40, y0: 60, x1: 1040, y1: 1160 } as const;
/** Minimum gap between the bounding boxes of any two shapes. */
export const CLEARANCE = 24;
export const MAX_ATTEMPTS = 80;
const PLACE_TRIES = 400;
const LANTERN_TRIES = 30;

type Rect = { x0: number; y0: number; x1: number; y1: number };

export interface GeneratedLayout {
  layout: Layout;
  /** Attempts used (1 = first draw accepted); MAX_ATTEMPTS + 1 means the fallback layout. */
  attempts: number;
}

export function layoutStreamId(wave: number): number {
  return streamId(`lantern-volley/layout/wave-${wave}`);
}

/** The layout of `wave` (1..8) for `seed`: deterministic, identical on the WASM and JavaScript kernels. */
export function generateLayout(seed: number, wave: number, sim: FlightSim): GeneratedLayout {
  const row = waveRow(wave);
  const rng = new Stream(seed >>> 0, layoutStreamId(wave));
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const drawn = drawLayout(rng, wave);
    if (!drawn) {
      GEN_STATS.placement++;
      continue;
    }
    const { layout, boxes } = drawn;
    // Re-place unreachable lanterns a few times before giving up on the attempt. The geometry stays put while
    // lanterns move, so its paths are traced once and only the lanterns are scored again (src/trace.ts).
    const scorer = new LanternScorer(sim, layout, row.bounceCap);
    for (let fix = 0; fix < LANTERN_TRIES; fix++) {
      const reached = scorer.reached;
      if (reached === (1 << row.lanterns) - 1) break;
      // Every unreachable lantern moves to a new spot, then one rescore checks the moved ones.
      const base = boxes.length - layout.lanterns.length;
      let moved = true;
      for (let i = 0; i < layout.lanterns.length && moved; i++) {
        if (reached & (1 << i)) continue;
        // The lantern's own box and its own spacing are left out; the new box replaces the old one below.
        const spot = placeCircle(
          rng,
          boxes,
          LANTERN_RADIUS,
          LANTERN_BAND[0],
          LANTERN_BAND[1],
          layout.lanterns,
          CONTENT[wave - 1]!.lanternSpacing,
          PLACE_TRIES,
          base + i,
          i,
        );
        if (!spot) moved = false;
        else {
          const l = layout.lanterns[i]!;
          l.x = spot.x;
          l.y = spot.y;
          boxes[base + i] = circleBox(spot.x, spot.y, LANTERN_RADIUS);
        }
      }
      if (!moved) break;
      scorer.rescore(((1 << row.lanterns) - 1) & ~reached);
    }
    if (scorer.reached !== (1 << row.lanterns) - 1) {
      GEN_STATS.unreachable++;
      continue;
    }
    if (scorer.fewestShots() > row.wisps) {
      GEN_STATS.unclearable++;
      continue;
    }
    return { layout, attempts: attempt };
  }
  return { layout: fallbackLayout(wave), attempts: MAX_ATTEMPTS + 1 };
}

function drawLayout(rng: Stream, wave: number): { layout: Layout; boxes: Rect[] } | null {
  const content = CONTENT[wave - 1]!;
  const row = waveRow(wave);
  const boxes: Rect[] = [];
  let id = FIRST_ENTITY_ID;
  const beams: Beam[] = [];
  for (let i = 0; i < content.rects; i++) {
    const horizontal = rng.percent(60);
    const long = rng.range(90, 240);
    const w = horizontal ? long : BEAM_THICKNESS;
    const h = horizontal ? BEAM_THICKNESS : long;
    const r = placeBox(rng, boxes, w, h);
    if (!r) return null;
    beams.push({ id: id++, shape: 'rect', ...r });
  }
  for (let i = 0; i < content.diagonals; i++) {
    const span = rng.range(70, 150);
    const leansDown = rng.percent(50);
    const r = placeBox(rng, boxes, span, span);
    if (!r) return null;
    // "\" runs from top-left to bottom-right (y grows downward); "/" from bottom-left to top-right.
    beams.push(
      leansDown
        ? { id: id++, shape: 'diagonal', x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 }
        : { id: id++, shape: 'diagonal', x0: r.x0, y0: r.y1, x1: r.x1, y1: r.y0 },
    );
  }
  const screens: Box[] = [];
  for (let i = 0; i < content.screens; i++) {
    const horizontal = rng.percent(50);
    const long = rng.range(SCREEN_LENGTH[0], SCREEN_LENGTH[1]);
    const r = placeBox(rng, boxes, horizontal ? long : SCREEN_THICKNESS, horizontal ? SCREEN_THICKNESS : long);
    if (!r) return null;
    screens.push({ id: id++, ...r });
  }
  // Screens along the walls: they take away free wall banks.
  for (let i = 0; i < content.wallScreens; i++) {
    let placed: Rect | null = null;
    for (let t = 0; t < PLACE_TRIES && !placed; t++) {
      const side = rng.below(4);
      const long = rng.range(WALL_SCREEN_LENGTH[0], WALL_SCREEN_LENGTH[1]);
      const along = side >= 2 ? rng.range(20, ARENA_WIDTH - 20 - long) : rng.range(20, ARENA_HEIGHT - 20 - long);
      const r =
        side === 0
          ? { x0: 6, y0: along, x1: 6 + SCREEN_THICKNESS, y1: along + long }
          : side === 1
            ? { x0: ARENA_WIDTH - 6 - SCREEN_THICKNESS, y0: along, x1: ARENA_WIDTH - 6, y1: along + long }
            : side === 2
              ? { x0: along, y0: 6, x1: along + long, y1: 6 + SCREEN_THICKNESS }
              : { x0: along, y0: ARENA_HEIGHT - 6 - SCREEN_THICKNESS, x1: along + long, y1: ARENA_HEIGHT - 6 };
      if (!boxes.some((b) => overlaps(r, b))) placed = r;
    }
    if (!placed) return null;
    boxes.push(placed);
    screens.push({ id: id++, ...placed });
  }
  const gongs: Circle[] = [];
  for (let i = 0; i < content.gongs; i++) {
    const c = placeCircle(rng, boxes, GONG_RADIUS, FIELD.y0, FIELD.y1);
    if (!c) return null;
    gongs.push({ id: id++, x: c.x, y: c.y, r: GONG_RADIUS });
  }
  const lanterns: Circle[] = [];
  for (let i = 0; i < row.lanterns; i++) {
    // The spacing relaxes by 40 units at a time when a crowded field has no room left for it.
    let c: { x: number; y: number } | null = null;
    for (let gap = content.lanternSpacing; !c && gap >= 0; gap -= 40)
      c = placeCircle(rng, boxes, LANTERN_RADIUS, LANTERN_BAND[0], LANTERN_BAND[1], lanterns, gap, PLACE_TRIES / 4);
    if (!c) return null;
    lanterns.push({ id: id++, x: c.x, y: c.y, r: LANTERN_RADIUS });
  }
  return { layout: { wave, beams, screens, gongs, lanterns }, boxes };
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 + CLEARANCE && b.x0 < a.x1 + CLEARANCE && a.y0 < b.y1 + CLEARANCE && b.y0 < a.y1 + CLEARANCE;
}

function placeBox(rng: Stream, boxes: Rect[], w: number, h: number, yMin: number = FIELD.y0, yMax: number = FIELD.y1): Rect | null {
  for (let t = 0; t < PLACE_TRIES; t++) {
    const x0 = rng.range(FIELD.x0, FIELD.x1 - w);
    const y0 = rng.range(yMin, yMax - h);
    const r = { x0, y0, x1: x0 + w, y1: y0 + h };
    if (boxes.some((b) => overlaps(r, b))) continue;
    boxes.push(r);
    return r;
  }
  return null;
}

function circleBox(x: number, y: number, r: number): Rect {
  return { x0: x - r, y0: y - r, x1: x + r, y1: y + r };
}

/**
 * A random free spot for a circle of radius r: clear of every box (but `skipBox`) and at least `gap` from every
 * circle in `spaced` (but `skipSpaced`). On success the circle's box is appended to `boxes`, unless `skipBox` is
 * given (a lantern being moved: the caller puts the new box in place of the old one). Plain loops: this runs up to
 * 400 times per lantern and 30 times per draw.
 */
function placeCircle(
  rng: Stream,
  boxes: Rect[],
  r: number,
  yMin: number,
  yMax: number,
  spaced: readonly Circle[] = [],
  gap = 0,
  tries = PLACE_TRIES,
  skipBox = -1,
  skipSpaced = -1,
): { x: number; y: number } | null {
  const gap2 = gap * gap;
  const side = 2 * r;
  // Only the answer (free or not) matters, so the order of the tests changes nothing; it is chosen for speed.
  let blocker = 0;
  let near = 0;
  for (let t = 0; t < tries; t++) {
    const x0 = rng.range(FIELD.x0, FIELD.x1 - side);
    const y0 = rng.range(yMin, yMax - side);
    const x1 = x0 + side;
    const y1 = y0 + side;
    const x = x0 + r;
    const y = y0 + r;
    // The spacing test first (a handful of circles, and in a crowded wave it rejects most tries), the circle that
    // was too close last time first of all; then the boxes, the last blocking box first.
    let free = true;
    const last = spaced[near];
    if (near !== skipSpaced && last && (last.x - x) * (last.x - x) + (last.y - y) * (last.y - y) < gap2) free = false;
    for (let j = 0; j < spaced.length && free; j++) {
      const c = spaced[j]!;
      if (j !== skipSpaced && (c.x - x) * (c.x - x) + (c.y - y) * (c.y - y) < gap2) {
        free = false;
        near = j;
      }
    }
    if (!free) continue;
    const first = boxes[blocker];
    if (blocker !== skipBox && first && overlapsBox(x0, y0, x1, y1, first)) free = false;
    for (let j = 0; j < boxes.length && free; j++)
      if (j !== skipBox && overlapsBox(x0, y0, x1, y1, boxes[j]!)) {
        free = false;
        blocker = j;
      }
    if (!free) continue;
    if (skipBox < 0) boxes.push({ x0, y0, x1, y1 });
    return { x, y };
  }
  return null;
}

/** overlaps() for a box given by its edges (no object per try). */
function overlapsBox(x0: number, y0: number, x1: number, y1: number, b: Rect): boolean {
  return x0 < b.x1 + CLEARANCE && b.x0 < x1 + CLEARANCE && y0 < b.y1 + CLEARANCE && b.y0 < y1 + CLEARANCE;
}

/** Never expected (a test checks that no seed reaches it): lanterns in a row in the direct line of fire. */
export function fallbackLayout(wave: number): Layout {
  const n = waveRow(wave).lanterns;
  const lanterns: Circle[] = [];
  for (let i = 0; i < n; i++)
    lanterns.push({ id: FIRST_ENTITY_ID + i, x: ARENA_WIDTH / 2 + (i - (n - 1) / 2) * 100, y: 700, r: LANTERN_RADIUS });
  return { wave, beams: [], screens: [], gongs: [], lanterns };
}
