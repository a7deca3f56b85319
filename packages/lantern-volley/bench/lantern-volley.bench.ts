// Flight kernel speed: shots per second and full 1,501-angle sweeps per second on wave-8 layouts, the WASM
// module vs its JavaScript build (wasm2js of the same module), measured in the same run. Targets (issue 5):
// <= 10 us per shot, <= 15 ms per sweep, WASM >= 2x its JavaScript build.
import { ANGLE_COUNT, waveRow } from '../src/constants.ts';
import { FlightSim } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import type { Layout } from '../src/layout.ts';

const SEED = Number(process.env.SEED ?? 1);
const wasm = new FlightSim(await loadKernel('wasm'));
const js = new FlightSim(await loadKernel('js'));
const { layout } = generateLayout(SEED, 8, wasm);
const open: Layout = { ...layout, screens: [] };
const cap = waveRow(8).bounceCap;

/** Runs `fn` (which does `units` units of work) repeatedly for ~`ms`, best of 3 rounds; returns units per second. */
function rate(fn: () => void, units: number, ms = 700): number {
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let done = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < ms) {
      fn();
      done += units;
      t = performance.now();
    }
    best = Math.max(best, (done * 1000) / (t - t0));
  }
  return best;
}

function measure(label: string, l: Layout) {
  const rows: Array<{ build: string; shots: number; sweeps: number; events: number }> = [];
  for (const [build, sim] of [
    ['wasm', wasm],
    ['js', js],
  ] as const) {
    sim.loadLayout(l);
    const k = sim.kernel;
    const count = sim.count;
    // One shot per call from JavaScript, angles spread over the table (the boundary crossing included).
    let i = 0;
    const shots = rate(() => {
      for (let n = 0; n < 1000; n++) {
        k.shoot(i, cap, count);
        i = (i + 617) % ANGLE_COUNT;
      }
    }, 1000);
    const sweeps = rate(() => k.sweep(cap, count), 1);
    const events = k.sweep(cap, count) / ANGLE_COUNT;
    rows.push({ build, shots, sweeps, events });
  }
  const [w, j] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(
    `\n${label} (${l.beams.length} beams, ${l.screens.length} screens, ${l.gongs.length} gongs, ${l.lanterns.length} lanterns; ${w.events.toFixed(1)} events per shot)`,
  );
  for (const r of rows)
    console.log(
      `  ${r.build.padEnd(4)}  ${Math.round(r.shots).toLocaleString('en').padStart(10)} shots/s (${(1e6 / r.shots).toFixed(2)} us/shot)   ${r.sweeps.toFixed(1).padStart(8)} sweeps/s (${(1000 / r.sweeps).toFixed(2)} ms/sweep)`,
    );
  console.log(`  ratio wasm/js: shots ${(w.shots / j.shots).toFixed(2)}x, sweeps ${(w.sweeps / j.sweeps).toFixed(2)}x`);
}

console.log(`Lantern Volley flight kernel, seed ${SEED}, bounce cap ${cap}, node ${process.version}`);
measure('wave-8 layout', layout);
measure('same layout without its paper screens (long flights, worst case)', open);
