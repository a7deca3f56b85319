// Cragwake benchmark (`pnpm bench`): engine steps per second through the fast simulation handle with a
// random legal policy (legal-action generation included), and rows generated per second by the WASM kernel
// against its JavaScript build (wasm2js of the same module), printed as a ratio from this one run.
import { cpus, loadavg } from 'node:os';
import { hash } from '@hearth/rng';
import { createWall } from '../src/generator.ts';
import { createGame } from '../src/index.ts';
import { loadKernel } from '../src/kernel.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

function stepsPerSecond(build: 'wasm' | 'js', kernel: Awaited<ReturnType<typeof loadKernel>>) {
  const game = createGame(createWall(kernel));
  const sim = game.createSim();
  let seed = 1;
  sim.reset(seed);
  let steps = 0;
  let games = 0;
  let i = 0;
  const run = (ms: number) => {
    const end = performance.now() + ms;
    let t0 = performance.now();
    let n = 0;
    while (true) {
      for (let k = 0; k < 1000; k++) {
        if (sim.gameOver()) {
          games++;
          sim.reset(++seed);
        }
        const legal = sim.legalActions();
        // Uniform random legal choice, drawn from the shared RNG.
        sim.stepTrusted(legal[Math.floor((hash(7, 1, i++) * legal.length) / 4294967296)]!);
        n++;
      }
      const now = performance.now();
      if (now >= end) return { n, ms: now - t0 };
      if (ms === 0) t0 = now;
    }
  };
  run(500); // warm up
  const r = run(seconds * 1000);
  steps = r.n;
  return { build, rate: (steps / r.ms) * 1000, games, steps };
}

function rowsPerSecond(kernel: Awaited<ReturnType<typeof loadKernel>>) {
  // Bulk generation inside the kernel: consecutive rows (the memo path the band uses) over many seeds.
  let sum = 0;
  warmSums.push(kernel.generateRowsChecksum(12345, 0, 5000) >>> 0);
  const batch = 1000;
  for (let k = 0; k < 200; k++) sum ^= kernel.generateRowsChecksum(hash(1, 1, k), 0, batch);
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  let rows = 0;
  let k = 0;
  while (performance.now() < end) {
    for (let j = 0; j < 50; j++) sum ^= kernel.generateRowsChecksum(hash(2, 2, k++), (k * 131) % 100000, batch);
    rows += 50 * batch;
  }
  const ms = performance.now() - t0;
  return { rate: (rows / ms) * 1000, sum };
}

function coldRowsPerSecond(kernel: Awaited<ReturnType<typeof loadKernel>>) {
  // One row at a time at random places (the chain from the pitch's ledge each time), through the JS boundary.
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  let rows = 0;
  let sum = 0;
  while (performance.now() < end) {
    for (let j = 0; j < 10000; j++) sum ^= kernel.generateRow(hash(3, 3, rows + j), hash(4, 4, rows + j) % 100000);
    rows += 10000;
  }
  return { rate: (rows / (performance.now() - t0)) * 1000, sum };
}

const warmSums: number[] = [];
const wasm = await loadKernel('wasm');
const js = await loadKernel('js');
const fmt = (x: number) => Math.round(x).toLocaleString('en');

const sw = stepsPerSecond('wasm', wasm);
console.log(
  `engine steps/s (fast handle, random legal policy, legalActions every step, WASM kernel): ${fmt(sw.rate)}  [${fmt(sw.steps)} steps, ${sw.games} games]`,
);
const sj = stepsPerSecond('js', js);
console.log(`engine steps/s (same, JavaScript build of the kernel):                                 ${fmt(sj.rate)}`);

const rw = rowsPerSecond(wasm);
const rj = rowsPerSecond(js);
console.log(
  `rows/s, consecutive (bulk in kernel):  WASM ${fmt(rw.rate)}  JS build ${fmt(rj.rate)}  ratio WASM/JS ${(rw.rate / rj.rate).toFixed(2)}x`,
);
const cw = coldRowsPerSecond(wasm);
const cj = coldRowsPerSecond(js);
console.log(
  `rows/s, cold single rows (per call):   WASM ${fmt(cw.rate)}  JS build ${fmt(cj.rate)}  ratio WASM/JS ${(cw.rate / cj.rate).toFixed(2)}x`,
);
if (warmSums[0] !== warmSums[1]) console.log('WARNING: the WASM and JS builds generated different rows');
console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while measuring (other processes share the cores)`);
console.log(
  `targets: >= 1,000,000 steps/s (${sw.rate >= 1e6 ? 'met' : 'NOT met'}); WASM >= 1.5x its JS build (${rw.rate / rj.rate >= 1.5 ? 'met' : 'NOT met'})`,
);
