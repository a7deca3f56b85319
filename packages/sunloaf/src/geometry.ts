// Light, shade, warmth and dogs: everything that is a pure function of the layout and the turn.
import { HEARTH_CAP as HEARTH_CAP_, type Layout, SIZE as SIZE_, TIER_CAP as TIER_CAP_, type Wall } from './state.ts';

// Local copies of the shared constants: hot loops read them without a module-binding lookup.
const HEARTH_CAP = HEARTH_CAP_;
const SIZE = SIZE_;
const TIER_CAP = TIER_CAP_;

export const rowOf = (tile: number): number => Math.floor(tile / SIZE);
export const colOf = (tile: number): number => tile % SIZE;

/**
 * The band's line through a tile. North/south windows light whole columns, east/west whole rows.
 * Line 0 is column 0 (west) for N, column 6 (east) for S, row 0 (top) for E, row 6 (bottom) for W:
 * the band always enters at line 0 and leaves after line 6.
 */
export function lineOf(wall: Wall, tile: number): number {
  switch (wall) {
    case 'N':
      return colOf(tile);
    case 'S':
      return SIZE - 1 - colOf(tile);
    case 'E':
      return rowOf(tile);
    default:
      return SIZE - 1 - rowOf(tile);
  }
}

/** The line the band covers on turn t (0-based): it steps one line every bandDwell turns. */
export const bandLine = (layout: Layout, turn: number): number => Math.floor(turn / layout.bandDwell);

/** One step from a tile toward the window wall: [dRow, dCol]. */
export function towardWindow(wall: Wall): readonly [number, number] {
  switch (wall) {
    case 'N':
      return [-1, 0];
    case 'S':
      return [1, 0];
    case 'E':
      return [0, 1];
    default:
      return [0, -1];
  }
}

/** Shaded: a furniture piece stands between the tile and the window within `shade` tiles. */
export function isShaded(layout: Layout, tile: number): boolean {
  const [dr, dc] = towardWindow(layout.window);
  let r = rowOf(tile);
  let c = colOf(tile);
  for (let k = 1; k <= layout.shade; k++) {
    r += dr;
    c += dc;
    // Past the east or west wall the index would wrap into the next row: stop there. Past the north or south wall
    // the index leaves 0..48, where no furniture stands, so the rows need no test.
    if (c < 0 || c >= SIZE) return false;
    if (layout.furniture.includes(r * SIZE + c)) return true;
  }
  return false;
}

export const isCloudy = (layout: Layout, turn: number): boolean => layout.clouds.includes(turn);

/** Lit by the band on turn t: inside the band, clear sky, not shaded, and on the lattice parity from day 16. */
export function isLit(layout: Layout, tile: number, turn: number): boolean {
  if (lineOf(layout.window, tile) !== bandLine(layout, turn)) return false;
  if (isCloudy(layout, turn)) return false;
  if (layout.lattice !== null && (rowOf(tile) + colOf(tile)) % 2 !== layout.lattice) return false;
  if (layout.furniture.includes(tile)) return false;
  return !isShaded(layout, tile);
}

/**
 * The tier cap a cat on this tile earns under on turn t, or 0 when it earns nothing:
 * 6 when lit by the band (the hearth included), 3 on the hearth while the sky is clear, else 0.
 */
export function warmthCap(layout: Layout, tile: number, turn: number): number {
  if (isLit(layout, tile, turn)) return TIER_CAP;
  if (tile === layout.hearth && !isCloudy(layout, turn)) return HEARTH_CAP;
  return 0;
}

/** Where dog d stands on turn t: loop[(t * dogSpeed) % loop.length]. */
export function dogTile(layout: Layout, dog: number, turn: number): number {
  const loop = layout.dogLoops[dog]!;
  return loop[(turn * layout.dogSpeed) % loop.length]!;
}

/** On or orthogonally adjacent. */
export function touches(a: number, b: number): boolean {
  if (a === b) return true;
  const dr = Math.abs(rowOf(a) - rowOf(b));
  const dc = Math.abs(colOf(a) - colOf(b));
  return dr + dc === 1;
}

/** Some dog is on or orthogonally adjacent to this tile on turn t. */
export function dogReaches(layout: Layout, tile: number, turn: number): boolean {
  for (let d = 0; d < layout.dogLoops.length; d++) if (touches(dogTile(layout, d, turn), tile)) return true;
  return false;
}

/** Orthogonal neighbours of a tile inside the room. */
export function neighbours(tile: number): number[] {
  const r = rowOf(tile);
  const c = colOf(tile);
  const out: number[] = [];
  if (r > 0) out.push(tile - SIZE);
  if (c > 0) out.push(tile - 1);
  if (c < SIZE - 1) out.push(tile + 1);
  if (r < SIZE - 1) out.push(tile + SIZE);
  return out;
}
