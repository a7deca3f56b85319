// Layouts: a pure function of (seed, wave), with the wave table's counts, inside the arena, non-overlapping,
// and fair (every lantern reachable, the wave clearable within its wisps). LV_SEEDS=n widens the sweep.
import { hash } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARENA_HEIGHT, ARENA_WIDTH, FIRST_ENTITY_ID, waveRow } from '../src/constants.ts';
import { FlightSim } from '../src/flight.ts';
import { CLEARANCE, CONTENT, GONG_RADIUS, generateLayout, MAX_ATTEMPTS } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import type { Layout } from '../src/layout.ts';
import { fewestShotsToClear, reachedMask, sweepLayout } from '../src/sweep.ts';

const SEEDS = Number(process.env.LV_SEEDS ?? 12);
let wasm: FlightSim;
let js: FlightSim;
beforeAll(async () => {
  wasm = new FlightSim(await loadKernel('wasm'));
  js = new FlightSim(await loadKernel('js'));
});

const seedAt = (k: number) => (k < 3 ? [0, 1, 0xffffffff][k]! : hash(0x1a7e, 1, k));

function boxesOf(layout: Layout) {
  return [
    ...layout.beams.map((b) => ({
      x0: Math.min(b.x0, b.x1),
      y0: Math.min(b.y0, b.y1),
      x1: Math.max(b.x0, b.x1),
      y1: Math.max(b.y0, b.y1),
    })),
    ...layout.screens,
    ...[...layout.gongs, ...layout.lanterns].map((c) => ({ x0: c.x - c.r, y0: c.y - c.r, x1: c.x + c.r, y1: c.y + c.r })),
  ];
}

describe('layout generation', () => {
  it('is a pure function of (seed, wave), identical on the WASM and JavaScript kernels', () => {
    for (const [seed, wave] of [
      [1, 1],
      [7, 8],
      [0xffffffff, 4],
    ] as const) {
      const a = generateLayout(seed, wave, wasm);
      const b = generateLayout(seed, wave, wasm);
      const c = generateLayout(seed, wave, js);
      expect(b.layout).toEqual(a.layout);
      expect(c.layout).toEqual(a.layout);
      expect(sweepLayout(js, c.layout)).toEqual(sweepLayout(wasm, a.layout));
    }
    expect(generateLayout(1, 2, wasm).layout).not.toEqual(generateLayout(2, 2, wasm).layout);
  });

  it(`over ${SEEDS} seeds x 8 waves: counts, ids, bounds, no overlap, every lantern reachable, wave clearable`, () => {
    const problems: string[] = [];
    for (let k = 0; k < SEEDS; k++) {
      const seed = seedAt(k);
      for (let wave = 1; wave <= 8; wave++) {
        const where = `seed ${seed} wave ${wave}`;
        const { layout, attempts } = generateLayout(seed, wave, wasm);
        const content = CONTENT[wave - 1]!;
        const row = waveRow(wave);
        if (attempts > MAX_ATTEMPTS) problems.push(`${where}: fell back to the fixed layout`);
        if (layout.lanterns.length !== row.lanterns) problems.push(`${where}: ${layout.lanterns.length} lanterns`);
        if (layout.beams.filter((b) => b.shape === 'rect').length !== content.rects) problems.push(`${where}: rect count`);
        if (layout.beams.filter((b) => b.shape === 'diagonal').length !== content.diagonals) problems.push(`${where}: diagonal count`);
        if (layout.screens.length !== content.screens + content.wallScreens) problems.push(`${where}: screen count`);
        if (layout.gongs.length !== content.gongs || layout.gongs.some((g) => g.r !== GONG_RADIUS)) problems.push(`${where}: gongs`);
        const all = [...layout.beams, ...layout.screens, ...layout.gongs, ...layout.lanterns];
        all.forEach((e, i) => {
          if (e.id !== FIRST_ENTITY_ID + i) problems.push(`${where}: id ${e.id} at position ${i}`);
          for (const v of Object.values(e))
            if (typeof v === 'number' && !Number.isInteger(v)) problems.push(`${where}: non-integer coordinate`);
        });
        for (const d of layout.beams.filter((b) => b.shape === 'diagonal'))
          if (Math.abs(d.x1 - d.x0) !== Math.abs(d.y1 - d.y0) || d.x1 === d.x0)
            problems.push(`${where}: diagonal ${d.id} is not 45 degrees`);
        const boxes = boxesOf(layout);
        boxes.forEach((a, i) => {
          if (a.x0 < 0 || a.y0 < 0 || a.x1 > ARENA_WIDTH || a.y1 > ARENA_HEIGHT) problems.push(`${where}: shape ${i} leaves the arena`);
          // Only the screens lining the walls (6 units off a wall) may reach below the field, away from the brazier.
          const liningWall = a.x0 === 6 || a.x1 === ARENA_WIDTH - 6 || a.y0 === 6 || a.y1 === ARENA_HEIGHT - 6;
          if (a.y1 > 1200 && !liningWall) problems.push(`${where}: shape ${i} intrudes on the brazier's zone`);
          const gapX = Math.max(a.x0 - 540, 0, 540 - a.x1);
          const gapY = Math.max(a.y0 - 1360, 0, 1360 - a.y1);
          if (gapX * gapX + gapY * gapY < 50 * 50) problems.push(`${where}: shape ${i} within 50 of the brazier`);
          for (let j = i + 1; j < boxes.length; j++) {
            const b = boxes[j]!;
            if (a.x0 < b.x1 + CLEARANCE && b.x0 < a.x1 + CLEARANCE && a.y0 < b.y1 + CLEARANCE && b.y0 < a.y1 + CLEARANCE)
              problems.push(`${where}: shapes ${i} and ${j} closer than ${CLEARANCE}`);
          }
        });
        // Fairness, re-checked with a fresh sweep rather than trusting the generator's own.
        const effects = sweepLayout(js, layout);
        if (reachedMask(effects) !== (1 << row.lanterns) - 1) problems.push(`${where}: a lantern is unreachable`);
        if (fewestShotsToClear(effects, row.lanterns) > row.wisps) problems.push(`${where}: not clearable within ${row.wisps} wisps`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 120_000);
});
