// Every award with both multipliers and its rounding, and the documented arithmetic choice.
import { describe, expect, it } from 'vitest';
import { award, BASE, chainMultiplier, chainTenths, reachMultiplier, reachQuarters } from '../src/scoring.ts';

/** The exact value of base x chain x reach as a fraction over 40, rounded half up, by BigInt. */
function exact(base: number, chain: number, reach: number): number {
  const num = BigInt(base) * BigInt(10 + Math.min(chain, 20)) * BigInt(Math.min(16, reach + 3));
  return Number((num * 2n + 40n) / 80n);
}

describe('multipliers', () => {
  it('chain: 1 + 0.10 x min(chain, 20), capped at 3.0', () => {
    expect([0, 1, 5, 19, 20, 21, 100].map(chainMultiplier)).toEqual([1, 1.1, 1.5, 2.9, 3, 3, 3]);
  });
  it('reach: min(4.0, 1 + 0.25 x (reach - 1)); reach 13 and above pay 4.0', () => {
    expect([1, 2, 3, 5, 12, 13, 14, 99].map(reachMultiplier)).toEqual([1, 1.25, 1.5, 2, 3.75, 4, 4, 4]);
  });
});

describe('awards', () => {
  const kinds = ['knot', 'drifter', 'sparker', 'rimeshell', 'warden'] as const;
  it('each clear award x chain x reach, rounded half up', () => {
    // knot at chain 1 reach 2: 50 x 1.1 x 1.25 = 68.75 -> 69
    expect(award(BASE.knot, chainTenths(1), reachQuarters(2))).toBe(69);
    // drifter at chain 3 reach 2: 90 x 1.3 x 1.25 = 146.25 -> 146
    expect(award(BASE.drifter, chainTenths(3), reachQuarters(2))).toBe(146);
    // sparker at chain 20 reach 13: 140 x 3 x 4 = 1680
    expect(award(BASE.sparker, chainTenths(25), reachQuarters(20))).toBe(1680);
    // rimeshell at chain 5 reach 3: 160 x 1.5 x 1.5 = 360
    expect(award(BASE.rimeshell, chainTenths(5), reachQuarters(3))).toBe(360);
    // warden at chain 1 reach 6: 500 x 1.1 x 2.25 = 1237.5 -> 1238 (a half rounds up)
    expect(award(BASE.warden, chainTenths(1), reachQuarters(6))).toBe(1238);
    for (const k of kinds)
      for (let chain = 0; chain <= 22; chain++)
        for (let reach = 1; reach <= 15; reach++)
          expect(award(BASE[k], chainTenths(chain), reachQuarters(reach))).toBe(exact(BASE[k], chain, reach));
  });
  it('column, mote, Gate and flawless awards x reach only, halves rounding up', () => {
    expect([1, 2, 3, 4, 13].map((r) => award(BASE.column, 10, reachQuarters(r)))).toEqual([2, 3, 3, 4, 8]); // 2.5 -> 3, 3.5 -> 4
    expect([1, 2, 4, 13].map((r) => award(BASE.mote, 10, reachQuarters(r)))).toEqual([10, 13, 18, 40]); // 12.5 -> 13, 17.5 -> 18
    expect([1, 2, 13].map((r) => award(BASE.gate, 10, reachQuarters(r)))).toEqual([40, 50, 160]);
    expect([1, 2, 3, 13].map((r) => award(BASE.flawless, 10, reachQuarters(r)))).toEqual([60, 75, 90, 240]);
  });
  it('exact arithmetic differs from naive doubles where a product lands just below a half', () => {
    // Find the cases where Math.round(base * chainMultiplier * reachMultiplier) in doubles disagrees with the exact value.
    const disagreements: string[] = [];
    for (const k of kinds)
      for (let chain = 0; chain <= 20; chain++)
        for (let reach = 1; reach <= 13; reach++) {
          const naive = Math.round(BASE[k] * (1 + 0.1 * chain) * reachMultiplier(reach));
          if (naive !== exact(BASE[k], chain, reach)) disagreements.push(`${k} chain ${chain} reach ${reach}`);
        }
    // the engine's award is the exact one in every case (checked above); doubles get some of them wrong
    expect(disagreements).toContain('knot chain 13 reach 3');
    // knot, chain 13, reach 3: 50 x 2.3 x 1.5 = 172.5 exactly, but (50 * 2.3) * 1.5 = 172.49999999999997 in doubles
    expect(50 * (1 + 0.1 * 13) * 1.5).toBeLessThan(172.5);
    expect(award(BASE.knot, chainTenths(13), reachQuarters(3))).toBe(173);
    // drifter, chain 4, reach 4: 90 x 1.4 x 1.75 = 220.5 -> 221; both double orders give 220
    expect(Math.round(90 * (1.4 * 1.75))).toBe(220);
    expect(award(BASE.drifter, chainTenths(4), reachQuarters(4))).toBe(221);
  });
});
