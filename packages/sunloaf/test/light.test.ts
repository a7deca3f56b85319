// @ts-nocheck
// Light at the room's edges, from the document: "A tile is lit when it is inside the band, the turn is not a cloud
// turn, no furniture stands between it and the window inside the day's shade length, and, from day 16, its column
// plus row matches the lattice parity." Shade runs from a tile toward the window and stops at the wall: furniture in
// the next row (east/west windows) or on the far side of the room is never between a tile and its window.
import { describe, expect, it } from 'vitest';
import { isLit, isShaded, warmthCap } from '../src/geometry.ts';
import { room, tileAt } from './helpers.ts';

const layoutOf = (extra: Record<string, unknown>) => room({ layout: { hearth: 48, ...extra } }).layout;

describe('shade stops at the wall', () => {
  it('east window: a tile on the east column is lit though furniture starts the next row at column 0', () => {
    // E: line = row; row 2 is lit on turns 6-8. Tile (2,6) is beside the window; (3,0) is index 21 = (2,6) + 1.
    const layout = layoutOf({ window: 'E', furniture: [tileAt(3, 0)], shade: 4 });
    expect(isShaded(layout, tileAt(2, 6))).toBe(false);
    expect(isLit(layout, tileAt(2, 6), 6)).toBe(true);
  });
  it('west window: a tile on the west column is lit though furniture ends the previous row at column 6', () => {
    // W: line = 6 - row; row 3 is lit on turns 9-11. (2,6) is index 20 = (3,0) - 1.
    const layout = layoutOf({ window: 'W', furniture: [tileAt(2, 6)], shade: 4 });
    expect(isShaded(layout, tileAt(3, 0))).toBe(false);
    expect(isLit(layout, tileAt(3, 0), 9)).toBe(true);
  });
  it('north and south windows: nothing beyond the window wall shades the edge row', () => {
    const north = layoutOf({ window: 'N', furniture: [tileAt(6, 3)], shade: 4 });
    expect(isShaded(north, tileAt(0, 3))).toBe(false);
    const south = layoutOf({ window: 'S', furniture: [tileAt(0, 3)], shade: 4 });
    expect(isShaded(south, tileAt(6, 3))).toBe(false);
  });
  it('furniture against the window wall shades the tile in front of it', () => {
    for (const [wall, tile, f] of [
      ['N', tileAt(1, 3), tileAt(0, 3)],
      ['S', tileAt(5, 3), tileAt(6, 3)],
      ['E', tileAt(3, 5), tileAt(3, 6)],
      ['W', tileAt(3, 1), tileAt(3, 0)],
    ] as const)
      expect(isShaded(layoutOf({ window: wall, furniture: [f], shade: 1 }), tile), wall).toBe(true);
  });
  it('the shade length counts tiles: furniture 2 tiles toward the window shades at shade 2, not at shade 1', () => {
    for (const [wall, tile, f] of [
      ['N', tileAt(4, 2), tileAt(2, 2)],
      ['S', tileAt(2, 2), tileAt(4, 2)],
      ['E', tileAt(2, 2), tileAt(2, 4)],
      ['W', tileAt(2, 4), tileAt(2, 2)],
    ] as const) {
      expect(isShaded(layoutOf({ window: wall, furniture: [f], shade: 1 }), tile), `${wall} shade 1`).toBe(false);
      expect(isShaded(layoutOf({ window: wall, furniture: [f], shade: 2 }), tile), `${wall} shade 2`).toBe(true);
      // furniture behind the tile (away from the window) never shades it
      expect(isShaded(layoutOf({ window: wall, furniture: [2 * tile - f], shade: 4 }), tile), `${wall} behind`).toBe(false);
    }
  });
});

describe('the warmth cap', () => {
  it('6 on a lit tile, 3 on the warm hearth out of the band, 0 on a dark tile or any tile on a cloud turn', () => {
    const layout = layoutOf({ window: 'N', hearth: tileAt(6, 6), clouds: [1] });
    expect(warmthCap(layout, tileAt(3, 0), 0)).toBe(6);
    expect(warmthCap(layout, tileAt(3, 1), 0)).toBe(0);
    expect(warmthCap(layout, tileAt(6, 6), 0)).toBe(3);
    expect(warmthCap(layout, tileAt(3, 0), 1)).toBe(0);
    expect(warmthCap(layout, tileAt(6, 6), 1)).toBe(0);
    // the band on the hearth's column (turns 18-20): 6
    expect(warmthCap(layout, tileAt(6, 6), 18)).toBe(6);
  });
  it('furniture is never lit, even inside the band', () => {
    const layout = layoutOf({ window: 'N', furniture: [tileAt(3, 0)] });
    expect(isLit(layout, tileAt(3, 0), 0)).toBe(false);
    expect(isLit(layout, tileAt(2, 0), 0)).toBe(true);
  });
});
