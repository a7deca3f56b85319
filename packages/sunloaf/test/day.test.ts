// @ts-nocheck
// Opening a day (src/day.ts): dayPar is the reference policy's raw cosy over the room as it opens, from chain 0
// and nothing earned yet (the design document: "dayPar is a reference policy's honest score for this exact room"),
// so neither the chain carried in from earlier days nor today's cosy changes it; the quota is
// ceil(dayPar * ratio / 10000).
import { describe, expect, it } from 'vitest';
import { dayParOf, planDay } from '../src/day.ts';
import { clonePublic } from '../src/state.ts';

describe('dayPar', () => {
  it('is the same from the room as opened whatever chain, quota and cosy the position carries', () => {
    for (const day of [2, 3, 5]) {
      const { fresh } = planDay(7, day);
      const carried = { ...clonePublic(fresh), chain: 8, dayQuota: 999_999, dayCosyRaw: 500 };
      expect(dayParOf(carried)).toBe(fresh.dayPar);
      // The position handed in is left as it was.
      expect(carried.chain).toBe(8);
      expect(carried.dayCosyRaw).toBe(500);
      expect(fresh.dayQuota).toBe(Math.ceil((fresh.dayPar * fresh.quotaRatio) / 10000));
    }
  });
});
