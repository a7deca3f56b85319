// The traced reachability (src/trace.ts) gives exactly the masks of full sweeps, for the layout as generated and
// after lanterns move (only the moved ones rescored), on both kernel builds.
import { Stream } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CAP, waveRow } from '../src/constants.ts';
import { FlightSim } from '../src/flight.ts';
import { CONTENT, generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import type { Layout } from '../src/layout.ts';
import { fewestShotsToClear, reachedMask, sweepLayout } from '../src/sweep.ts';
import { LanternScorer } from '../src/trace.ts';

let wasm: FlightSim;
let js: FlightSim;
beforeAll(async () => {
  wasm = new FlightSim(await loadKernel('wasm'));
  js = new FlightSim(await loadKernel('js'));
});

function sweptMasks(sim: FlightSim, layout: Layout): number[] {
  return sweepLayout(sim, layout).map((e) => reachedMask([e]));
}

describe('traced reachability', () => {
  it('equals full sweeps over 48 layouts, also after random lantern moves', () => {
    const rng = new Stream(77, 1);
    for (const sim of [wasm, js])
      for (let k = 0; k < 24; k++) {
        const seed = 500 + k;
        const wave = 1 + (k % 8);
        const layout = structuredClone(generateLayout(seed, wave, sim).layout);
        const cap = waveRow(wave).bounceCap;
        const scorer = new LanternScorer(sim, layout, cap);
        const masks = () => Array.from(scorer.angleMasks());
        const expected = sweptMasks(sim, layout);
        expect(masks()).toEqual(expected);
        expect(scorer.fewestShots()).toBe(fewestShotsToClear(sweepLayout(sim, layout), layout.lanterns.length));
        for (let move = 0; move < 4; move++) {
          const moved = 1 + rng.below((1 << layout.lanterns.length) - 1);
          layout.lanterns.forEach((l, i) => {
            if (moved & (1 << i)) {
              l.x = 80 + rng.below(920);
              l.y = 100 + rng.below(980);
            }
          });
          // A fresh trace must not be needed: the geometry did not change.
          scorer.rescore(moved);
          const now = sweptMasks(sim, layout);
          expect(masks()).toEqual(now);
          expect(scorer.reached).toBe(now.reduce((a, b) => a | b, 0));
          // The sweep reloaded the layout; the scorer rewrites only lanterns, so reload its view of them.
          sim.loadLayout(layout);
        }
      }
  });

  // Fairness ("every lantern is lit by some legal angle") does not depend on how the answer is found: above the
  // bounce caps the kernel traces (traceAll refuses caps over 11), the scorer sweeps all 1,501 angles instead, and
  // its masks, reach and fewest shots are still exactly the sweep's, also after lanterns move.
  it('above the traced bounce caps, sweeps give the same masks, reach and fewest shots', () => {
    const rng = new Stream(78, 1);
    for (const [seed, wave] of [
      [501, 2],
      [502, 8],
    ] as const) {
      const layout = structuredClone(generateLayout(seed, wave, wasm).layout);
      const cap = 12;
      expect(wasm.kernel.traceAll(cap, layout.beams.length + layout.screens.length + layout.gongs.length)).toBe(-1);
      const scorer = new LanternScorer(wasm, layout, cap);
      const expected = sweepLayout(wasm, layout, cap);
      const expectedMasks = expected.map((e) => reachedMask([e]));
      expect(expectedMasks.some((m) => m !== 0)).toBe(true);
      expect(Array.from(scorer.angleMasks())).toEqual(expectedMasks);
      expect(scorer.reached).toBe(reachedMask(expected));
      expect(scorer.fewestShots()).toBe(fewestShotsToClear(expected, layout.lanterns.length));
      const moved = 1 + rng.below((1 << layout.lanterns.length) - 1);
      layout.lanterns.forEach((l, i) => {
        if (moved & (1 << i)) {
          l.x = 80 + rng.below(920);
          l.y = 100 + rng.below(980);
        }
      });
      scorer.rescore(moved);
      const now = sweepLayout(wasm, layout, cap);
      expect(Array.from(scorer.angleMasks())).toEqual(now.map((e) => reachedMask([e])));
      expect(scorer.reached).toBe(reachedMask(now));
    }
  });

  // The trace leaves the lanterns out, so it is exact only if lanterns never end a flight early: a flight has one event
  // per bounce, a ring per gong, a light per lantern and its end, and the 64-event cap (design document, TERMINATION)
  // must stay out of reach in every wave of the table (lanterns and bounce cap: 1: 3/4 ... 8: 8/8).
  it('every wave stays below the 64-event cap, so lanterns never cut a traced flight short', () => {
    const table: Array<[number, number]> = [
      [3, 4],
      [4, 5],
      [4, 6],
      [5, 6],
      [6, 7],
      [6, 7],
      [7, 8],
      [8, 8],
    ];
    expect(EVENT_CAP).toBe(64);
    table.forEach(([lanterns, bounceCap], w) => {
      expect(waveRow(w + 1)).toMatchObject({ lanterns, bounceCap });
      expect(bounceCap + CONTENT[w]!.gongs + lanterns + 1).toBeLessThan(EVENT_CAP - 1);
    });
  });

  // Above the traced caps the scorer sweeps: it must not read the segments another layout left in the kernel.
  it('above the traced bounce caps, a trace left by another layout is not used', () => {
    const layout = structuredClone(generateLayout(502, 8, wasm).layout);
    const other = structuredClone(generateLayout(9, 3, wasm).layout);
    // The kernel now holds the trace of seed 9's wave-3 geometry.
    new LanternScorer(wasm, other, waveRow(3).bounceCap);
    const scorer = new LanternScorer(wasm, layout, 12);
    const expected = sweepLayout(wasm, layout, 12);
    expect(scorer.reached).toBe(reachedMask(expected));
    expect(scorer.reached).toBe((1 << layout.lanterns.length) - 1);
    expect(Array.from(scorer.angleMasks())).toEqual(expected.map((e) => reachedMask([e])));
  });
});
