// The cast grid (assembly/index.ts castGrid) changes no flight: every event field and path coordinate equals, bit
// for bit, what scanning every entity gives, on table shots over generated layouts, on free flights over random
// shapes, and on rays and shapes placed on the grid's cell boundaries (multiples of 120, the cell size), on both kernel builds.
import { hash, Stream, streamId } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRID_CELL as CELL } from '../assembly/constants.ts';
import { ANGLE_COUNT, waveRow } from '../src/constants.ts';
import { type EntityRecord, FlightSim, layoutRecords } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';

let wasm: FlightSim;
let js: FlightSim;
beforeAll(async () => {
  wasm = new FlightSim(await loadKernel('wasm'));
  js = new FlightSim(await loadKernel('js'));
});

/** Runs `fly` with the grid and with the full scan; the first difference, or null. */
function sameBothWays(sim: FlightSim, fly: () => number, label: string): string | null {
  sim.kernel.setGridEnabled(1);
  const n1 = fly();
  const e1 = new BigUint64Array(sim.rawEvents(n1).slice().buffer);
  const p1 = new BigUint64Array(sim.rawPath().slice().buffer);
  sim.kernel.setGridEnabled(0);
  const n0 = fly();
  sim.kernel.setGridEnabled(1);
  if (n0 !== n1) return `${label}: ${n1} events with the grid, ${n0} without`;
  const e0 = new BigUint64Array(sim.rawEvents(n0).slice().buffer);
  const p0 = new BigUint64Array(sim.rawPath().slice().buffer);
  for (let i = 0; i < e0.length; i++) if (e0[i] !== e1[i]) return `${label}: event word ${i} differs`;
  if (p0.length !== p1.length) return `${label}: path lengths differ`;
  for (let i = 0; i < p0.length; i++) if (p0[i] !== p1[i]) return `${label}: path word ${i} differs`;
  return null;
}

function randomShapes(h: (k: number) => number, onGrid: boolean): EntityRecord[] {
  const u = (k: number) => h(k) / 4294967296;
  // On-grid shapes put their edges exactly on, or one unit off, the grid's cell boundaries.
  const at = (k: number, span: number) =>
    onGrid ? CELL * (1 + (h(k) % Math.floor(span / CELL))) + ((h(k + 1) % 3) - 1) : 20 + u(k) * span;
  const out: EntityRecord[] = [];
  const n = 3 + (h(0) % 22);
  for (let i = 0; i < n; i++) {
    const kind = h(10 + i) % 5;
    const x = at(100 + i * 7, 1000);
    const y = at(200 + i * 7, 1360);
    const w = onGrid ? CELL * (1 + (h(300 + i) % 3)) : 10 + u(300 + i) * 260;
    if (kind === 0) out.push({ kind: 'rect', x0: x, y0: y, x1: x + w, y1: y + (onGrid ? CELL : 10 + u(400 + i) * 200) });
    else if (kind === 1) out.push({ kind: 'diagonal', x0: x, y0: y, x1: x + w, y1: h(500 + i) & 1 ? y + w : y - w });
    else if (kind === 2) out.push({ kind: 'screen', x0: x, y0: y, x1: x + w, y1: y + 14 });
    else if (kind === 3) out.push({ kind: 'gong', x, y, r: onGrid ? CELL / 2 : 10 + u(600 + i) * 40 });
    else out.push({ kind: 'lantern', x, y, r: 34, lit: (h(700 + i) & 3) === 0 });
  }
  return out;
}

describe('cast grid', () => {
  it('matches the full scan on 150,000 table shots over 100 generated layouts (both builds)', () => {
    const rng = new Stream(0x9e1d, streamId('lantern-volley/grid'));
    const problems: string[] = [];
    for (let l = 0; l < 100; l++) {
      const sim = l % 4 === 3 ? js : wasm;
      const seed = rng.next();
      const wave = 1 + (l % 8);
      const { layout } = generateLayout(seed, wave, sim);
      sim.load(
        layoutRecords(
          layout,
          layout.lanterns.map(() => rng.percent(30)),
        ),
      );
      for (let index = 0; index < ANGLE_COUNT && problems.length < 10; index++) {
        const cap = index % 10 === 0 ? rng.range(0, 12) : waveRow(wave).bounceCap;
        const p = sameBothWays(sim, () => sim.shootRaw(index, cap), `seed ${seed} wave ${wave} angle ${index}`);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('matches the full scan on 40,000 free flights over random and cell-aligned shapes', () => {
    const problems: string[] = [];
    for (let f = 0; f < 40_000 && problems.length < 10; f++) {
      const h = (k: number) => hash(0x671d, f, k);
      const u = (k: number) => h(k) / 4294967296;
      const sim = f % 5 === 4 ? js : wasm;
      if (f % 40 === 0 || f % 40 === 1) sim.load(randomShapes((k) => hash(0x5a9e, f, k), f % 80 < 40));
      const aligned = f % 3 === 0;
      // Aligned flights start on cell boundaries and run along them (dx or dy exactly 0) or through cell corners.
      const ox = aligned ? CELL * (h(1) % 10) : u(1) * 1080;
      const oy = aligned ? CELL * (h(2) % 13) : u(2) * 1440;
      const mode = h(7) % 4;
      let dx = Math.round((u(3) * 2 - 1) * 1e9) / 1e9;
      let dy = Math.round((u(4) * 2 - 1) * 1e9) / 1e9;
      if (aligned && mode === 0) dx = 0;
      if (aligned && mode === 1) dy = 0;
      if (aligned && mode === 2) {
        const diag = Math.round(Math.SQRT1_2 * 1e9) / 1e9;
        dx = diag * (h(8) & 1 ? 1 : -1);
        dy = diag * (h(9) & 1 ? 1 : -1);
      }
      if (dx === 0 && dy === 0) dy = -1;
      const cap = f % 4 === 0 ? 200 : h(5) % 13;
      const budget = f % 4 === 0 ? 1e6 : 500 + u(6) * 6000;
      const p = sameBothWays(sim, () => sim.kernel.flight(ox, oy, dx, dy, budget, cap, sim.count), `free flight ${f}`);
      if (p) problems.push(p);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
