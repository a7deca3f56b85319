// Column generation from @hearth/rng. Drawn column n uses draws rngState + slot for fixed slots
// 0..BUDGET-1 (the slot table below), so every scrolling turn consumes exactly BUDGET draws whatever
// the column turns out to be; unused slots are simply skipped.
import { below, percent, streamId } from '@hearth/rng';
import { type BoardViews, CRAG, DRIFTER, FULL_HP_BY_CODE, GATE, KNOT, LANES, MOTE, RIMESHELL, SPARKER, SQUALL, WARDEN } from './board.ts';
import { gateColumnAt, reachOfColumn, tier } from './schedule.ts';

export const COLUMN_STREAM = streamId('stormlark/columns');

/** Slot table: which draw of a column's budget decides what. */
export const SLOTS = {
  wall: 0,
  wallGap: 1,
  /** the solid count's jitter (-1, 0, +1) */
  count: 2,
  /** 3..9: crag-run continuation roll for lanes 0..6 */
  run: 3,
  /** 10..15: the six Fisher-Yates swaps of the lane order */
  shuffle: 10,
  /** 16..22: basalt roll of the k-th new solid (or of wall lane k) */
  basalt: 16,
  /** 23..29: kind roll of the k-th new solid */
  kind: 23,
  /** 30..36: drift roll of the k-th new solid */
  drift: 30,
  mote: 37,
  moteLane: 38,
  squall: 39,
  squallLane: 40,
  /** the solid count's extra quarter roll */
  extra: 41,
} as const;

// Scratch for one column (generation is synchronous and never re-entered).
const kinds = new Int32Array(LANES);
const drifts = new Int32Array(LANES);
const order = new Int32Array(LANES);

function place(b: BoardViews, col: number, lane: number, kind: number, drift: number, id: number): void {
  const cell = col * LANES + lane;
  b.kind[cell] = kind;
  b.hp[cell] = FULL_HP_BY_CODE[kind]!;
  b.drift[cell] = drift;
  b.id[cell] = id;
  b.slot[cell] = -1;
}

const draw = (seed: number, cursor: number, slot: number, k: number) => below(seed, COLUMN_STREAM, (cursor + slot) >>> 0, k);
const roll = (seed: number, cursor: number, slot: number, pct: number) => percent(seed, COLUMN_STREAM, (cursor + slot) >>> 0, pct);

/** A uniformly chosen empty lane of the column being drawn (draw `slot`), or -1. */
function pickEmpty(seed: number, cursor: number, slot: number): number {
  let empty = 0;
  for (let lane = 0; lane < LANES; lane++) if (kinds[lane] === 0) empty++;
  if (empty === 0) return -1;
  let k = draw(seed, cursor, slot, empty);
  for (let lane = 0; lane < LANES; lane++) if (kinds[lane] === 0 && k-- === 0) return lane;
  return -1;
}

/**
 * Draws column number `n` (1-based over the run) into board column `col` (which must be empty),
 * reading column col-1 for crag runs and the whole board for the warden cap. Returns the next free id.
 */
export function drawColumn(b: BoardViews, seed: number, cursor: number, n: number, col: number, nextId: number): number {
  const base = col * LANES;
  if (gateColumnAt(n)) {
    for (let lane = 0; lane < LANES; lane++) place(b, col, lane, GATE, 0, nextId++);
    return nextId;
  }
  const t = tier(reachOfColumn(n));

  // (A tier without walls has wallPct 0, and roll(..., 0) is never true: the draw is a stateless hash.)
  if (roll(seed, cursor, SLOTS.wall, t.wallPct)) {
    // a full wall of static solids with a single gap; nothing else shares a wall column
    const gap = draw(seed, cursor, SLOTS.wallGap, LANES);
    for (let lane = 0; lane < LANES; lane++) {
      if (lane === gap) continue;
      place(b, col, lane, roll(seed, cursor, SLOTS.basalt + lane, t.basaltPct) ? CRAG : KNOT, 0, nextId++);
    }
    return nextId;
  }

  // Which lanes get a solid: crag runs continue first, then lanes in a shuffled order.
  const q = t.solidsQuarters;
  const count = (q >> 2) + (draw(seed, cursor, SLOTS.extra, 4) < (q & 3) ? 1 : 0) + draw(seed, cursor, SLOTS.count, 3) - 1;
  kinds.fill(0);
  drifts.fill(0);
  let placed = 0;
  const prev = base - LANES;
  for (let lane = 0; lane < LANES && placed < count; lane++) {
    if (prev >= 0 && b.kind[prev + lane] === CRAG && roll(seed, cursor, SLOTS.run + lane, t.runPct)) {
      kinds[lane] = CRAG;
      placed++;
    }
  }
  for (let i = 0; i < LANES; i++) order[i] = i;
  for (let i = LANES - 1; i > 0; i--) {
    const j = draw(seed, cursor, SLOTS.shuffle + (LANES - 1 - i), i + 1);
    const a = order[i]!;
    order[i] = order[j]!;
    order[j] = a;
  }
  let wardens = 0;
  if (t.weights.warden > 0) for (let cell = 0; cell < b.kind.length; cell++) if (b.kind[cell] === WARDEN) wardens++;
  let wardenHere = false;
  const w = t.weights;
  const total = w.knot + w.drifter + w.rimeshell + w.sparker + w.warden;
  for (let k = 0; k < LANES && placed < count; k++) {
    const lane = order[k]!;
    if (kinds[lane] !== 0) continue;
    const s = placed; // the k-th new solid uses slot s of each per-solid table
    placed++;
    if (roll(seed, cursor, SLOTS.basalt + s, t.basaltPct)) {
      kinds[lane] = CRAG;
      continue;
    }
    const x = draw(seed, cursor, SLOTS.kind + s, total);
    let kind = WARDEN;
    if (x < w.knot) kind = KNOT;
    else if (x < w.knot + w.drifter) kind = DRIFTER;
    else if (x < w.knot + w.drifter + w.rimeshell) kind = RIMESHELL;
    else if (x < w.knot + w.drifter + w.rimeshell + w.sparker) kind = SPARKER;
    // at most 2 wardens alive and at most 1 per column; a warden roll beyond the cap becomes a knot
    if (kind === WARDEN) {
      if (wardens >= 2 || wardenHere) kind = KNOT;
      else {
        wardens++;
        wardenHere = true;
      }
    }
    kinds[lane] = kind;
    if (kind === DRIFTER) drifts[lane] = draw(seed, cursor, SLOTS.drift + s, 2) === 0 ? -1 : 1;
  }
  // One mote, then one squall, each in a uniformly chosen empty lane of this column.
  if (roll(seed, cursor, SLOTS.mote, t.motePct)) {
    const lane = pickEmpty(seed, cursor, SLOTS.moteLane);
    if (lane >= 0) kinds[lane] = MOTE;
  }
  if (roll(seed, cursor, SLOTS.squall, t.squallPct)) {
    const lane = pickEmpty(seed, cursor, SLOTS.squallLane);
    if (lane >= 0) kinds[lane] = SQUALL;
  }
  for (let lane = 0; lane < LANES; lane++) if (kinds[lane] !== 0) place(b, col, lane, kinds[lane]!, drifts[lane]!, nextId++);
  return nextId;
}
