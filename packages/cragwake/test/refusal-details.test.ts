// The refusals' details beyond the reason code: a column off the wall (0..5) is out of reach even one step away,
// never bare rock; and wrong_phase names what the phase offers ("the action is not one this phase offers"), which is
// the legal list in words.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { legalActions, Reason, refuse } from '../src/rules.ts';
import { craft } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

describe('out_of_reach at the sides of the wall', () => {
  it('from column 0 or 5, a step or a lunge off the wall is out_of_reach, not bare_rock', () => {
    const left = craft(wall, { highPoint: 5, row: 5, col: 0 });
    for (const [row, col] of [
      [4, -1],
      [5, -1],
      [6, -1],
      [5, -2],
      [6, -2],
      [7, -1],
    ] as const)
      expect(refuse(left, { type: 'move', row, col })?.reason, `${row},${col}`).toBe(Reason.outOfReach);
    const right = craft(wall, { highPoint: 5, row: 5, col: 5 });
    for (const [row, col] of [
      [4, 6],
      [5, 6],
      [6, 6],
      [5, 7],
      [7, 6],
    ] as const)
      expect(refuse(right, { type: 'move', row, col })?.reason, `${row},${col}`).toBe(Reason.outOfReach);
    expect(legalActions(left).every((a) => a.type !== 'move' || (a.col >= 0 && a.col <= 5))).toBe(true);
  });
});

describe('wrong_phase says what the phase offers', () => {
  it('climbing offers move and breathe, a ledge climbOn and endRun, a finished run nothing', () => {
    const s = craft(wall, { highPoint: 5, row: 5, col: 2 });
    expect(refuse(s, { type: 'climbOn' })).toEqual({
      reason: 'wrong_phase',
      message: 'climbOn is not offered while climbing: this phase offers move and breathe',
    });
    s.phase = 'atLedge';
    expect(refuse(s, { type: 'breathe' })).toEqual({
      reason: 'wrong_phase',
      message: 'breathe is not offered while atLedge: this phase offers climbOn and endRun',
    });
    s.phase = 'over';
    expect(refuse(s, { type: 'endRun' })).toEqual({
      reason: 'wrong_phase',
      message: 'endRun is not offered while over: this phase offers nothing (the run is over)',
    });
  });
});
