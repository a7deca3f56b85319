// @ts-nocheck
//
// When no draw of a wave's MAX_ATTEMPTS (80) is fair, generateLayout returns the fixed fallback layout and says so
// (attempts = MAX_ATTEMPTS + 1). No seed reaches it with the real kernel (test/generator.test.ts), so a stand-in
// kernel plays the unfair geometry: one where no angle lights anything, one where every lantern is reached but no
// set of shots clears the wave. Each rejected draw is counted under its reason (GEN_STATS).
import { describe, expect, it } from 'vitest';
import { ANGLE_COUNT } from '../src/constants.ts';
import { fallbackLayout, GEN_STATS, generateLayout, MAX_ATTEMPTS } from '../src/generator.ts';

/** A FlightSim stand-in: traced geometry in which `reach` answers every rescore and no angle's mask lights anything. */
function standIn(reach: (count: number) => number) {
  const memory = { buffer: new ArrayBuffer(ANGLE_COUNT * 4) };
  return {
    loadLayout() {
      return this;
    },
    moveCircle() {},
    kernel: {
      memory,
      traceAll: () => 0,
      traceReach: (_first: number, count: number) => reach(count),
      traceMasks: () => {},
      masksPtr: () => 0,
    },
  };
}

describe('generateLayout falls back', () => {
  it('to the fixed layout after 80 draws whose lanterns no angle reaches', () => {
    const before = { ...GEN_STATS };
    const g = generateLayout(
      5,
      1,
      standIn(() => 0),
    );
    expect(MAX_ATTEMPTS).toBe(80);
    expect(g).toEqual({ layout: fallbackLayout(1), attempts: 81 });
    const rejected = GEN_STATS.placement - before.placement + GEN_STATS.unreachable - before.unreachable;
    expect(rejected).toBe(80);
    expect(GEN_STATS.unreachable - before.unreachable).toBeGreaterThan(0);
    expect(GEN_STATS.unclearable).toBe(before.unclearable);
  });

  it('to the fixed layout after 80 draws that every lantern is reached in but no set of shots clears', () => {
    const before = { ...GEN_STATS };
    const g = generateLayout(
      5,
      8,
      standIn((count) => (1 << count) - 1),
    );
    expect(g).toEqual({ layout: fallbackLayout(8), attempts: 81 });
    expect(g.layout.lanterns).toHaveLength(8);
    const rejected = GEN_STATS.placement - before.placement + GEN_STATS.unclearable - before.unclearable;
    expect(rejected).toBe(80);
    expect(GEN_STATS.unclearable - before.unclearable).toBeGreaterThan(0);
    expect(GEN_STATS.unreachable).toBe(before.unreachable);
  });
});
