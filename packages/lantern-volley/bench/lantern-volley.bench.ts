// Lantern Volley benchmarks (pnpm bench), all in CPU time (process.cpuUsage) and as ratios within this run:
// 1. the flight kernel: shots and full 1,501-angle sweeps on a wave-8 layout, WASM vs its JavaScript build (wasm2js
//    of the same module), the two builds alternating round by round, best of 3 rounds each;
// 2. layout generation per layout (issue 14: 10x cheaper than before; before: median 3.46, max 118.65 ms);
// 3. init and act from cold caches, wave-clearing actions apart (target: none above 5 ms);
// 4. the compact view's size for language models (goal: under 2,300 bytes).
import type { Game } from '@hearth/engine';
import { ANGLE_COUNT, waveRow } from '../src/constants.ts';
import { FlightSim } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { gameModule, type Observation, type ShootAction, type State } from '../src/index.ts';
import { loadKernel } from '../src/kernel.ts';
import type { Layout } from '../src/layout.ts';
import { COMPACT_GOAL_BYTES, compactSizes } from '../test/compact-size.ts';
import { actCost } from './act-cost.ts';
import { cpuMs, fmt, generationCost, printGeneration, summary } from './generation-cost.ts';

const SEED = Number(process.env.SEED ?? 1);
const SEEDS = Number(process.env.SEEDS ?? 100);
const wasm = new FlightSim(await loadKernel('wasm'));
const js = new FlightSim(await loadKernel('js'));
const { layout } = generateLayout(SEED, 8, wasm);
const open: Layout = { ...layout, screens: [] };
const cap = waveRow(8).bounceCap;

/** Units of work per CPU second for each build, the builds alternating, best of `rounds` rounds of ~`ms` each. */
function alternate(work: (sim: FlightSim) => () => number, ms = 300, rounds = 3): { wasm: number; js: number } {
  const best = { wasm: 0, js: 0 };
  for (let round = 0; round < rounds; round++)
    for (const [name, sim] of [
      ['wasm', wasm],
      ['js', js],
    ] as const) {
      const step = work(sim);
      step(); // warm-up
      let units = 0;
      const spent = cpuMs(() => {
        const t0 = performance.now();
        while (performance.now() - t0 < ms) units += step();
      });
      best[name] = Math.max(best[name], (units * 1000) / spent);
    }
  return best;
}

function measureKernel(label: string, l: Layout) {
  const shots = alternate((sim) => {
    sim.loadLayout(l);
    const k = sim.kernel;
    const count = sim.count;
    let i = 0;
    return () => {
      for (let n = 0; n < 1000; n++) {
        k.shoot(i, cap, count);
        i = (i + 617) % ANGLE_COUNT;
      }
      return 1000;
    };
  });
  const sweeps = alternate((sim) => {
    sim.loadLayout(l);
    return () => {
      sim.kernel.sweep(cap, sim.count);
      return 1;
    };
  });
  wasm.loadLayout(l);
  const events = wasm.kernel.sweep(cap, wasm.count) / ANGLE_COUNT;
  console.log(
    `\n${label} (${l.beams.length} beams, ${l.screens.length} screens, ${l.gongs.length} gongs, ${l.lanterns.length} lanterns; ${events.toFixed(1)} events per shot)`,
  );
  for (const b of ['wasm', 'js'] as const)
    console.log(
      `  ${b.padEnd(4)}  ${Math.round(shots[b]).toLocaleString('en').padStart(10)} shots/CPU s (${(1e6 / shots[b]).toFixed(2)} us/shot)   ${sweeps[b].toFixed(1).padStart(8)} sweeps/CPU s (${(1000 / sweeps[b]).toFixed(2)} ms/sweep)`,
    );
  console.log(`  ratio wasm/js: shots ${(shots.wasm / shots.js).toFixed(2)}x, sweeps ${(sweeps.wasm / sweeps.js).toFixed(2)}x`);
}

console.log(`Lantern Volley, seed ${SEED}, bounce cap ${cap}, node ${process.version}; CPU time, builds alternating, best of 3`);
measureKernel('1. flight kernel, wave-8 layout', layout);
measureKernel('   same layout without its paper screens (long flights, worst case)', open);

console.log(`\n2. layout generation, seeds 1..${SEEDS} x 8 waves, CPU ms per layout (best of 3)`);
console.log('  before (98701ad, the same harness at 09:49 UTC, seeds 1..100): median 2.65  mean 8.48  max 100.10');
for (const [name, sim] of [
  ['wasm', wasm],
  ['js', js],
] as const) {
  console.log(`  ${name} kernel:`);
  printGeneration(generationCost(sim, name === 'wasm' ? SEEDS : Math.max(10, SEEDS >> 2)));
}

const game = (await gameModule.load()) as Game<State, ShootAction, Observation>;
const ACT_SEEDS = Math.max(10, SEEDS >> 1);
const cost = actCost(game as Game<State, ShootAction>, ACT_SEEDS);
console.log(`\n3. CPU ms per call from cold caches, solver play on seeds 1..${ACT_SEEDS} (best of 3, WASM)`);
console.log(`  init:                 ${fmt(summary(cost.init), 3)}`);
console.log(`  act clearing a wave:  ${fmt(summary(cost.clearing), 3)}  (${cost.clearing.length} actions)`);
console.log(`  act, other shots:     ${fmt(summary(cost.other), 3)}  (${cost.other.length} actions)`);
const over = [...cost.init, ...cost.clearing, ...cost.other].filter((x) => x > 5).length;
console.log(`  calls over 5 ms: ${over}`);
// The seeds whose wave-8 layouts need the most draws over seeds 1..1000 (bench/generation.bench.ts).
const HARD = [978, 939, 648, 464];
const hard = actCost(game as Game<State, ShootAction>, HARD, 5);
console.log(`  act clearing a wave, seeds ${HARD.join(', ')} (best of 5): ${fmt(summary(hard.clearing), 3)}`);

const { sizes } = compactSizes(
  game,
  Array.from({ length: Math.max(10, SEEDS >> 1) }, (_, i) => i + 1),
);
console.log(
  `\n4. JSON.stringify(game.compact(state, recap)) over ${sizes.length} states (solver, greedy, random play): median ${sizes[sizes.length >> 1]} bytes, max ${sizes[sizes.length - 1]} (goal < ${COMPACT_GOAL_BYTES})`,
);
