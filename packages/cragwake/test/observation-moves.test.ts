// observation.moves is "the one name for move targets": the legal moves in legalActions order with their cost and
// whether each is a lunge. At a ledge only climbOn and endRun are legal, and a finished run offers nothing, so there
// it is empty.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { apply, legalActions, legalMoves } from '../src/rules.ts';
import { craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

describe('the legal moves with their costs', () => {
  it('from (5, 2) on plain dry holds: the 8 steps at 1, then the 7 lunges at 3, in legalActions order', () => {
    const s = craft(wall, { highPoint: 5, row: 5, col: 2 });
    setCell(s, 6, 3, hold('crimp'));
    expect(legalMoves(s)).toEqual([
      { row: 4, col: 1, cost: 1, lunge: false },
      { row: 4, col: 2, cost: 1, lunge: false },
      { row: 4, col: 3, cost: 1, lunge: false },
      { row: 5, col: 1, cost: 1, lunge: false },
      { row: 5, col: 3, cost: 1, lunge: false },
      { row: 6, col: 1, cost: 1, lunge: false },
      { row: 6, col: 2, cost: 1, lunge: false },
      { row: 6, col: 3, cost: 2, lunge: false },
      { row: 5, col: 0, cost: 3, lunge: true },
      { row: 5, col: 4, cost: 3, lunge: true },
      { row: 6, col: 0, cost: 3, lunge: true },
      { row: 6, col: 4, cost: 3, lunge: true },
      { row: 7, col: 1, cost: 3, lunge: true },
      { row: 7, col: 2, cost: 3, lunge: true },
      { row: 7, col: 3, cost: 3, lunge: true },
    ]);
    expect(legalActions(s)).toEqual([...legalMoves(s).map(({ row, col }) => ({ type: 'move', row, col })), { type: 'breathe' }]);
  });
  it('is empty at a ledge and once the run is over', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 12 });
    apply(wall, s, { type: 'move', row: 10, col: 2 });
    expect(s.phase).toBe('atLedge');
    expect(legalMoves(s)).toEqual([]);
    apply(wall, s, { type: 'endRun' });
    expect(legalMoves(s)).toEqual([]);
  });
});
