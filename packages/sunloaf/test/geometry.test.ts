// Band geometry for the four window walls, shade direction, lattice and clouds.
import { describe, expect, it } from 'vitest';
import { isLit, warmthCap } from '../src/geometry.ts';
import type { Wall } from '../src/state.ts';
import { room, tileAt } from './helpers.ts';

const litTiles = (wall: Wall, turn: number, extra: Record<string, unknown> = {}, bandDwell: 2 | 3 = 3) => {
  const { layout } = room({ layout: { window: wall, bandDwell, hearth: 48, ...extra } });
  const out: number[] = [];
  for (let t = 0; t < 49; t++) if (isLit(layout, t, turn)) out.push(t);
  return out;
};
const column = (c: number) => [0, 1, 2, 3, 4, 5, 6].map((r) => tileAt(r, c));
const row = (r: number) => [0, 1, 2, 3, 4, 5, 6].map((c) => tileAt(r, c));

describe('band geometry', () => {
  it('north window: whole columns, line k = column k, one line every bandDwell turns', () => {
    expect(litTiles('N', 0)).toEqual(column(0));
    expect(litTiles('N', 2)).toEqual(column(0));
    expect(litTiles('N', 3)).toEqual(column(1));
    expect(litTiles('N', 20)).toEqual(column(6));
  });
  it('south window: whole columns, line k = column 6 - k', () => {
    expect(litTiles('S', 0)).toEqual(column(6));
    expect(litTiles('S', 10)).toEqual(column(3));
    expect(litTiles('S', 20)).toEqual(column(0));
  });
  it('east window: whole rows, line k = row k', () => {
    expect(litTiles('E', 0)).toEqual(row(0));
    expect(litTiles('E', 9)).toEqual(row(3));
    expect(litTiles('E', 20)).toEqual(row(6));
  });
  it('west window: whole rows, line k = row 6 - k', () => {
    expect(litTiles('W', 0)).toEqual(row(6));
    expect(litTiles('W', 20)).toEqual(row(0));
  });
  it('dwell 2 from day 12: 14 turns, a line every 2 turns', () => {
    expect(litTiles('N', 1, {}, 2)).toEqual(column(0));
    expect(litTiles('N', 2, {}, 2)).toEqual(column(1));
    expect(litTiles('N', 13, {}, 2)).toEqual(column(6));
  });
});

describe('shade points away from the window', () => {
  const f = tileAt(3, 3);
  it.each([
    ['N', 9, tileAt(4, 3), tileAt(2, 3)],
    ['S', 9, tileAt(2, 3), tileAt(4, 3)],
    ['E', 9, tileAt(3, 2), tileAt(3, 4)],
    ['W', 9, tileAt(3, 4), tileAt(3, 2)],
  ] as const)('%s window: the tile beyond the furniture is shaded, the tile toward the window is lit', (wall, turn, behind, front) => {
    const lit = litTiles(wall, turn, { furniture: [f], shade: 1 });
    expect(lit).not.toContain(behind);
    expect(lit).toContain(front);
    expect(lit).not.toContain(f);
  });
});

describe('clouds and lattice', () => {
  it('nothing is lit on a cloud turn and the hearth is cold', () => {
    const { layout } = room({ layout: { clouds: [4], hearth: tileAt(6, 6) } });
    expect(litTiles('N', 4, { clouds: [4] })).toEqual([]);
    expect(warmthCap(layout, tileAt(6, 6), 4)).toBe(0);
    expect(warmthCap(layout, tileAt(6, 6), 5)).toBe(3);
  });
  it('from day 16 only the lattice parity is lit', () => {
    expect(litTiles('N', 0, { lattice: 0 })).toEqual([tileAt(0, 0), tileAt(2, 0), tileAt(4, 0), tileAt(6, 0)]);
    expect(litTiles('N', 0, { lattice: 1 })).toEqual([tileAt(1, 0), tileAt(3, 0), tileAt(5, 0)]);
  });
  it('the hearth off the lattice while the band is on its line is warm, capped at 3', () => {
    const { layout } = room({ layout: { hearth: tileAt(6, 0), lattice: 1 } });
    expect(warmthCap(layout, tileAt(6, 0), 0)).toBe(3);
  });
});
