// @ts-nocheck
// The fixed fallback layout (never reached by a tested seed: test/generator.test.ts): the wave table's lanterns in a
// row across the direct line of fire, nothing else, and still fair (every lantern lit by some legal angle, the wave
// clearable within its wisps).
import { beforeAll, describe, expect, it } from 'vitest';
import { waveRow } from '../src/constants.ts';
import { FlightSim } from '../src/flight.ts';
import { fallbackLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { fewestShotsToClear, reachedMask, sweepLayout } from '../src/sweep.ts';

let sim: FlightSim;
beforeAll(async () => {
  sim = new FlightSim(await loadKernel('wasm'));
});

describe('fallbackLayout', () => {
  it('holds the wave table lanterns (ids from 4) 100 apart on y = 700, centred on the brazier, and is fair', () => {
    const expectedX = {
      3: [440, 540, 640],
      8: [190, 290, 390, 490, 590, 690, 790, 890],
    };
    for (let wave = 1; wave <= 8; wave++) {
      const n = waveRow(wave).lanterns;
      const layout = fallbackLayout(wave);
      expect(layout).toMatchObject({ wave, beams: [], screens: [], gongs: [] });
      expect(layout.lanterns).toHaveLength(n);
      layout.lanterns.forEach((l, i) => {
        expect(l).toEqual({ id: 4 + i, x: 540 + (i - (n - 1) / 2) * 100, y: 700, r: 34 });
      });
      if (expectedX[n]) expect(layout.lanterns.map((l) => l.x)).toEqual(expectedX[n]);
      const effects = sweepLayout(sim, layout);
      expect(reachedMask(effects)).toBe((1 << n) - 1);
      expect(fewestShotsToClear(effects, n)).toBeLessThanOrEqual(waveRow(wave).wisps);
    }
  });
});
