// The day's closed forms against the published decisions, computed here the long way: the cursor a day starts from is
// the sum of every earlier day's draws ("2 + 6 * dogs + furniture + clouds + (lattice ? 1 : 0) + 1 + roster + serves +
// bowls ... modulo 2^32"), the least score of a day is the sum of the earlier day bonuses (min(100 * day, 3000)), and
// the chain can never exceed the bowls served before.
import { describe, expect, it } from 'vitest';
import { bonusesBefore, bowlsBefore, bowlsOfDay, cursorBefore, drawsOfDay, MAX_DAY } from '../src/reachable.ts';

// Day by day from the document and spec.appendix: [dogs, furniture, clouds, lattice, roster, serves].
function room(day: number): number[] {
  const dogs = day >= 20 ? 2 : day >= 6 ? 1 : 0;
  const furniture = Math.min(3 + Math.floor(day / 2), 12);
  const clouds = day < 4 ? 0 : Math.min(1 + Math.floor((day - 4) / 3), 6);
  const lattice = day >= 16 ? 1 : 0;
  const roster = Math.min(5, 2 + Math.floor((day - 1) / 3));
  const serves = Math.min(1 + Math.floor((day - 1) / 2), 6);
  return [dogs, furniture, clouds, lattice, roster, serves];
}
const bowls = (day: number) => {
  const serves = room(day)[5]!;
  return day >= 15 ? serves + Math.floor(serves / 2) : serves;
};
const draws = (day: number) => {
  const [dogs, furniture, clouds, lattice, roster, serves] = room(day) as [number, number, number, number, number, number];
  return 2 + 6 * dogs + furniture + clouds + lattice + 1 + roster + serves + bowls(day);
};

describe('draws per day and the cursor', () => {
  it('a few days by hand: day 1 takes 10 draws, day 15 43, day 16 46, day 24 54', () => {
    expect([1, 15, 16, 24].map(drawsOfDay)).toEqual([10, 43, 46, 54]);
    expect([1, 14, 15, 16].map(bowlsOfDay)).toEqual([1, 6, 9, 9]);
  });
  it('every day 1..120 against the formula, and the cursor as the running sum modulo 2^32', () => {
    let cursor = 0;
    for (let day = 1; day <= 120; day++) {
      expect(drawsOfDay(day), `day ${day}`).toBe(draws(day));
      expect(cursorBefore(day), `day ${day}`).toBe(cursor);
      cursor = (cursor + draws(day)) % 2 ** 32;
    }
  });
  it('wraps modulo 2^32 for days far out', () => {
    const day = 100_000_000;
    // Days 40 and later all take 54 draws.
    let before40 = 0;
    for (let d = 1; d < 40; d++) before40 += draws(d);
    expect(draws(40)).toBe(54);
    expect(cursorBefore(day)).toBe((before40 + 54 * (day - 40)) % 2 ** 32);
  });
});

describe('score and chain bounds', () => {
  it('the least score of day d is the bonuses of days 1..d-1, each min(100 * day, 3000)', () => {
    let sum = 0;
    for (let day = 1; day <= 80; day++) {
      expect(bonusesBefore(day), `day ${day}`).toBe(sum);
      sum += Math.min(100 * day, 3000);
    }
    expect(bonusesBefore(31)).toBe(46_500);
    expect(bonusesBefore(32)).toBe(49_500);
    // The last day whose bonuses stay an exact integer.
    expect(Number.isSafeInteger(bonusesBefore(MAX_DAY))).toBe(true);
    expect(Number.isSafeInteger(bonusesBefore(MAX_DAY + 1))).toBe(false);
  });
  it('the chain is bounded by the bowls of the days before', () => {
    let sum = 0;
    for (let day = 1; day <= 80; day++) {
      expect(bowlsBefore(day), `day ${day}`).toBe(sum);
      sum += bowls(day);
    }
  });
});
