// Every per-day number at its boundaries, from the design document (multiplier, quota ratio, day bonus, dwell and
// day length, dogs from day 6 and a second from day 20 at speed 2 from day 24, the lattice from day 16, two-mat
// serves from day 15, ranges 3, 2, 4, 3, 2) and from the engine's published decisions where the document says only
// "more" (spec.appendix: roster, furniture, shade, clouds, serves, the dog loop's largest side).
import { describe, expect, it } from 'vitest';
import {
  bandDwell,
  catRange,
  cloudCount,
  dayBonus,
  dayLength,
  dogCount,
  dogLoopMaxSide,
  dogSpeed,
  furnitureCount,
  hasLattice,
  multiplier,
  quotaFor,
  quotaRatio,
  rosterSize,
  serveCount,
  shadeLength,
  twoMatServes,
} from '../src/curves.ts';

const at = (f: (day: number) => number | boolean, days: number[]) => days.map((d) => f(d));

describe('the document', () => {
  it('mult is 100 on day 1, +35 a day, ceiling 1200 (reached on day 33)', () => {
    expect(at(multiplier, [1, 2, 3, 32, 33, 34, 100])).toEqual([100, 135, 170, 1185, 1200, 1200, 1200]);
  });
  it('ratio is 1000 on day 1, 1500 on day 2, then +320 a day to 9500 (reached on day 27)', () => {
    expect(at(quotaRatio, [1, 2, 3, 26, 27, 28, 200])).toEqual([1000, 1500, 1820, 9180, 9500, 9500, 9500]);
  });
  it('quota = ceil(dayPar * ratio / 10000)', () => {
    expect(quotaFor(1543, 1000)).toBe(155); // 154.3 up
    expect(quotaFor(1540, 1000)).toBe(154); // exact
    expect(quotaFor(1, 1000)).toBe(1);
    expect(quotaFor(0, 9500)).toBe(0);
    expect(quotaFor(10_000, 9500)).toBe(9500);
    expect(quotaFor(10_001, 9500)).toBe(9501); // 9500.95 up
  });
  it('completing a day pays min(100 * day, 3000)', () => {
    expect(at(dayBonus, [1, 2, 29, 30, 31, 100])).toEqual([100, 200, 2900, 3000, 3000, 3000]);
  });
  it('a day is 21 turns (dwell 3) on days 1-11 and 14 turns (dwell 2) from day 12', () => {
    expect(at(bandDwell, [1, 11, 12, 40])).toEqual([3, 3, 2, 2]);
    expect(at(dayLength, [1, 11, 12, 40])).toEqual([21, 21, 14, 14]);
  });
  it('a dog from day 6, a second from day 20, two steps a turn from day 24', () => {
    expect(at(dogCount, [1, 5, 6, 19, 20, 60])).toEqual([0, 0, 1, 1, 2, 2]);
    expect(at(dogSpeed, [1, 23, 24, 60])).toEqual([1, 1, 2, 2]);
  });
  it('the lattice from day 16, two-mat serves from day 15', () => {
    expect(at(hasLattice, [1, 15, 16, 60])).toEqual([false, false, true, true]);
    expect(at(twoMatServes, [1, 14, 15, 60])).toEqual([false, false, true, true]);
  });
  it('cat ranges by id are 3, 2, 4, 3, 2', () => {
    expect([0, 1, 2, 3, 4, 5].map(catRange)).toEqual([3, 2, 4, 3, 2, undefined]);
  });
});

describe("the engine's published curves (spec.appendix)", () => {
  it('roster: 2 cats on days 1-3, 3 on 4-6, 4 on 7-9, 5 from day 10', () => {
    expect(at(rosterSize, [1, 3, 4, 6, 7, 9, 10, 60])).toEqual([2, 2, 3, 3, 4, 4, 5, 5]);
  });
  it('furniture: min(3 + floor(day / 2), 12)', () => {
    expect(at(furnitureCount, [1, 2, 3, 17, 18, 19, 60])).toEqual([3, 4, 4, 11, 12, 12, 12]);
  });
  it('shade: 1 on days 1-5, 2 on 6-10, 3 on 11-15, 4 from 16', () => {
    expect(at(shadeLength, [1, 5, 6, 10, 11, 15, 16, 60])).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
  it('clouds: none on days 1-3, 1 on 4-6, one more every 3 days, ceiling 6 (day 19)', () => {
    expect(at(cloudCount, [1, 3, 4, 6, 7, 18, 19, 60])).toEqual([0, 0, 1, 1, 2, 5, 6, 6]);
  });
  it('serves: 1 on days 1-2, one more every second day, ceiling 6 (day 11)', () => {
    expect(at(serveCount, [1, 2, 3, 10, 11, 12, 60])).toEqual([1, 1, 2, 5, 6, 6, 6]);
  });
  it("a dog loop's largest side: 3 on day 6, one more every 4 days, ceiling 5", () => {
    expect(at(dogLoopMaxSide, [6, 9, 10, 13, 14, 60])).toEqual([3, 3, 4, 4, 5, 5]);
  });
});
