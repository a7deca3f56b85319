// The refusals' details beyond the reason code: a column off the wall (0..5) is out of reach even one step away,
// never bare rock; and wrong_phase names what the phase offers ("the action is not one this phase offers"), which is
// the legal list in words; every refusal of a move says in words which cell it refused and the figure behind the
// reason (the document's "a clear refusal": the reason code is for programs, the message for the player).
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { legalActions, Reason, refuse } from '../src/rules.ts';
import { craft, hold, setCell } from './craft.ts';

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

describe('a refused move says which cell and why, in words', () => {
  const move = (row: number, col: number) => ({ type: 'move' as const, row, col });
  it('out of reach, above the belay, under the floor, bare rock, a lunge from ice, too costly', () => {
    const s = craft(wall, { highPoint: 5, row: 5, col: 2 });
    expect(refuse(s, move(9, 2))).toMatchObject({ reason: Reason.outOfReach, message: expect.stringMatching(/\(9, 2\).*\(5, 2\)/) });
    const nearBelay = craft(wall, { highPoint: 9, row: 9, col: 2 });
    expect(refuse(nearBelay, move(11, 2))).toMatchObject({ reason: Reason.outOfReach, message: expect.stringMatching(/row 11.*row 10/) });
    const high = craft(wall, { highPoint: 14, row: 11, col: 2, pitch: 2 });
    expect(refuse(high, move(10, 2))).toMatchObject({ reason: Reason.belowFloor, message: expect.stringMatching(/row 10.*row 11/) });
    setCell(s, 6, 2, null);
    expect(refuse(s, move(6, 2))).toMatchObject({ reason: Reason.bareRock, message: expect.stringMatching(/\(6, 2\)/) });
    setCell(s, 5, 2, hold('plain', { ice: 'icy' }));
    expect(refuse(s, move(7, 2))).toMatchObject({ reason: Reason.lungeFromIce, message: expect.stringMatching(/\(5, 2\)/) });
    setCell(s, 6, 3, hold('crimp'));
    s.stamina = 1;
    expect(refuse(s, move(6, 3))).toMatchObject({ reason: Reason.tooCostly, message: expect.stringMatching(/\(6, 3\).*2.*1 stamina/) });
  });
});
