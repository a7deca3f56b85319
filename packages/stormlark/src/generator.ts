// Column generation from @hearth/rng. Drawn column n uses draws rngState + slot for fixed slots
// 0..BUDGET-1 (the slot table below), so every scrolling turn consumes exactly BUDGET draws whatever
// the column turns out to be; unused slots are simply skipped.
import { below, percent, range, streamId } from '@hearth/rng';
import { type BoardViews, CRAG, DRIFTER, GATE, KNOT, LANES, MOTE, RIMESHELL, SPARKER, SQUALL, WARDEN } from './board.ts';
import { gateColumnAt, reachOfColumn, tier } from './schedule.ts';

export const COLUMN_STREAM = streamId('stormlark/columns');

/** Slot table: which draw of a column's budget decides what. */
export const SLOTS = {
  wall: 0,
  wallGap: 1,
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
} as const;

const HP: readonly number[] = [0, 0, 1, 1, 2, 1, 4, 0, 0, 0];

function place(b: BoardViews, col: number, lane: number, kind: number, drift: number, id: number): void {
  const cell = col * LANES + lane;
  b.kind[cell] = kind;
  b.hp[cell] = HP[kind]!;
  b.drift[cell] = drift;
  b.id[cell] = id;
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
  const draw = (slot: number, k: number) => below(seed, COLUMN_STREAM, (cursor + slot) >>> 0, k);
  const roll = (slot: number, pct: number) => percent(seed, COLUMN_STREAM, (cursor + slot) >>> 0, pct);

  if (t.wallPct > 0 && roll(SLOTS.wall, t.wallPct)) {
    // a full wall of static solids with a single gap; nothing else shares a wall column
    const gap = draw(SLOTS.wallGap, LANES);
    for (let lane = 0; lane < LANES; lane++) {
      if (lane === gap) continue;
      place(b, col, lane, roll(SLOTS.basalt + lane, t.basaltPct) ? CRAG : KNOT, 0, nextId++);
    }
    return nextId;
  }

  // Which lanes get a solid: crag runs continue first, then lanes in a shuffled order.
  const count = range(seed, COLUMN_STREAM, (cursor + SLOTS.count) >>> 0, t.solidsMin, t.solidsMax);
  const kinds = [0, 0, 0, 0, 0, 0, 0];
  let placed = 0;
  const prev = base - LANES;
  for (let lane = 0; lane < LANES && placed < count; lane++) {
    if (prev >= 0 && b.kind[prev + lane] === CRAG && roll(SLOTS.run + lane, t.runPct)) {
      kinds[lane] = CRAG;
      placed++;
    }
  }
  const order = [0, 1, 2, 3, 4, 5, 6];
  for (let i = LANES - 1; i > 0; i--) {
    const j = draw(SLOTS.shuffle + (LANES - 1 - i), i + 1);
    const a = order[i]!;
    order[i] = order[j]!;
    order[j] = a;
  }
  let wardens = 0;
  for (let cell = 0; cell < b.kind.length; cell++) if (b.kind[cell] === WARDEN) wardens++;
  let wardenHere = false;
  const drifts = [0, 0, 0, 0, 0, 0, 0];
  const w = t.weights;
  const total = w.knot + w.drifter + w.rimeshell + w.sparker + w.warden;
  for (let k = 0; k < LANES && placed < count; k++) {
    const lane = order[k]!;
    if (kinds[lane] !== 0) continue;
    const s = placed; // the k-th new solid uses slots s of each per-solid table
    placed++;
    if (roll(SLOTS.basalt + s, t.basaltPct)) {
      kinds[lane] = CRAG;
      continue;
    }
    const x = draw(SLOTS.kind + s, total);
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
    if (kind === DRIFTER) drifts[lane] = draw(SLOTS.drift + s, 2) === 0 ? -1 : 1;
  }
  // One mote, then one squall, each in a uniformly chosen empty lane of this column.
  const pickEmpty = (slot: number): number => {
    let empty = 0;
    for (let lane = 0; lane < LANES; lane++) if (kinds[lane] === 0) empty++;
    if (empty === 0) return -1;
    let k = draw(slot, empty);
    for (let lane = 0; lane < LANES; lane++) if (kinds[lane] === 0 && k-- === 0) return lane;
    return -1;
  };
  if (roll(SLOTS.mote, t.motePct)) {
    const lane = pickEmpty(SLOTS.moteLane);
    if (lane >= 0) kinds[lane] = MOTE;
  }
  if (t.squallPct > 0 && roll(SLOTS.squall, t.squallPct)) {
    const lane = pickEmpty(SLOTS.squallLane);
    if (lane >= 0) kinds[lane] = SQUALL;
  }
  for (let lane = 0; lane < LANES; lane++) if (kinds[lane] !== 0) place(b, col, lane, kinds[lane]!, drifts[lane]!, nextId++);
  return nextId;
}
