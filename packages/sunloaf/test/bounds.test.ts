// @ts-nocheck
// The most play can pay, from the document's scoring rules, computed here the long way: a cat earns at most
// floor(10 * purr[6] * (4 + 6) / 4) = 250 raw a turn (purr table top 10, pile capped at 6), a bowl at most 30 * 8 = 240
// (chain cap 8), one mat per serve before day 15 and two from day 15; each award is rounded on its own at the day's
// multiplier (round(raw * mult / 100)); completing a day pays min(100 * day, 3000), never multiplied.
import { describe, expect, it } from 'vitest';
import { maxScoreBefore, maxTurnPoints, maxTurnRaw } from '../src/reachable.ts';

const roster = (day: number) => Math.min(5, 2 + Math.floor((day - 1) / 3));
const mult = (day: number) => Math.min(100 + 35 * (day - 1), 1200);
const mats = (day: number) => (day >= 15 ? 2 : 1);
const turns = (day: number) => (day <= 11 ? 21 : 14);
const award = (raw: number, day: number) => Math.round((raw * mult(day)) / 100);

describe('the most one turn can earn', () => {
  it('raw: 250 per cat on the roster plus 240 per mat of one serve', () => {
    expect(Math.floor((10 * 10 * (4 + 6)) / 4)).toBe(250);
    expect(maxTurnRaw(1)).toBe(2 * 250 + 240); // 740
    expect(maxTurnRaw(10)).toBe(5 * 250 + 240); // 1490
    expect(maxTurnRaw(14)).toBe(1490);
    expect(maxTurnRaw(15)).toBe(5 * 250 + 2 * 240); // 1730
    for (let day = 1; day <= 60; day++) expect(maxTurnRaw(day), `day ${day}`).toBe(roster(day) * 250 + mats(day) * 240);
  });
  it('points: each award rounded on its own at the multiplier (day 2, mult 135: 2 * 338 + 324, not round(740 * 1.35))', () => {
    expect(maxTurnPoints(1)).toBe(740);
    expect(maxTurnPoints(2)).toBe(2 * 338 + 324);
    expect(Math.round((740 * 135) / 100)).toBe(999);
    for (let day = 1; day <= 60; day++)
      expect(maxTurnPoints(day), `day ${day}`).toBe(roster(day) * award(250, day) + mats(day) * award(240, day));
  });
});

describe('the most score a state of day d can hold before its first turn', () => {
  it('every turn of days 1..d-1 at the most, plus every day bonus', () => {
    let sum = 0;
    for (let day = 1; day <= 120; day++) {
      expect(maxScoreBefore(day), `day ${day}`).toBe(sum);
      sum += turns(day) * (roster(day) * award(250, day) + mats(day) * award(240, day)) + Math.min(100 * day, 3000);
    }
  });
});
