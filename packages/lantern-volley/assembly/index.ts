// Lantern Volley flight kernel: exact ray casting with + - * / sqrt only (IEEE 754, identical in WASM and
// in its wasm2js JavaScript build). The rules are the design document's FLIGHT paragraph; every point it
// leaves open is decided in src/spec.ts and mirrored in the comments here.
//
// Data crosses the boundary as flat f64 records in linear memory:
//   layout  (layoutPtr): one record of LAYOUT_REC f64 per entity, entity id = 4 + index (walls are 0..3):
//           [kind, a, b, c, d, lit]   RECT/SCREEN: a..d = x0, y0, x1, y1 (x0 < x1, y0 < y1)
//                                     DIAG: a..d = endpoints (x0, y0), (x1, y1), |x1 - x0| = |y1 - y0|
//                                     GONG/LANTERN: a, b = centre, c = radius; lit = 1 for a lit lantern
//   events  (eventsPtr): EVENT_REC f64 per event: [kind, id, x, y, bounces, distance, points, detail]
//   path    (pathPtr):   x, y per vertex: the start, every bounce point, the terminal point.
import {
  ANGLE_COUNT,
  ARENA_HEIGHT,
  ARENA_WIDTH,
  BRAZIER_X,
  BRAZIER_Y,
  DISTANCE_BUDGET,
  EVENT_ABSORB,
  EVENT_BOUNCE,
  EVENT_CAP,
  EVENT_FADE,
  EVENT_GONG,
  EVENT_LIGHT,
  EVENT_REC,
  FADE_BOUNCE_CAP,
  FADE_BUDGET,
  FADE_EVENT_CAP,
  FIRST_ENTITY_ID,
  GONG_POINTS,
  GRID_CELL,
  GRID_COLS,
  GRID_ROWS,
  KIND_DIAG,
  KIND_GONG,
  KIND_LANTERN,
  KIND_RECT,
  KIND_SCREEN,
  LAYOUT_REC,
  lanternPoints,
  MAX_ENTITIES,
  MAX_PATH,
} from './constants';
import { DIRECTIONS } from './direction-table';

const MAX_EVENTS: i32 = EVENT_CAP;
const ARENA_W: f64 = <f64>ARENA_WIDTH;
const ARENA_H: f64 = <f64>ARENA_HEIGHT;
const BUDGET: f64 = <f64>DISTANCE_BUDGET;
const WALLS: i32 = FIRST_ENTITY_ID;

const LAYOUT: usize = memory.data(MAX_ENTITIES * LAYOUT_REC * 8, 16);
const EVENTS: usize = memory.data(MAX_EVENTS * EVENT_REC * 8, 16);
const PATH: usize = memory.data(MAX_PATH * 2 * 8, 16);
// Per shot: 1 if the lantern is lit (copied from the layout, then set on lighting) / the gong has rung.
const FLAGS: usize = memory.data(MAX_ENTITIES, 16);
// Lantern contacts found on the current segment, sorted by (t, id).
const CONTACT_T: usize = memory.data(MAX_ENTITIES * 8, 16);
const CONTACT_ID: usize = memory.data(MAX_ENTITIES * 4, 16);

let eventCount: i32 = 0;
let pathCount: i32 = 0;

// The winner of the last cast (castBest: its t while the cast runs).
let castBest: f64 = Infinity;
let hitT: f64 = 0;
let hitId: i32 = -1;
let hitKind: i32 = 0;
let hitFlipX: bool = false;
let hitFlipY: bool = false;
let hitNx: f64 = 0;
let hitNy: f64 = 0;

export function layoutPtr(): usize {
  return LAYOUT;
}
export function eventsPtr(): usize {
  return EVENTS;
}
export function pathPtr(): usize {
  return PATH;
}
export function eventTotal(): i32 {
  return eventCount;
}
export function pathLength(): i32 {
  return pathCount;
}
export function directionX(index: i32): f64 {
  return unchecked(DIRECTIONS[index << 1]);
}
export function directionY(index: i32): f64 {
  return unchecked(DIRECTIONS[(index << 1) + 1]);
}

/** JavaScript's Math.round: the nearest integer, halves toward +infinity, -0 for -0.5 <= x < 0. */
export function jsRound(x: f64): f64 {
  let r = Math.floor(x);
  if (x - r >= 0.5) r += 1;
  if (r === 0 && x < 0) return -0.0;
  return r;
}

/** Math.round(v * 1e9) / 1e9: the re-rounding applied to every reflected direction. */
export function round9(v: f64): f64 {
  return jsRound(v * 1e9) / 1e9;
}

function rec(index: i32, field: i32): f64 {
  return load<f64>(LAYOUT + ((<usize>(index * LAYOUT_REC + field)) << 3));
}

function pushEvent(kind: i32, id: i32, x: f64, y: f64, bounces: i32, distance: f64, points: f64, detail: f64): void {
  // A trace keeps segments only; the count still feeds the event cap.
  if (tracing) {
    eventCount++;
    return;
  }
  const p = EVENTS + ((<usize>(eventCount * EVENT_REC)) << 3);
  store<f64>(p, <f64>kind);
  store<f64>(p, <f64>id, 8);
  store<f64>(p, x, 16);
  store<f64>(p, y, 24);
  store<f64>(p, <f64>bounces, 32);
  store<f64>(p, distance, 40);
  store<f64>(p, points, 48);
  store<f64>(p, detail, 56);
  eventCount++;
}

function pushVertex(x: f64, y: f64): void {
  if (tracing) return;
  const p = PATH + ((<usize>(pathCount << 1)) << 3);
  store<f64>(p, x);
  store<f64>(p, y, 8);
  pathCount++;
}

/** Axis-aligned wall: t to the wall when moving toward it (a wisp already past it meets it at t = 0). */
function wallT(position: f64, wall: f64, velocity: f64): f64 {
  const t = (wall - position) / velocity;
  return Math.max(t, 0);
}

/**
 * The earliest surface along P + t d (t >= 0) among walls, rects, diagonals, screens and gongs, skipping
 * `excluded` (the surface just reflected off). Walls first; then the entities in the grid cells the ray crosses,
 * until a hit is found (or every entity, for a ray from outside the arena or an unindexed layout); exact ties go to
 * the lowest id. Returns false when nothing is ahead.
 */
function cast(px: f64, py: f64, dx: f64, dy: f64, count: i32, excluded: i32): bool {
  castBest = Infinity;
  hitId = -1;
  // Walls 0..3: top (y = 0), right (x = 1080), bottom (y = 1440), left (x = 0). Two walls tying is an
  // arena corner: both axes flip, the event carries the lower id.
  if (dy < 0 && excluded !== 0) {
    const t = wallT(py, 0, dy);
    if (t < castBest) {
      castBest = t;
      hitId = 0;
      hitKind = 0;
      hitFlipX = false;
      hitFlipY = true;
    }
  }
  if (dx > 0 && excluded !== 1) {
    const t = wallT(px, ARENA_W, dx);
    if (t < castBest) {
      castBest = t;
      hitId = 1;
      hitKind = 0;
      hitFlipX = true;
      hitFlipY = false;
    } else if (t === castBest && hitId === 0) hitFlipX = true;
  }
  if (dy > 0 && excluded !== 2) {
    const t = wallT(py, ARENA_H, dy);
    if (t < castBest) {
      castBest = t;
      hitId = 2;
      hitKind = 0;
      hitFlipX = false;
      hitFlipY = true;
    } else if (t === castBest && hitId === 1) hitFlipY = true;
  }
  if (dx < 0 && excluded !== 3) {
    const t = wallT(px, 0, dx);
    if (t < castBest) {
      castBest = t;
      hitId = 3;
      hitKind = 0;
      hitFlipX = true;
      hitFlipY = false;
    } else if (t === castBest && (hitId === 0 || hitId === 2)) hitFlipX = true;
  }
  if (gridOk && gridOn && px >= 0 && px <= ARENA_W && py >= 0 && py <= ARENA_H) castGrid(px, py, dx, dy, excluded);
  else
    for (let i = 0; i < count; i++) {
      if (i + WALLS === excluded) continue;
      consider(i, px, py, dx, dy);
    }
  hitT = castBest;
  return hitId >= 0;
}

/**
 * Entity record i as a candidate of the current cast: it replaces the best hit when earlier, or equally early with
 * a lower id. That order on (t, id) is what visiting the candidates in id order and keeping strictly earlier hits
 * gives, whatever order they are visited in, so the grid walk (castGrid) may visit them cell by cell.
 */
function consider(i: i32, px: f64, py: f64, dx: f64, dy: f64): void {
  const id = i + WALLS;
  const kindF = rec(i, 0);
  if (kindF === <f64>KIND_RECT || kindF === <f64>KIND_SCREEN) {
    const kind = kindF === <f64>KIND_RECT ? KIND_RECT : KIND_SCREEN;
    // Slab method on the closed rectangle. Entry time per axis; the later one is the contact face.
    // An exact corner is equal entry times on both axes: both axes flip.
    const x0 = rec(i, 1);
    const y0 = rec(i, 2);
    const x1 = rec(i, 3);
    const y1 = rec(i, 4);
    // Already past the box along an axis it moves on: that axis exits before t = 0, so the slab test below
    // could only reject it (tIn < 0 or tIn > tOut); skipping the divisions changes no result.
    if ((dx > 0 && px > x1) || (dx < 0 && px < x0) || (dy > 0 && py > y1) || (dy < 0 && py < y0)) return;
    let txIn = -Infinity;
    let txOut = Infinity;
    let tyIn = -Infinity;
    let tyOut = Infinity;
    // An entry time at or after the best so far cannot win (only a strictly earlier hit replaces it, and the
    // entry is the later of the two axes'), so the remaining divisions are skipped: no result changes.
    if (dx > 0) {
      txIn = (x0 - px) / dx;
      if (txIn > castBest || (txIn === castBest && id > hitId)) return;
      txOut = (x1 - px) / dx;
    } else if (dx < 0) {
      txIn = (x1 - px) / dx;
      if (txIn > castBest || (txIn === castBest && id > hitId)) return;
      txOut = (x0 - px) / dx;
    } else if (px < x0 || px > x1) return;
    if (dy > 0) {
      tyIn = (y0 - py) / dy;
      if (tyIn > castBest || (tyIn === castBest && id > hitId)) return;
      tyOut = (y1 - py) / dy;
    } else if (dy < 0) {
      tyIn = (y1 - py) / dy;
      if (tyIn > castBest || (tyIn === castBest && id > hitId)) return;
      tyOut = (y0 - py) / dy;
    } else if (py < y0 || py > y1) return;
    const tIn = Math.max(txIn, tyIn);
    const tOut = Math.min(txOut, tyOut);
    // From inside (tIn < 0) the wisp passes out without contact.
    if (tIn < 0 || tIn > tOut) return;
    if (tIn < castBest || (tIn === castBest && id < hitId)) {
      castBest = tIn;
      hitId = id;
      hitKind = kind;
      hitFlipX = txIn === tIn;
      hitFlipY = tyIn === tIn;
    }
  } else if (kindF === <f64>KIND_DIAG) {
    const ax = rec(i, 1);
    const ay = rec(i, 2);
    const ex = rec(i, 3) - ax;
    const ey = rec(i, 4) - ay;
    const denom = dx * ey - dy * ex;
    // Parallel (including collinear) travel never touches a diagonal.
    if (denom === 0) return;
    const wx = ax - px;
    const wy = ay - py;
    const t = (wx * ey - wy * ex) / denom;
    const s = (wx * dy - wy * dx) / denom;
    if (t < 0 || s < 0 || s > 1) return;
    if (t < castBest || (t === castBest && id < hitId)) {
      castBest = t;
      hitId = id;
      hitKind = KIND_DIAG;
      const len = Math.sqrt(ex * ex + ey * ey);
      hitNx = -ey / len;
      hitNy = ex / len;
    }
  } else if (kindF === <f64>KIND_GONG) {
    const t = circleEntry(px, py, dx, dy, rec(i, 1), rec(i, 2), rec(i, 3));
    if (t >= 0 && (t < castBest || (t === castBest && id < hitId))) {
      castBest = t;
      hitId = id;
      hitKind = KIND_GONG;
    }
  }
}

/** Entry time into a circle from outside or on it while approaching (b < 0), tangents included; -1 if none. */
function circleEntry(px: f64, py: f64, dx: f64, dy: f64, cx: f64, cy: f64, r: f64): f64 {
  const fx = px - cx;
  const fy = py - cy;
  const c = fx * fx + fy * fy - r * r;
  if (c < 0) return -1;
  const b = fx * dx + fy * dy;
  if (b >= 0) return -1;
  const a = dx * dx + dy * dy;
  const disc = b * b - a * c;
  if (disc < 0) return -1;
  return (-b - Math.sqrt(disc)) / a;
}

/** Lantern contact time on [0, tEnd]: 0 when the segment starts inside or on the circle; -1 if none. */
function lanternContact(px: f64, py: f64, dx: f64, dy: f64, cx: f64, cy: f64, r: f64, tEnd: f64): f64 {
  const fx = px - cx;
  const fy = py - cy;
  const c = fx * fx + fy * fy - r * r;
  if (c <= 0) return 0;
  const b = fx * dx + fy * dy;
  if (b >= 0) return -1;
  const a = dx * dx + dy * dy;
  const disc = b * b - a * c;
  if (disc < 0) return -1;
  const t = (-b - Math.sqrt(disc)) / a;
  return t <= tEnd ? t : -1;
}

let chain: i32 = 0;

/**
 * Lights every unlit lantern touched on the segment P + t d, t in [0, tEnd], in order of t (ties to the
 * lowest id). Returns true when the event cap ended the flight.
 */
function lightSegment(px: f64, py: f64, dx: f64, dy: f64, tEnd: f64, count: i32, bounces: i32, distance: f64): bool {
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (rec(i, 0) !== <f64>KIND_LANTERN || load<u8>(FLAGS + <usize>i) !== 0) continue;
    const t = lanternContact(px, py, dx, dy, rec(i, 1), rec(i, 2), rec(i, 3), tEnd);
    if (t < 0) continue;
    // Insertion sort by (t, id); ids arrive ascending, so equal t keeps the earlier id first.
    let j = n;
    while (j > 0 && load<f64>(CONTACT_T + ((<usize>(j - 1)) << 3)) > t) {
      store<f64>(CONTACT_T + ((<usize>j) << 3), load<f64>(CONTACT_T + ((<usize>(j - 1)) << 3)));
      store<i32>(CONTACT_ID + ((<usize>j) << 2), load<i32>(CONTACT_ID + ((<usize>(j - 1)) << 2)));
      j--;
    }
    store<f64>(CONTACT_T + ((<usize>j) << 3), t);
    store<i32>(CONTACT_ID + ((<usize>j) << 2), i);
    n++;
  }
  for (let k = 0; k < n; k++) {
    const t = load<f64>(CONTACT_T + ((<usize>k) << 3));
    const i = load<i32>(CONTACT_ID + ((<usize>k) << 2));
    store<u8>(FLAGS + <usize>i, 1);
    chain++;
    const x = px + t * dx;
    const y = py + t * dy;
    pushEvent(EVENT_LIGHT, i + WALLS, x, y, bounces, distance + t, lanternPoints(<f64>chain, <f64>bounces), <f64>chain);
    if (capReached(x, y, bounces, distance + t)) return true;
  }
  return false;
}

/** Each segment of a flight ends here: lanterns light on it, or (tracing) it is recorded for later scoring. */
function segment(px: f64, py: f64, dx: f64, dy: f64, tEnd: f64, count: i32, bounces: i32, distance: f64): bool {
  if (!tracing) return lightSegment(px, py, dx, dy, tEnd, count, bounces, distance);
  recordSegment(px, py, dx, dy, tEnd);
  return false;
}

/** The 64-event safety cap: once 63 events are recorded and the flight goes on, event 64 is a fade there. */
function capReached(x: f64, y: f64, bounces: i32, distance: f64): bool {
  if (eventCount < MAX_EVENTS - 1) return false;
  pushEvent(EVENT_FADE, -1, x, y, bounces, distance, 0, <f64>FADE_EVENT_CAP);
  pushVertex(x, y);
  return true;
}

/**
 * One wisp from (ox, oy) along (dx, dy) with `budget` distance and `bounceCap` reflections, over the first
 * `count` layout records. Writes events and path; returns the number of events.
 */
export function flight(ox: f64, oy: f64, dx: f64, dy: f64, budget: f64, bounceCap: i32, count: i32): i32 {
  eventCount = 0;
  pathCount = 0;
  chain = 0;
  // Tracing passes no lantern records, so only the gongs' ring flags need clearing.
  if (tracing) for (let i = 0; i < count; i++) store<u8>(FLAGS + <usize>i, 0);
  else for (let i = 0; i < count; i++) store<u8>(FLAGS + <usize>i, rec(i, 0) === <f64>KIND_LANTERN && rec(i, 5) !== 0 ? 1 : 0);
  let px = ox;
  let py = oy;
  let remaining = budget;
  let distance: f64 = 0;
  let bounces: i32 = 0;
  let excluded: i32 = -1;
  pushVertex(px, py);
  while (true) {
    const found = cast(px, py, dx, dy, count, excluded);
    // Distance is spent in t along the rounded direction. A hit exactly at the budget mark resolves as the hit.
    if (!found || hitT > remaining) {
      if (segment(px, py, dx, dy, remaining, count, bounces, distance)) return eventCount;
      const x = px + remaining * dx;
      const y = py + remaining * dy;
      distance += remaining;
      pushEvent(EVENT_FADE, -1, x, y, bounces, distance, 0, <f64>FADE_BUDGET);
      pushVertex(x, y);
      return eventCount;
    }
    const t = hitT;
    const id = hitId;
    const kind = hitKind;
    const flipX = hitFlipX;
    const flipY = hitFlipY;
    const nx0 = hitNx;
    const ny0 = hitNy;
    if (segment(px, py, dx, dy, t, count, bounces, distance)) return eventCount;
    const x = px + t * dx;
    const y = py + t * dy;
    distance += t;
    remaining -= t;
    if (kind === KIND_SCREEN) {
      pushEvent(EVENT_ABSORB, id, x, y, bounces, distance, 0, 0);
      pushVertex(x, y);
      return eventCount;
    }
    if (kind === KIND_GONG) {
      const g = id - WALLS;
      // First strike of this gong in this shot rings (+25) and refills the budget, even with the cap spent.
      if (load<u8>(FLAGS + <usize>g) === 0) {
        store<u8>(FLAGS + <usize>g, 1);
        remaining = BUDGET;
        pushEvent(EVENT_GONG, id, x, y, bounces, distance, <f64>GONG_POINTS, 0);
        if (capReached(x, y, bounces, distance)) return eventCount;
      }
    }
    if (bounces >= bounceCap) {
      pushEvent(EVENT_FADE, id, x, y, bounces, distance, 0, <f64>FADE_BOUNCE_CAP);
      pushVertex(x, y);
      return eventCount;
    }
    if (kind === 0 || kind === KIND_RECT) {
      if (flipX) dx = -dx;
      if (flipY) dy = -dy;
    } else {
      let nx = nx0;
      let ny = ny0;
      if (kind === KIND_GONG) {
        const g = id - WALLS;
        nx = x - rec(g, 1);
        ny = y - rec(g, 2);
        const len = Math.sqrt(nx * nx + ny * ny);
        nx = nx / len;
        ny = ny / len;
      }
      const k = dx * nx + dy * ny;
      dx = dx - 2 * k * nx;
      dy = dy - 2 * k * ny;
    }
    dx = round9(dx);
    dy = round9(dy);
    bounces++;
    pushEvent(EVENT_BOUNCE, id, x, y, bounces, distance, 0, 0);
    pushVertex(x, y);
    px = x;
    py = y;
    excluded = id;
    if (capReached(x, y, bounces, distance)) return eventCount;
  }
}

/** A shot from the brazier at table angle `index` (0 = 15.0 deg ... 1500 = 165.0 deg) with the full budget. */
export function shoot(index: i32, bounceCap: i32, count: i32): i32 {
  return flight(<f64>BRAZIER_X, <f64>BRAZIER_Y, directionX(index), directionY(index), BUDGET, bounceCap, count);
}

/** Every legal angle in turn (for benchmarks): returns the total number of events, so nothing is optimised away. */
export function sweep(bounceCap: i32, count: i32): i32 {
  let total = 0;
  for (let i = 0; i < ANGLE_COUNT; i++) total += shoot(i, bounceCap, count);
  return total;
}

// Tracing (layout generation, issue 14). Lanterns are pass-through and never change a flight, so the segments of
// every angle's path depend only on the geometry (walls, beams, screens, gongs): trace them once per geometry, then
// score any set of lanterns against the stored segments with the same lanternContact as a real shot. With the wave
// table (at most 8 bounces, one gong ring, 8 lanterns) a flight records at most 18 events, so the 64-event cap,
// the only way lanterns could shorten a flight, never triggers (the caller checks that bound: src/trace.ts);
// traceAll refuses bounce caps beyond its room.
const TRACE_REC: i32 = 5; // px, py, dx, dy, tEnd
const BOX_REC: i32 = 4; // minX, maxX, minY, maxY, one unit wider on every side
const MAX_TRACE_SEGS: i32 = 12;
// Segment s of angle i lives in slot i * MAX_TRACE_SEGS + s. Neighbouring angles fly nearly the same path, so the
// segments of level s of BLOCK consecutive angles share one bounding box: a lantern far from it skips them all.
const BLOCK: i32 = 8;
const BLOCKS: i32 = (ANGLE_COUNT + BLOCK - 1) / BLOCK;
const SLOTS: i32 = ANGLE_COUNT * MAX_TRACE_SEGS;
const TRACE: usize = memory.data(SLOTS * TRACE_REC * 8, 16);
const SEG_BOX: usize = memory.data(SLOTS * BOX_REC * 8, 16);
const BLOCK_BOX: usize = memory.data(MAX_TRACE_SEGS * BLOCKS * BOX_REC * 8, 16);
// And SUPER blocks of blocks share a box again: most lanterns are far from most of a level's segments.
const SUPER: i32 = 8;
const SUPERS: i32 = (BLOCKS + SUPER - 1) / SUPER;
const SUPER_BOX: usize = memory.data(MAX_TRACE_SEGS * SUPERS * BOX_REC * 8, 16);
const TRACE_COUNT: usize = memory.data(ANGLE_COUNT * 4, 16);
const MASKS: usize = memory.data(ANGLE_COUNT * 4, 16);
let tracing: bool = false;
let traceSegs: i32 = 0;
let traceAngle: i32 = 0;
let traceLevels: i32 = 0;

export function masksPtr(): usize {
  return MASKS;
}

function widen(q: usize, minX: f64, maxX: f64, minY: f64, maxY: f64): void {
  store<f64>(q, Math.min(load<f64>(q), minX));
  store<f64>(q, Math.max(load<f64>(q, 8), maxX), 8);
  store<f64>(q, Math.min(load<f64>(q, 16), minY), 16);
  store<f64>(q, Math.max(load<f64>(q, 24), maxY), 24);
}

function emptyBoxes(at: usize, n: i32): void {
  for (let k = 0; k < n; k++) {
    const q = at + ((<usize>(k * BOX_REC)) << 3);
    store<f64>(q, Infinity);
    store<f64>(q, -Infinity, 8);
    store<f64>(q, Infinity, 16);
    store<f64>(q, -Infinity, 24);
  }
}

/** Records one segment of the angle being traced, with its widened bounding box, into its block's box too. */
function recordSegment(px: f64, py: f64, dx: f64, dy: f64, tEnd: f64): void {
  if (traceSegs >= MAX_TRACE_SEGS) return;
  const slot = traceAngle * MAX_TRACE_SEGS + traceSegs;
  const p = TRACE + ((<usize>(slot * TRACE_REC)) << 3);
  store<f64>(p, px);
  store<f64>(p, py, 8);
  store<f64>(p, dx, 16);
  store<f64>(p, dy, 24);
  store<f64>(p, tEnd, 32);
  // A lantern whose circle misses this box cannot touch the segment: the one-unit margin dwarfs any rounding in
  // lanternContact, so the exact test only runs where contact is possible and no result changes.
  const ex = px + tEnd * dx;
  const ey = py + tEnd * dy;
  const minX = Math.min(px, ex) - 1;
  const maxX = Math.max(px, ex) + 1;
  const minY = Math.min(py, ey) - 1;
  const maxY = Math.max(py, ey) + 1;
  const b = SEG_BOX + ((<usize>(slot * BOX_REC)) << 3);
  store<f64>(b, minX);
  store<f64>(b, maxX, 8);
  store<f64>(b, minY, 16);
  store<f64>(b, maxY, 24);
  widen(BLOCK_BOX + ((<usize>((traceSegs * BLOCKS + traceAngle / BLOCK) * BOX_REC)) << 3), minX, maxX, minY, maxY);
  widen(SUPER_BOX + ((<usize>((traceSegs * SUPERS + traceAngle / (BLOCK * SUPER)) * BOX_REC)) << 3), minX, maxX, minY, maxY);
  traceSegs++;
  if (traceSegs > traceLevels) traceLevels = traceSegs;
}

/**
 * Traces all 1,501 angles over the first `count` layout records, which must hold no lantern (pass the geometry:
 * beams, screens, gongs). Returns the number of segments stored, or -1 when `bounceCap` exceeds the trace's room.
 */
export function traceAll(bounceCap: i32, count: i32): i32 {
  if (bounceCap + 1 > MAX_TRACE_SEGS) return -1;
  emptyBoxes(BLOCK_BOX, MAX_TRACE_SEGS * BLOCKS);
  emptyBoxes(SUPER_BOX, MAX_TRACE_SEGS * SUPERS);
  tracing = true;
  traceLevels = 0;
  let total = 0;
  for (let i = 0; i < ANGLE_COUNT; i++) {
    traceAngle = i;
    traceSegs = 0;
    shoot(i, bounceCap, count);
    store<i32>(TRACE_COUNT + ((<usize>i) << 2), traceSegs);
    total += traceSegs;
  }
  tracing = false;
  return total;
}

/**
 * Scans the traced segments for lantern record r (bit `bit`), skipping whole super-blocks and blocks whose box it
 * misses. With `record`, every angle whose flight touches it gets the bit in its mask; without, the scan stops at the
 * first touch. Returns whether some angle touches it.
 */
function scanLantern(r: i32, bit: i32, record: bool): bool {
  const cx = rec(r, 1);
  const cy = rec(r, 2);
  const cr = rec(r, 3);
  const x0 = cx - cr;
  const x1 = cx + cr;
  const y0 = cy - cr;
  const y1 = cy + cr;
  let found = false;
  for (let s = 0; s < traceLevels; s++) {
    for (let blk = 0; blk < BLOCKS; blk++) {
      if (blk % SUPER === 0) {
        const sq = SUPER_BOX + ((<usize>((s * SUPERS + blk / SUPER) * BOX_REC)) << 3);
        if (x1 < load<f64>(sq) || x0 > load<f64>(sq, 8) || y1 < load<f64>(sq, 16) || y0 > load<f64>(sq, 24)) {
          blk += SUPER - 1;
          continue;
        }
      }
      const q = BLOCK_BOX + ((<usize>((s * BLOCKS + blk) * BOX_REC)) << 3);
      if (x1 < load<f64>(q) || x0 > load<f64>(q, 8) || y1 < load<f64>(q, 16) || y0 > load<f64>(q, 24)) continue;
      const end = Math.min(blk * BLOCK + BLOCK, ANGLE_COUNT);
      for (let i = blk * BLOCK; i < end; i++) {
        if (s >= load<i32>(TRACE_COUNT + ((<usize>i) << 2))) continue;
        const m = MASKS + ((<usize>i) << 2);
        if (record && (load<i32>(m) & bit) !== 0) continue;
        const slot = i * MAX_TRACE_SEGS + s;
        const b = SEG_BOX + ((<usize>(slot * BOX_REC)) << 3);
        if (x1 < load<f64>(b) || x0 > load<f64>(b, 8) || y1 < load<f64>(b, 16) || y0 > load<f64>(b, 24)) continue;
        const p = TRACE + ((<usize>(slot * TRACE_REC)) << 3);
        if (lanternContact(load<f64>(p), load<f64>(p, 8), load<f64>(p, 16), load<f64>(p, 24), cx, cy, cr, load<f64>(p, 32)) < 0) continue;
        if (!record) return true;
        store<i32>(m, load<i32>(m) | bit);
        found = true;
      }
    }
  }
  return found;
}

/**
 * For every traced angle, the bit mask of the lanterns in layout records first .. first + n - 1 (all unlit) that its
 * flight lights: exactly the lanterns a real shot at that angle lights on the full layout. Writes the masks at
 * masksPtr and returns their union.
 */
export function traceMasks(first: i32, n: i32): i32 {
  for (let i = 0; i < ANGLE_COUNT; i++) store<i32>(MASKS + ((<usize>i) << 2), 0);
  let reached = 0;
  for (let j = 0; j < n; j++) if (scanLantern(first + j, 1 << j, true)) reached |= 1 << j;
  return reached;
}

/**
 * Which of the lanterns in `which` (bit j = record first + j) some traced angle lights, each scan stopping at the
 * first touch: the generator's question while it moves lanterns (the masks are needed only once they all are).
 */
export function traceReach(first: i32, n: i32, which: i32): i32 {
  let reached = 0;
  for (let j = 0; j < n; j++) if ((which & (1 << j)) !== 0 && scanLantern(first + j, 1 << j, false)) reached |= 1 << j;
  return reached;
}

// The cast grid: 9 x 12 cells of 120 units over the arena. Each candidate entity (beam, diagonal, screen, gong)
// is listed in every cell its bounding box, one unit wider on every side, touches. A traced cast walks the cells
// along the ray in order and stops after the first cell whose exit lies beyond the best hit: an entity listed in no
// cell walked so far has every point more than a unit away from the ray's path up to that exit, so it cannot be hit
// before it (the margin dwarfs rounding in the walk). With consider()'s order on (t, id) the winner is exactly the
// full scan's; test/trace.test.ts compares traced segments with plain shots.
const CELL: f64 = <f64>GRID_CELL;
const NX: i32 = GRID_COLS;
const NY: i32 = GRID_ROWS;
const CELL_CAP: i32 = 24;
const GRID_N: usize = memory.data(NX * NY * 4, 16);
const GRID_ITEMS: usize = memory.data(NX * NY * CELL_CAP * 4, 16);
const STAMPS: usize = memory.data(MAX_ENTITIES * 4, 16);
let stamp: i32 = 0;
let gridOk: bool = false;
let gridOn: bool = true;

/**
 * Indexes the first `count` layout records in the grid; call after writing records (FlightSim.load does). Without
 * it, or when a cell overflows, casts scan every entity, which gives the same results.
 */
export function indexLayout(count: i32): void {
  for (let i = 0; i < MAX_ENTITIES; i++) store<i32>(STAMPS + ((<usize>i) << 2), 0);
  stamp = 0;
  gridOk = buildGrid(count);
}

/** Tests and benchmarks only: 0 makes every cast scan all entities (the reference the grid is compared with). */
export function setGridEnabled(on: i32): void {
  gridOn = on !== 0;
}

/** The cell index along one axis holding coordinate v (clamped; integer comparisons, no float-to-int cast). */
function cellOf(v: f64, n: i32): i32 {
  let c = 0;
  while (c < n - 1 && <f64>(c + 1) * CELL <= v) c++;
  return c;
}

/** Lists the candidate entities among the first `count` records in the grid; false when a cell overflows. */
function buildGrid(count: i32): bool {
  for (let k = 0; k < NX * NY; k++) store<i32>(GRID_N + ((<usize>k) << 2), 0);
  for (let i = 0; i < count; i++) {
    const kind = rec(i, 0);
    let x0: f64 = 0;
    let x1: f64 = 0;
    let y0: f64 = 0;
    let y1: f64 = 0;
    if (kind === <f64>KIND_RECT || kind === <f64>KIND_SCREEN || kind === <f64>KIND_DIAG) {
      x0 = Math.min(rec(i, 1), rec(i, 3));
      x1 = Math.max(rec(i, 1), rec(i, 3));
      y0 = Math.min(rec(i, 2), rec(i, 4));
      y1 = Math.max(rec(i, 2), rec(i, 4));
    } else if (kind === <f64>KIND_GONG) {
      x0 = rec(i, 1) - rec(i, 3);
      x1 = rec(i, 1) + rec(i, 3);
      y0 = rec(i, 2) - rec(i, 3);
      y1 = rec(i, 2) + rec(i, 3);
    } else continue;
    // Wholly beyond a wall (with the margin): the wall is always met first.
    if (x1 + 1 < 0 || x0 - 1 > ARENA_W || y1 + 1 < 0 || y0 - 1 > ARENA_H) continue;
    const c0 = cellOf(x0 - 1, NX);
    const c1 = cellOf(x1 + 1, NX);
    const r0 = cellOf(y0 - 1, NY);
    const r1 = cellOf(y1 + 1, NY);
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const cell = r * NX + c;
        const np = GRID_N + ((<usize>cell) << 2);
        const n = load<i32>(np);
        if (n >= CELL_CAP) return false;
        store<i32>(GRID_ITEMS + ((<usize>(cell * CELL_CAP + n)) << 2), i);
        store<i32>(np, n + 1);
      }
  }
  return true;
}

/** The entity part of a cast from inside the arena, walking the grid cells along the ray (see above). */
function castGrid(px: f64, py: f64, dx: f64, dy: f64, excluded: i32): void {
  let cx = cellOf(px, NX);
  let cy = cellOf(py, NY);
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  let tMaxX = dx > 0 ? (<f64>(cx + 1) * CELL - px) / dx : dx < 0 ? (<f64>cx * CELL - px) / dx : Infinity;
  let tMaxY = dy > 0 ? (<f64>(cy + 1) * CELL - py) / dy : dy < 0 ? (<f64>cy * CELL - py) / dy : Infinity;
  const tDeltaX = dx !== 0 ? CELL / Math.abs(dx) : Infinity;
  const tDeltaY = dy !== 0 ? CELL / Math.abs(dy) : Infinity;
  stamp++;
  while (true) {
    const cell = cy * NX + cx;
    const n = load<i32>(GRID_N + ((<usize>cell) << 2));
    for (let k = 0; k < n; k++) {
      const i = load<i32>(GRID_ITEMS + ((<usize>(cell * CELL_CAP + k)) << 2));
      const sp = STAMPS + ((<usize>i) << 2);
      if (load<i32>(sp) === stamp) continue;
      store<i32>(sp, stamp);
      if (i + WALLS !== excluded) consider(i, px, py, dx, dy);
    }
    if (castBest < Math.min(tMaxX, tMaxY)) return;
    if (tMaxX < tMaxY) {
      cx += stepX;
      if (cx < 0 || cx >= NX) return;
      tMaxX += tDeltaX;
    } else {
      cy += stepY;
      if (cy < 0 || cy >= NY) return;
      tMaxY += tDeltaY;
    }
  }
}
