// cloneState is how act keeps its promise that a refusal, and any step, changes nothing the caller holds: the clone
// shares no array or object with the original, so stepping the clone in place never reaches the caller's state.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { cloneState } from '../src/state.ts';
import { craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

describe('cloneState', () => {
  it('is equal to the original and shares none of its lists, rows or holds', () => {
    const s = craft(wall, { highPoint: 75, row: 75, col: 2, pitch: 8 });
    s.gusts = { now: [1, 4], next: [2] };
    s.rockfall = { now: 3, next: null };
    setCell(s, 76, 2, hold('jug', { breaths: 2, cracks: 1 }));
    const before = JSON.stringify(s);
    const c = cloneState(s);
    expect(c).toEqual(s);
    c.gusts.now.push(5);
    c.gusts.next.pop();
    c.rockfall.now = null;
    c.band[0]!.cells[0] = null;
    c.band[1]!.overhang = !c.band[1]!.overhang;
    c.band.pop();
    const h = c.band.find((r) => r.row === 76)!.cells[2]!;
    h.breaths = 0;
    h.cracks = 0;
    expect(JSON.stringify(s)).toBe(before);
  });
});
