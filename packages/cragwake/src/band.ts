// What happens to the wall during play: the band moving up and out of the fog, the repair that keeps a
// line, rockfall sweeps and ice creep. All of it touches only the rows "in play": from the floor up to the
// next unclimbed belay, out of the fog. Rows under the floor are history; rows above the next belay stay
// exactly as generated until their pitch is climbed (so fogging them again when foresight shrinks loses nothing).
import type { Wall } from './generator.ts';
import {
  BAND_ROWS,
  bandBottom,
  type Cell,
  COLUMNS,
  type CragState,
  floorRow,
  type Hold,
  holdOf,
  type Ice,
  isLedgeRow,
  nextBelay,
  type Row,
} from './state.ts';

const FOG_CELLS = (): Cell[] => [null, null, null, null, null, null];
/** The same hold with other ice (holds are values: see holdOf). */
const withIce = (h: Hold, ice: Ice): Hold => holdOf(h.kind, h.breaths, h.cracks, ice);

export const foggedRow = (row: number): Row => ({ cells: FOG_CELLS(), fogged: true, overhang: false, row });

/** The highest visible row: the high point plus the foresight of the pitch being climbed. */
export const visibleTop = (wall: Wall, s: CragState): number => s.highPoint + wall.difficulty(s.pitch).foresight;

/** The band for a fresh look at the wall (init): rows max(0, H-3) .. +9, fog above H + foresight. */
export function freshBand(wall: Wall, seed: number, highPoint: number, foresight: number): Row[] {
  const band: Row[] = [];
  const bottom = bandBottom(highPoint);
  for (let r = bottom; r < bottom + BAND_ROWS; r++) band.push(r > highPoint + foresight ? foggedRow(r) : wall.row(seed, r));
  return band;
}

export function maskOfRow(r: Row): number {
  let m = 0;
  const cells = r.cells;
  for (let c = 0; c < COLUMNS; c++) if (cells[c] !== null) m |= 1 << c;
  return m;
}

/**
 * Moves the band to the current high point and foresight: rows slide out at the bottom and come in fogged at the
 * top, fogged rows that are now within the foresight are generated, and rows above it are blanked (only ever rows
 * above the next belay, which are untouched). Returns the lowest row that came out of the fog (the caller runs the
 * repair from the row below it), or -1.
 */
export function syncBand(wall: Wall, s: CragState): number {
  const band = s.band;
  const bottom = bandBottom(s.highPoint);
  while ((band[0] as Row).row < bottom) {
    band.shift();
    band.push(foggedRow((band[band.length - 1] as Row).row + 1));
  }
  const top = visibleTop(wall, s);
  let revealed = -1;
  for (let i = 0; i < band.length; i++) {
    const r = band[i] as Row;
    if (r.row > top) {
      if (!r.fogged) band[i] = foggedRow(r.row);
    } else if (r.fogged) {
      band[i] = wall.row(s.seed, r.row);
      // The band runs upward, so the first row revealed is the lowest.
      if (revealed === -1) revealed = r.row;
    }
  }
  return revealed;
}

/**
 * First and last band index of the rows in play (non-fogged, floor..next belay). The visible top is never above the
 * band's top row (the band holds three rows under the high point and six above it; foresight is at most six).
 */
function playRange(wall: Wall, s: CragState): [number, number] {
  const base = (s.band[0] as Row).row;
  return [floorRow(s) - base, Math.min(nextBelay(s), visibleTop(wall, s)) - base];
}

/**
 * The repair, bottom to top over the rows in play: for each row and the row above it, the kernel names the
 * columns that need a plain solid hold (nothing within a step above a hold), and they are written (never in a
 * ledge row: its six jugs leave nothing to add). `fromRow` skips the pairs below it (they cannot have changed).
 */
export function repairBand(wall: Wall, s: CragState, fromRow = 0): void {
  const [first, hi] = playRange(wall, s);
  for (let i = Math.max(first, fromRow - (s.band[0] as Row).row); i < hi; i++) {
    const above = s.band[i + 1] as Row;
    const add = wall.repairColumns(maskOfRow(s.band[i] as Row), maskOfRow(above));
    for (let c = 0, m = add; m !== 0; c++, m >>>= 1) if (m & 1) above.cells[c] = holdOf('plain', 0, 0, 'dry');
  }
}

/**
 * A rockfall sweep of one column over the rows in play (ledges are immune): a cracked hold (any kind) or a
 * crimp is removed unless it is the last hold in its row; a solid jug becomes a plain hold (its breaths go);
 * a solid plain hold becomes cracked with 1 crack. Your own cell is never changed: it costs you 4 stamina
 * instead (spindrift), unless you stand on a ledge row. Returns whether you took the spindrift.
 */
export function sweep(wall: Wall, s: CragState, col: number): boolean {
  const [lo, hi] = playRange(wall, s);
  let spindrift = false;
  for (let i = lo; i <= hi; i++) {
    const r = s.band[i] as Row;
    if (isLedgeRow(r.row)) continue;
    if (r.row === s.row && col === s.col) {
      spindrift = true;
      continue;
    }
    const h = r.cells[col];
    if (!h) continue;
    if (h.cracks > 0 || h.kind === 'crimp') {
      if (maskOfRow(r) !== 1 << col) r.cells[col] = null;
    } else if (h.kind === 'jug') {
      r.cells[col] = holdOf('plain', 0, 0, h.ice);
    } else {
      r.cells[col] = holdOf('plain', 0, 1, h.ice);
    }
  }
  return spindrift;
}

// A cell's ice before a creep: its level, or BARE for no hold and for a ledge row's holds (immune).
const DRY = 0;
const FROSTING = 1;
const ICY = 2;
const BARE = 3;

/**
 * Ice creep over the rows in play (ledges are immune; your own cell is not spared): every hold already
 * frosting becomes icy, and every dry hold orthogonally next to a hold that was icy BEFORE this creep
 * starts frosting. Both halves read the wall as it was when the creep fired. `changed` collects the [row, column]
 * of every hold whose ice moved (the step report's frost event).
 */
export function creep(wall: Wall, s: CragState, changed?: [number, number][]): void {
  const [lo, hi] = playRange(wall, s);
  // Snapshot: the ice of every cell of the rows in play, row by row.
  const before: number[] = [];
  for (let i = lo; i <= hi; i++) {
    const r = s.band[i] as Row;
    for (let c = 0; c < COLUMNS; c++) {
      const h = r.cells[c];
      before.push(!h || isLedgeRow(r.row) ? BARE : h.ice === 'icy' ? ICY : h.ice === 'frosting' ? FROSTING : DRY);
    }
  }
  // Outside the rows in play (or the row's six columns) there is nothing, as on bare rock.
  const icy = (k: number, c: number) => c >= 0 && c < COLUMNS && before[k] === ICY;
  before.forEach((level, k) => {
    const c = k % COLUMNS;
    const r = s.band[lo + (k - c) / COLUMNS] as Row;
    if (level === FROSTING) {
      r.cells[c] = withIce(r.cells[c] as Hold, 'icy');
      changed?.push([r.row, c]);
    } else if (level === DRY && (icy(k - 1, c - 1) || icy(k + 1, c + 1) || icy(k - COLUMNS, c) || icy(k + COLUMNS, c))) {
      r.cells[c] = withIce(r.cells[c] as Hold, 'frosting');
      changed?.push([r.row, c]);
    }
  });
}

/** Whether the ice creep fires at the end of this turn: every N turns of the current pitch's frost interval. */
export function creepFires(wall: Wall, s: CragState): boolean {
  // Every 0 turns is never: (turn + 1) % 0 is NaN, which equals nothing.
  return (s.turn + 1) % wall.difficulty(s.pitch).frostEvery === 0;
}
