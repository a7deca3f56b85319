// Cragwake's kernel: the wall as a pure function of (seed, row), the difficulty curve, the repair that
// keeps a line, and the gust and rockfall schedules as pure functions of (seed, turn).
// Compiled to WASM and, from the same module, to JavaScript (wasm2js) by tooling/asbuild.
// The rules (src/) call these through KernelExports; nothing here is duplicated in TypeScript.
import { below, hash } from '@hearth/rng/assembly/index';
import {
  CELL_BREATHS_SHIFT,
  CELL_CRACKS_SHIFT,
  CELL_ICE_SHIFT,
  CELL_KIND_SHIFT,
  HELD_PITCH,
  ICE_DRY,
  ICE_ICY,
  KIND_CRIMP,
  KIND_JUG,
  KIND_PLAIN,
  PARAM_BREATHS,
  PARAM_COUNT,
  PARAM_CRACK_PCT,
  PARAM_CRIMP_PCT,
  PARAM_FROST_EVERY,
  PARAM_GUST_COLUMNS,
  PARAM_GUST_EVERY,
  PARAM_HOLDS_MAX,
  PARAM_HOLDS_MIN,
  PARAM_ICY_PCT,
  PARAM_JUG_PCT,
  PARAM_OVERHANG_PCT,
  PARAM_SWEEP_EVERY,
  PITCH_ROWS,
  S_COLUMNS,
  S_COUNT,
  S_CRACKED,
  S_CRACKS,
  S_GUST,
  S_ICY,
  S_KIND,
  S_OVERHANG,
  S_ROCK,
} from './constants';

// ---------------------------------------------------------------------------------------------
// Difficulty: the design document's table at pitches 1, 5, 8, 13, 22 and 34, held beyond 34.

const TABLE_POINTS: i32 = 6;
const PITCHES: StaticArray<i32> = [1, 5, 8, 13, 22, HELD_PITCH];
// One line per parameter, in PARAM_* order, one value per table pitch.
// biome-ignore format: one parameter a line, one value per table pitch
const TABLE: StaticArray<i32> = [
  24, 23, 22, 20, 17, 15, // tank
  4, 4, 3, 2, 2, 2, // holds a row, minimum
  5, 5, 4, 3, 3, 3, // holds a row, maximum
  34, 26, 20, 12, 12, 12, // percent of holds that are jugs
  2, 2, 2, 1, 1, 1, // breaths in a generated jug
  0, 12, 21, 36, 50, 50, // percent of holds that are crimps
  0, 8, 20, 28, 28, 28, // percent of holds that are cracked
  0, 12, 24, 40, 40, 40, // percent of rows overhanging
  0, 0, 6, 14, 14, 14, // percent of holds generated icy
  0, 0, 9, 7, 4, 4, // frost creep every N turns (0: never)
  0, 1, 1, 2, 3, 3, // gusting columns
  0, 5, 5, 4, 2, 2, // gusts every N turns (0: never)
  0, 0, 16, 11, 5, 5, // a column swept every N turns (0: never)
  6, 6, 6, 6, 5, 3, // foresight rows
];

/** floor(a / b) for b > 0, for negative a too. */
function floorDiv(a: i32, b: i32): i32 {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/**
 * A difficulty parameter at a pitch (pitch < 1 reads as 1, pitch > 34 as 34). Between two table pitches
 * pa < p < pb the value is va + round((vb - va) * (p - pa) / (pb - pa)), rounding half up (Math.round).
 * The four schedule parameters (frost every, gust columns, gusts every, sweep every) are off (0) until the
 * first table pitch where they are non-zero: a 0 at the left end of a segment holds up to its right end.
 */
export function difficulty(param: i32, pitch: i32): i32 {
  if (param < 0 || param >= PARAM_COUNT) return 0;
  let p = pitch < 1 ? 1 : pitch;
  if (p > HELD_PITCH) p = HELD_PITCH;
  let i = 0;
  while (i < TABLE_POINTS - 1 && unchecked(PITCHES[i + 1]) <= p) i++;
  const va = unchecked(TABLE[param * TABLE_POINTS + i]);
  if (i === TABLE_POINTS - 1) return va;
  const pa = unchecked(PITCHES[i]);
  if (p === pa) return va;
  const stepped = param === PARAM_FROST_EVERY || param === PARAM_GUST_COLUMNS || param === PARAM_GUST_EVERY || param === PARAM_SWEEP_EVERY;
  if (stepped && va === 0) return 0;
  const pb = unchecked(PITCHES[i + 1]);
  const vb = unchecked(TABLE[param * TABLE_POINTS + i + 1]);
  const den = pb - pa;
  return va + floorDiv(2 * (vb - va) * (p - pa) + den, 2 * den);
}

// ---------------------------------------------------------------------------------------------
// Cells. A cell is one i32: 0 is bare rock; otherwise bit 0 = 1 (a hold), bits 1-2 kind (0 jug, 1 plain,
// 2 crimp), bits 3-4 breaths, bits 5-6 cracks, bits 7-8 ice (0 dry, 1 frosting, 2 icy).

function cell(kind: i32, breaths: i32, cracks: i32, ice: i32): i32 {
  return 1 | (kind << CELL_KIND_SHIFT) | (breaths << CELL_BREATHS_SHIFT) | (cracks << CELL_CRACKS_SHIFT) | (ice << CELL_ICE_SHIFT);
}

// Output: 6 cells then the overhang flag (0/1), at a fixed place in linear memory.
const OUT: usize = memory.data(7 * 4);
// Scratch for the row being generated and the column shuffle.
const _PREV: usize = memory.data(6 * 4);
const PERM: usize = memory.data(6 * 4);

// A one-row memo of the last generated row, so that generating consecutive rows costs one raw row each.
// It never changes a result: the differential test compares memoised and cold generation.
let memoValid: bool = false;
let memoSeed: u32 = 0;
let memoRow: i32 = 0;

/** Where generateRow writes: 6 cells (i32) then the overhang flag (i32). */
export function rowBuffer(): usize {
  return OUT;
}

/** The hold mask (bit c = column c holds a hold) of 6 cells at ptr. */
function maskOf(ptr: usize): i32 {
  let m = 0;
  for (let c = 0; c < 6; c++) if (load<i32>(ptr + ((<usize>c) << 2)) !== 0) m |= 1 << c;
  return m;
}

/**
 * THE repair ("if a hold has nothing within reach in the row above, a plain solid hold is written there"):
 * given the hold masks of a row and of the row above it, the columns where the row above must receive a
 * plain solid hold. "Within reach" is a step: columns c-1..c+1 of the row directly above. "There" is the
 * column directly above, c. Columns are taken in ascending order and each written hold counts for the next.
 */
export function repairColumns(belowMask: i32, aboveMask: i32): i32 {
  let above = aboveMask & 63;
  let added = 0;
  for (let c = 0; c < 6; c++) {
    if ((belowMask & (1 << c)) === 0) continue;
    const window = (7 << c) >> 1; // columns c-1, c, c+1
    if ((above & window & 63) === 0) {
      above |= 1 << c;
      added |= 1 << c;
    }
  }
  return added;
}

// The difficulty of the pitch last generated (rows come pitch by pitch, so this is nearly always a hit).
let dPitch: i32 = 0;
let dLo: i32 = 0;
let dHi: i32 = 0;
let dJug: u32 = 0;
let dBreaths: i32 = 0;
let dCrimp: u32 = 0;
let dCracked: u32 = 0;
let dIcy: u32 = 0;
let dOverhang: u32 = 0;

function loadDifficulty(pitch: i32): void {
  if (pitch === dPitch) return;
  dPitch = pitch;
  dLo = difficulty(PARAM_HOLDS_MIN, pitch);
  dHi = difficulty(PARAM_HOLDS_MAX, pitch);
  dJug = <u32>difficulty(PARAM_JUG_PCT, pitch);
  dBreaths = difficulty(PARAM_BREATHS, pitch);
  dCrimp = <u32>difficulty(PARAM_CRIMP_PCT, pitch);
  dCracked = <u32>difficulty(PARAM_CRACK_PCT, pitch);
  dIcy = <u32>difficulty(PARAM_ICY_PCT, pitch);
  dOverhang = <u32>difficulty(PARAM_OVERHANG_PCT, pitch);
}

/** The raw (unrepaired) content of a non-ledge row into OUT. */
function rawRow(seed: u32, row: i32): void {
  loadDifficulty(row / PITCH_ROWS + 1);
  const lo = dLo;
  const hi = dHi;
  const jug = dJug;
  const breaths = dBreaths;
  const crimp = dCrimp;
  const cracked = dCracked;
  const icy = dIcy;
  const r = <u32>row;
  const n = lo + <i32>below(seed, <u32>S_COUNT, r, <u32>(hi - lo + 1));
  // n distinct columns: the first n places of a Fisher-Yates shuffle from the bottom, draw i at index row*8+i.
  for (let c = 0; c < 6; c++) {
    store<i32>(PERM + ((<usize>c) << 2), c);
    store<i32>(OUT + ((<usize>c) << 2), 0);
  }
  for (let i = 0; i < n; i++) {
    const j = i + <i32>below(seed, <u32>S_COLUMNS, r * 8 + <u32>i, <u32>(6 - i));
    const a = load<i32>(PERM + ((<usize>i) << 2));
    store<i32>(PERM + ((<usize>i) << 2), load<i32>(PERM + ((<usize>j) << 2)));
    store<i32>(PERM + ((<usize>j) << 2), a);
  }
  for (let i = 0; i < n; i++) {
    const c = load<i32>(PERM + ((<usize>i) << 2));
    const k = r * 8 + <u32>c;
    const roll = below(seed, <u32>S_KIND, k, 100);
    const kind = roll < jug ? KIND_JUG : roll < jug + crimp ? KIND_CRIMP : KIND_PLAIN;
    // A 0% roll is never true: skipping its draw changes nothing (draws are indexed, not consumed in order).
    const cracks = cracked > 0 && below(seed, <u32>S_CRACKED, k, 100) < cracked ? 1 + <i32>below(seed, <u32>S_CRACKS, k, 3) : 0;
    const ice = icy > 0 && below(seed, <u32>S_ICY, k, 100) < icy ? ICE_ICY : ICE_DRY;
    store<i32>(OUT + ((<usize>c) << 2), cell(kind, kind === KIND_JUG ? breaths : 0, cracks, ice));
  }
  const overhang = dOverhang > 0 && below(seed, <u32>S_OVERHANG, r, 100) < dOverhang ? 1 : 0;
  store<i32>(OUT + 24, overhang);
}

/** Repairs OUT against the hold mask of the row below it. */
function repairOut(belowMask: i32): void {
  const add = repairColumns(belowMask, maskOf(OUT));
  for (let c = 0; c < 6; c++) if ((add & (1 << c)) !== 0) store<i32>(OUT + ((<usize>c) << 2), cell(KIND_PLAIN, 0, 0, ICE_DRY));
}

function ledgeOut(): void {
  for (let c = 0; c < 6; c++) store<i32>(OUT + ((<usize>c) << 2), cell(KIND_JUG, 0, 0, ICE_DRY));
  store<i32>(OUT + 24, 0);
}

/**
 * Row content, a pure function of (seed, row) for row >= 0, written to rowBuffer(); returns its hold mask.
 * A row divisible by 10 is a belay ledge (six jugs, no breaths, dry, no overhang). Any other row is its raw
 * draw repaired against the row below it, that row itself generated the same way from the pitch's ledge up
 * (at most nine rows), so the chain restarts at every ledge.
 */
export function generateRow(seed: u32, row: i32): i32 {
  if (row < 0) {
    for (let c = 0; c < 7; c++) store<i32>(OUT + ((<usize>c) << 2), 0);
    memoValid = false;
    return 0;
  }
  if (memoValid && memoSeed === seed && memoRow === row) return maskOf(OUT);
  if (row % PITCH_ROWS === 0) {
    ledgeOut();
  } else if (memoValid && memoSeed === seed && memoRow === row - 1) {
    const m = maskOf(OUT);
    rawRow(seed, row);
    repairOut(m);
  } else {
    let m = 63; // the ledge below: six holds
    const ledge = row - (row % PITCH_ROWS);
    for (let r = ledge + 1; r <= row; r++) {
      rawRow(seed, r);
      repairOut(m);
      m = maskOf(OUT);
    }
  }
  memoValid = true;
  memoSeed = seed;
  memoRow = row;
  return maskOf(OUT);
}

/** Forgets the memo (the differential test generates with and without it). */
export function forgetMemo(): void {
  memoValid = false;
}

/** Bulk generation for benchmarks and tests: rows first..first+count-1, folded into one checksum. */
export function generateRowsChecksum(seed: u32, first: i32, count: i32): u32 {
  let sum: u32 = 0x811c9dc5;
  for (let k = 0; k < count; k++) {
    generateRow(seed, first + k);
    for (let c = 0; c < 7; c++) {
      sum ^= <u32>load<i32>(OUT + ((<usize>c) << 2));
      sum *= 0x01000193;
    }
  }
  return sum;
}

// ---------------------------------------------------------------------------------------------
// Gusts and rockfall: pure functions of (seed, turn), given the difficulty of the pitch they are published in.

/**
 * The columns gusting on `turn` (bit c = column c), for `columns` gusting columns every `every` turns:
 * turn t gusts when every > 0 and (t + 1) % every == 0, i.e. on the every-th, 2*every-th... turn counting
 * from 1. The columns are the first `columns` places of a Fisher-Yates shuffle of 0..5, draw i at index turn*8+i.
 */
export function gustMask(seed: u32, turn: u32, columns: i32, every: i32): i32 {
  if (every <= 0 || columns <= 0 || (turn + 1) % <u32>every !== 0) return 0;
  const n = columns > 6 ? 6 : columns;
  for (let c = 0; c < 6; c++) store<i32>(PERM + ((<usize>c) << 2), c);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const j = i + <i32>below(seed, <u32>S_GUST, turn * 8 + <u32>i, <u32>(6 - i));
    const a = load<i32>(PERM + ((<usize>i) << 2));
    const b = load<i32>(PERM + ((<usize>j) << 2));
    store<i32>(PERM + ((<usize>i) << 2), b);
    store<i32>(PERM + ((<usize>j) << 2), a);
    m |= 1 << b;
  }
  return m;
}

/** The column swept at the end of `turn`, or -1: a sweep when every > 0 and (t + 1) % every == 0, column below(6). */
export function rockfallColumn(seed: u32, turn: u32, every: i32): i32 {
  if (every <= 0 || (turn + 1) % <u32>every !== 0) return -1;
  return <i32>below(seed, <u32>S_ROCK, turn, 6);
}

/** Exposed for tests: one raw RNG draw as the kernel sees it. */
export function draw(seed: u32, stream: u32, index: u32): u32 {
  return hash(seed, stream, index);
}
