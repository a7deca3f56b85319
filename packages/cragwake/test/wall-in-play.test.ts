// Rockfall and ice creep touch only the rows in play: from the floor up to the next unclimbed belay, out of the fog.
// Rows under the floor are history ("a completed pitch is behind you for good") and rows above the next belay stay
// exactly as generated until their pitch is climbed. Ice creeps orthogonally only: never diagonally, never across
// the wall's edge to the other side.
import { beforeAll, describe, expect, it } from 'vitest';
import { creepFires } from '../src/band.ts';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { apply } from '../src/rules.ts';
import { cell, craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

describe('a rockfall sweep', () => {
  it('leaves the rows under the floor alone (pitch 2, floor at its ledge, rows 8 and 9 still shown)', () => {
    const s = craft(wall, { highPoint: 11, row: 11, col: 2, pitch: 2 });
    expect(s.band[0]!.row).toBe(8);
    setCell(s, 9, 0, hold('jug', { breaths: 2 }));
    setCell(s, 8, 0, hold('crimp', { cracks: 1 }));
    s.rockfall.now = 0;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 9, 0)).toEqual(hold('jug', { breaths: 2 }));
    expect(cell(s, 8, 0)).toEqual(hold('crimp', { cracks: 1 }));
    // In play the same sweep cracks the plain holds; the ledge (row 10) is immune.
    expect(cell(s, 11, 0)).toEqual(hold('plain', { cracks: 1 }));
    expect(cell(s, 16, 0)).toEqual(hold('plain', { cracks: 1 }));
    expect(cell(s, 10, 0)).toEqual(hold('jug'));
  });
  it('leaves the rows above the next belay as generated', () => {
    const s = craft(wall, { highPoint: 8, row: 8, col: 2 });
    expect(s.band.at(-1)!.row).toBe(14);
    setCell(s, 12, 4, hold('jug', { breaths: 2 }));
    setCell(s, 14, 4, hold('crimp'));
    s.rockfall.now = 4;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 12, 4)).toEqual(hold('jug', { breaths: 2 }));
    expect(cell(s, 14, 4)).toEqual(hold('crimp'));
    expect(cell(s, 9, 4)).toEqual(hold('plain', { cracks: 1 }));
    expect(cell(s, 5, 4)).toEqual(hold('plain', { cracks: 1 }));
  });
});

describe('ice creep', () => {
  it('fires at the end of turn t when (t + 1) is a multiple of the pitch frost interval, never before pitch 8', () => {
    const s = craft(wall, { highPoint: 75, row: 75, col: 0, pitch: 8 });
    const fires = (turn: number, pitch = 8) => creepFires(wall, { ...s, turn, pitch });
    expect([7, 8, 9, 16, 17, 18].map((t) => fires(t))).toEqual([false, true, false, false, true, false]);
    expect(wall.difficulty(7).frostEvery).toBe(0);
    for (let t = 0; t < 40; t++) expect(fires(t, 7)).toBe(false);
    // Pitch 13 creeps every 7 turns.
    expect([5, 6, 13].map((t) => fires(t, 13))).toEqual([false, true, true]);
  });
  it('spreads orthogonally within the row and the rows above and below, not across the edge of the wall', () => {
    const s = craft(wall, { highPoint: 78, row: 78, col: 3, pitch: 8 });
    setCell(s, 77, 0, hold('plain', { ice: 'icy' }));
    s.turn = 8;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 77, 1)?.ice).toBe('frosting');
    expect(cell(s, 76, 0)?.ice).toBe('frosting');
    expect(cell(s, 78, 0)?.ice).toBe('frosting');
    // The cells the flat snapshot puts next to column 0 of row 77: the end of row 76 and of row 77's neighbour rows.
    expect(cell(s, 76, 5)?.ice).toBe('dry');
    expect(cell(s, 77, 5)?.ice).toBe('dry');
    expect(cell(s, 78, 5)?.ice).toBe('dry');
    expect(cell(s, 76, 1)?.ice).toBe('dry');
  });
  it('at the right edge as well', () => {
    const s = craft(wall, { highPoint: 78, row: 78, col: 3, pitch: 8 });
    setCell(s, 77, 5, hold('plain', { ice: 'icy' }));
    s.turn = 8;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 77, 4)?.ice).toBe('frosting');
    expect(cell(s, 76, 5)?.ice).toBe('frosting');
    expect(cell(s, 78, 5)?.ice).toBe('frosting');
    expect(cell(s, 78, 0)?.ice).toBe('dry');
    expect(cell(s, 77, 0)?.ice).toBe('dry');
    expect(cell(s, 76, 0)?.ice).toBe('dry');
  });
  it('reaches the lowest and highest rows in play and stops there', () => {
    const s = craft(wall, { highPoint: 78, row: 78, col: 3, pitch: 8 });
    // In play: the floor (75) up to the belay (80, a ledge: immune); 81 and up stay as generated.
    setCell(s, 75, 2, hold('plain', { ice: 'icy' }));
    setCell(s, 79, 2, hold('plain', { ice: 'icy' }));
    setCell(s, 81, 2, hold('plain', { ice: 'frosting' }));
    setCell(s, 82, 2, hold('plain'));
    setCell(s, 81, 3, hold('plain', { ice: 'icy' }));
    setCell(s, 82, 3, hold('plain'));
    s.turn = 8;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 76, 2)?.ice).toBe('frosting');
    expect(cell(s, 75, 1)?.ice).toBe('frosting');
    expect(cell(s, 79, 1)?.ice).toBe('frosting');
    expect(cell(s, 78, 2)?.ice).toBe('frosting');
    expect(cell(s, 80, 2)?.ice).toBe('dry');
    expect(cell(s, 81, 2)?.ice).toBe('frosting');
    expect(cell(s, 82, 2)?.ice).toBe('dry');
    expect(cell(s, 82, 3)?.ice).toBe('dry');
  });
  it('reaches the highest visible row when the fog starts under the belay, and no fogged row', () => {
    const s = craft(wall, { highPoint: 212, row: 212, col: 0, pitch: 22 });
    // Pitch 22's foresight is 5: rows up to 217 are visible, 218 (the band's top) is fog, the belay (220) beyond;
    // the rows in play end at 217.
    expect(s.band.at(-1)).toEqual({ cells: [null, null, null, null, null, null], fogged: true, overhang: false, row: 218 });
    setCell(s, 217, 2, hold('plain', { ice: 'icy' }));
    setCell(s, 217, 3, hold('plain', { ice: 'frosting' }));
    setCell(s, 217, 1, hold('plain'));
    setCell(s, 216, 2, hold('plain'));
    s.rockfall.now = null;
    s.turn = 3;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 217, 3)?.ice).toBe('icy');
    expect(cell(s, 217, 1)?.ice).toBe('frosting');
    expect(cell(s, 216, 2)?.ice).toBe('frosting');
    expect(s.band.at(-1)).toEqual({ cells: [null, null, null, null, null, null], fogged: true, overhang: false, row: 218 });
  });
});
