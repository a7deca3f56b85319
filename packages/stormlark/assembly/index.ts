// Stormlark's kernel: the world's own step (sparker discharge, movers, scroll) and the survivability
// search and repair. The board crosses the boundary as five flat i32 arrays in linear memory
// (kind, hp, drift, id, and the caller's slot index), one entry per cell, cell = col * 7 + lane. The
// TypeScript rules write the board, call advance()/repair(), and read it back; the search simulates the world with the very same
// moveColumn() the real step uses, so there is one copy of the mover rules. Nothing here draws from the RNG.

import {
  CELLS,
  COLS,
  CRAG,
  DRIFTER,
  EMPTY,
  FIELD_DRIFT,
  FIELD_HP,
  FIELD_ID,
  FIELD_KIND,
  FIELD_SLOT,
  FIELDS,
  HORIZON,
  LANES,
  SPARKER,
  WARDEN,
} from './constants';

const BYTES: i32 = CELLS * 4;
const BOARD_BYTES: i32 = BYTES * FIELDS;

// The shared board, then one scratch board per search depth (0..HORIZON), then mover scratch.
const BOARD: usize = memory.data(BOARD_BYTES);
const SCRATCH: usize = memory.data(BOARD_BYTES * (HORIZON + 1));
const MOVERS: usize = memory.data(LANES * 4);
const SAVED: usize = memory.data(FIELDS * 4);

function kindAt(b: usize, cell: i32): i32 {
  return load<i32>(b + ((<usize>cell) << 2));
}

function _setKind(b: usize, cell: i32, v: i32): void {
  store<i32>(b + ((<usize>cell) << 2), v);
}

function field(b: usize, f: i32, cell: i32): i32 {
  return load<i32>(b + <usize>(f * BYTES) + ((<usize>cell) << 2));
}

function setField(b: usize, f: i32, cell: i32, v: i32): void {
  store<i32>(b + <usize>(f * BYTES) + ((<usize>cell) << 2), v);
}

function isSolid(k: i32): bool {
  return k >= CRAG && k <= WARDEN;
}

function clearCell(b: usize, cell: i32): void {
  setField(b, FIELD_KIND, cell, EMPTY);
  setField(b, FIELD_HP, cell, 0);
  setField(b, FIELD_DRIFT, cell, 0);
  setField(b, FIELD_ID, cell, 0);
  setField(b, FIELD_SLOT, cell, -1);
}

function moveCell(b: usize, from: i32, to: i32): void {
  for (let f = 0; f < FIELDS; f++) setField(b, f, to, field(b, f, from));
  clearCell(b, from);
}

/** Pointer to the shared board (kind[70], hp[70], drift[70], id[70], slot[70] as i32, cell = col * 7 + lane). */
export function board(): usize {
  return BOARD;
}

/**
 * Rule step 4 for one column: drifters move one lane in their drift direction, wardens (when this is
 * a warden step) one lane toward the ship, in ascending id order. Both clamp at lanes 0 and 6: a
 * drifter whose next lane is off the board or occupied reverses its drift and holds this step; a
 * warden on the ship's lane or facing an occupied cell holds.
 */
export function moveColumn(b: usize, col: i32, shipLane: i32, wardenMove: bool): void {
  let n = 0;
  const base = col * LANES;
  for (let lane = 0; lane < LANES; lane++) {
    const k = kindAt(b, base + lane);
    if (k === DRIFTER || (wardenMove && k === WARDEN)) {
      // insertion by id: movers act in ascending id order
      const id = field(b, FIELD_ID, base + lane);
      let j = n;
      while (j > 0) {
        const other = load<i32>(MOVERS + ((<usize>(j - 1)) << 2));
        if (field(b, FIELD_ID, base + other) <= id) break;
        store<i32>(MOVERS + ((<usize>j) << 2), other);
        j--;
      }
      store<i32>(MOVERS + ((<usize>j) << 2), lane);
      n++;
    }
  }
  for (let i = 0; i < n; i++) {
    const lane = load<i32>(MOVERS + ((<usize>i) << 2));
    const cell = base + lane;
    if (kindAt(b, cell) === DRIFTER) {
      const d = field(b, FIELD_DRIFT, cell);
      const target = lane + d;
      // the board edge clamps like an occupied cell: reverse and hold this step
      if (target < 0 || target >= LANES || kindAt(b, base + target) !== EMPTY) setField(b, FIELD_DRIFT, cell, -d);
      else moveCell(b, cell, base + target);
    } else {
      if (lane === shipLane) continue;
      const target = shipLane > lane ? lane + 1 : lane - 1;
      if (kindAt(b, base + target) === EMPTY) moveCell(b, cell, base + target);
    }
  }
}

/**
 * Rule steps 3 to 5 on the shared board: every sparker in column 1 discharges and is spent, movers
 * move, everything scrolls one column left (column 0 falls off, column 9 is left empty for the draw).
 * Returns the bit mask of lanes a discharge swept (bit `lane`).
 */
export function advance(shipLane: i32, wardenMove: bool): i32 {
  let mask = 0;
  for (let lane = 0; lane < LANES; lane++) {
    if (kindAt(BOARD, LANES + lane) === SPARKER) {
      mask |= 1 << lane;
      clearCell(BOARD, LANES + lane);
    }
  }
  for (let col = 1; col < COLS; col++) moveColumn(BOARD, col, shipLane, wardenMove);
  // plain loops, not memory.copy: the JavaScript build (wasm2js) has no bulk-memory operations
  for (let f = 0; f < FIELDS; f++) {
    const p = BOARD + <usize>(f * BYTES);
    for (let i = 0; i < CELLS - LANES; i++) store<i32>(p + ((<usize>i) << 2), load<i32>(p + ((<usize>(i + LANES)) << 2)));
    for (let i = CELLS - LANES; i < CELLS; i++) store<i32>(p + ((<usize>i) << 2), 0);
  }
  return mask;
}

function scratch(depth: i32): usize {
  return SCRATCH + <usize>(depth * BOARD_BYTES);
}

/** Copies the window the search reads (columns 1..HORIZON of kind, hp, drift and id; slot is not needed). */
function copyBoard(to: usize, from: usize): void {
  for (let f = 0; f < FIELD_SLOT; f++) {
    const off = <usize>(f * BYTES + LANES * 4);
    for (let i: usize = 0; i < <usize>(HORIZON * LANES * 4); i += 4) store<i32>(to + off + i, load<i32>(from + off + i));
  }
}

/**
 * One hypothetical turn `t` (0-based) of the next HORIZON turns on board `b`, where the columns keep
 * their current indices: the column now at index t + 1 is the one at column 1 this turn. The ship has
 * already moved to `ship`. Returns true when the ship takes no hull: no discharge in its lane, and no
 * solid in its lane when that column reaches column 0.
 */
function simTurn(b: usize, t: i32, ship: i32, wardenMove: bool): bool {
  const near = t + 1;
  let safe = true;
  for (let lane = 0; lane < LANES; lane++) {
    const cell = near * LANES + lane;
    if (kindAt(b, cell) === SPARKER) {
      if (lane === ship) safe = false;
      clearCell(b, cell);
    }
  }
  for (let col = near; col <= HORIZON; col++) moveColumn(b, col, ship, wardenMove);
  if (isSolid(kindAt(b, near * LANES + ship))) safe = false;
  return safe;
}

function wardenStep(column: i32, t: i32): bool {
  return ((column + t) & 1) === 0;
}

function hasWarden(b: usize): bool {
  for (let cell = LANES; cell < (HORIZON + 1) * LANES; cell++) if (kindAt(b, cell) === WARDEN) return true;
  return false;
}

function dfs(t: i32, ship: i32, depth: i32, column: i32): bool {
  // scratch(t) holds the board before turn t; try staying, then up, then down.
  for (let m = 0; m < 3; m++) {
    const lane = m === 0 ? ship : m === 1 ? ship - 1 : ship + 1;
    if (lane < 0 || lane >= LANES) continue;
    copyBoard(scratch(t + 1), scratch(t));
    if (!simTurn(scratch(t + 1), t, lane, wardenStep(column, t))) continue;
    if (t + 1 >= depth || dfs(t + 1, lane, depth, column)) return true;
  }
  return false;
}

/**
 * The survivability search: the first column c in 1..HORIZON such that no lane can cross columns
 * 1..c with UP, DOWN and VENT alone, or 0 when some lane crosses all HORIZON columns. The search runs
 * from every lane at once: without wardens the world does not depend on the ship, so it propagates a
 * 7-bit frontier of survivable lanes through per-turn danger masks; with a warden in columns 1..3 it
 * searches every lane sequence, because wardens steer toward the ship.
 */
export function failingColumn(column: i32): i32 {
  if (!hasWarden(BOARD)) {
    const b = scratch(0);
    copyBoard(b, BOARD);
    let frontier = (1 << LANES) - 1;
    for (let t = 0; t < HORIZON; t++) {
      const near = t + 1;
      let danger = 0;
      for (let lane = 0; lane < LANES; lane++) {
        const cell = near * LANES + lane;
        if (kindAt(b, cell) === SPARKER) {
          danger |= 1 << lane;
          clearCell(b, cell);
        }
      }
      for (let col = near; col <= HORIZON; col++) moveColumn(b, col, 0, false);
      for (let lane = 0; lane < LANES; lane++) if (isSolid(kindAt(b, near * LANES + lane))) danger |= 1 << lane;
      frontier = (frontier | (frontier << 1) | (frontier >> 1)) & ((1 << LANES) - 1) & ~danger;
      if (frontier === 0) return near;
    }
    return 0;
  }
  for (let depth = 1; depth <= HORIZON; depth++) {
    let ok = false;
    copyBoard(scratch(0), BOARD);
    // the first turn's move lets the ship be on any lane, so the root tries every lane
    for (let lane = 0; lane < LANES && !ok; lane++) {
      copyBoard(scratch(1), scratch(0));
      if (!simTurn(scratch(1), 0, lane, wardenStep(column, 0))) continue;
      if (depth === 1 || dfs(1, lane, depth, column)) ok = true;
    }
    if (!ok) return depth;
  }
  return 0;
}

function save(cell: i32): void {
  for (let f = 0; f < FIELDS; f++) store<i32>(SAVED + ((<usize>f) << 2), field(BOARD, f, cell));
}

function restore(cell: i32): void {
  for (let f = 0; f < FIELDS; f++) setField(BOARD, f, cell, load<i32>(SAVED + ((<usize>f) << 2)));
}

/**
 * Rule step 10: while the search fails, delete one solid (crag, knot, drifter, rimeshell, sparker,
 * warden) in the first failing column c. Candidates are taken nearest the ship's lane first, ties to
 * the lower lane; the first candidate whose deletion alone makes columns 1..c crossable is deleted,
 * and when none does, the first candidate is. Only columns 1..3 are touched; motes, squalls and Gate
 * markers never are. Emptying column c always makes 1..c crossable, so this ends after at most 21
 * deletions. Returns the number of deletions.
 */
export function repair(column: i32, shipLane: i32): i32 {
  let deletions = 0;
  let fail = failingColumn(column);
  while (fail !== 0) {
    const base = fail * LANES;
    let first = -1;
    let chosen = -1;
    for (let dist = 0; dist < LANES && chosen < 0; dist++) {
      for (let side = 0; side < 2 && chosen < 0; side++) {
        if (dist === 0 && side === 1) break;
        const lane = side === 0 ? shipLane - dist : shipLane + dist;
        if (lane < 0 || lane >= LANES) continue;
        const cell = base + lane;
        if (!isSolid(kindAt(BOARD, cell))) continue;
        if (first < 0) first = lane;
        save(cell);
        clearCell(BOARD, cell);
        const now = failingColumn(column);
        if (now === 0 || now > fail) chosen = lane;
        else restore(cell);
      }
    }
    if (chosen < 0) clearCell(BOARD, base + first);
    deletions++;
    fail = failingColumn(column);
  }
  return deletions;
}

/** Pointer to the scratch board of a search depth (exported for tests that inspect the simulation). */
export function scratchBoard(depth: i32): usize {
  return scratch(depth);
}
