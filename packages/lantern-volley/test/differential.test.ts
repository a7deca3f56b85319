// The WASM kernel and its JavaScript build (wasm2js of the same module) agree bit for bit: every path
// coordinate and every event field, on random shots over random layouts (both as generated and hand-random).
import { hash, Stream, streamId } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANGLE_COUNT, EVENT_REC, waveRow } from '../src/constants.ts';
import { type EntityRecord, FlightSim, layoutRecords } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';

const LAYOUTS = 100;
const SHOTS_PER_LAYOUT = 1000;
const FREE_FLIGHTS = 20_000;

let wasm: FlightSim;
let js: FlightSim;
beforeAll(async () => {
  wasm = new FlightSim(await loadKernel('wasm'));
  js = new FlightSim(await loadKernel('js'));
});

/** Compares the last flight of both sims bit for bit; returns a description of the first difference. */
function compareLast(nw: number, nj: number, label: string): string | null {
  if (nw !== nj) return `${label}: ${nw} events vs ${nj}`;
  const ew = new BigUint64Array(wasm.rawEvents(nw).slice().buffer);
  const ej = new BigUint64Array(js.rawEvents(nj).slice().buffer);
  for (let i = 0; i < ew.length; i++)
    if (ew[i] !== ej[i]) return `${label}: event ${Math.floor(i / EVENT_REC)} field ${i % EVENT_REC} differs`;
  const pw = new BigUint64Array(wasm.rawPath().slice().buffer);
  const pj = new BigUint64Array(js.rawPath().slice().buffer);
  if (pw.length !== pj.length) return `${label}: path lengths ${pw.length} vs ${pj.length}`;
  for (let i = 0; i < pw.length; i++) if (pw[i] !== pj[i]) return `${label}: path coordinate ${i} differs`;
  return null;
}

describe('WASM vs its JavaScript build', () => {
  it(`agree on ${(LAYOUTS * SHOTS_PER_LAYOUT).toLocaleString('en')} table shots over ${LAYOUTS} generated layouts with random lit lanterns`, () => {
    const rng = new Stream(0xd1ff, streamId('lantern-volley/differential'));
    const problems: string[] = [];
    let shots = 0;
    let events = 0;
    for (let l = 0; l < LAYOUTS; l++) {
      const seed = rng.next();
      const wave = 1 + (l % 8);
      const { layout } = generateLayout(seed, wave, wasm);
      const lit = layout.lanterns.map(() => rng.percent(30));
      const records = layoutRecords(layout, lit);
      wasm.load(records);
      js.load(records);
      for (let s = 0; s < SHOTS_PER_LAYOUT; s++) {
        const index = rng.below(ANGLE_COUNT);
        const cap = s % 10 === 0 ? rng.range(0, 12) : waveRow(wave).bounceCap;
        const nw = wasm.shootRaw(index, cap);
        const nj = js.shootRaw(index, cap);
        events += nw;
        shots++;
        const p = compareLast(nw, nj, `seed ${seed} wave ${wave} angle ${index}`);
        if (p) problems.push(p);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(shots).toBe(LAYOUTS * SHOTS_PER_LAYOUT);
    // Every shot ends with exactly one terminal event; many also bounce and light.
    expect(events).toBeGreaterThan(shots * 1.3);
  }, 120_000);

  it(`agree on ${FREE_FLIGHTS.toLocaleString('en')} free flights (random origin, direction, bounce cap up to 200) over random shapes`, () => {
    const problems: string[] = [];
    let capped = 0;
    for (let f = 0; f < FREE_FLIGHTS; f++) {
      const h = (k: number) => hash(0xf1ee, f, k);
      const u = (k: number) => h(k) / 4294967296;
      if (f % 50 === 0) {
        const records: EntityRecord[] = [];
        const n = 3 + (h(0) % 20);
        for (let i = 0; i < n; i++) {
          const kind = h(10 + i) % 5;
          const x = 40 + u(100 + i) * 1000;
          const y = 40 + u(200 + i) * 1300;
          const w = 10 + u(300 + i) * 200;
          if (kind === 0) records.push({ kind: 'rect', x0: x, y0: y, x1: x + w, y1: y + 10 + u(400 + i) * 200 });
          else if (kind === 1) records.push({ kind: 'diagonal', x0: x, y0: y, x1: x + w, y1: h(500 + i) & 1 ? y + w : y - w });
          else if (kind === 2) records.push({ kind: 'screen', x0: x, y0: y, x1: x + w, y1: y + 14 });
          else if (kind === 3) records.push({ kind: 'gong', x, y, r: 10 + u(600 + i) * 40 });
          else records.push({ kind: 'lantern', x, y, r: 34, lit: (h(700 + i) & 3) === 0 });
        }
        wasm.load(records);
        js.load(records);
      }
      const ox = u(1) * 1080;
      const oy = u(2) * 1440;
      const dx = Math.round((u(3) * 2 - 1) * 1e9) / 1e9;
      const dy = Math.round((u(4) * 2 - 1) * 1e9) / 1e9;
      const long = f % 4 === 0;
      const cap = long ? 200 : h(5) % 13;
      const budget = long ? 1e6 : 500 + u(6) * 6000;
      const nw = wasm.kernel.flight(ox, oy, dx, dy, budget, cap, wasm.count);
      const nj = js.kernel.flight(ox, oy, dx, dy, budget, cap, js.count);
      if (nw === 64) capped++;
      const p = compareLast(nw, nj, `free flight ${f}`);
      if (p) problems.push(p);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(capped).toBeGreaterThan(0);
  }, 120_000);
});
