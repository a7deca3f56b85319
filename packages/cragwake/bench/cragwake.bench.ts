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
    let c0 = process.cpuUsage();
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
      if (now >= end) {
        const cpu = process.cpuUsage(c0);
        return { n, ms: now - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
      }
      if (ms === 0) {
        t0 = now;
        c0 = process.cpuUsage();
      }
    }
  };
  run(500); // warm up
  const r = run(seconds * 1000);
  steps = r.n;
  return { build, rate: (steps / r.ms) * 1000, cpuRate: (steps / r.cpuMs) * 1000, games, steps };
}

type Kernel = Awaited<ReturnType<typeof loadKernel>>;

/**
 * Rows per CPU-second for both builds, measured in alternating slices (so both see the same machine load):
 * `bulk` generates consecutive rows inside the kernel (the memo path the band uses), `cold` one row per call
 * at random places (the chain from the pitch's ledge each time, plus the JS-to-kernel call).
 */
function rowsRatio(a: Kernel, b: Kernel, mode: 'bulk' | 'cold') {
  const cpu = [0, 0];
  const rows = [0, 0];
  let k = 0;
  const slice = (kernel: Kernel, which: number) => {
    const c0 = process.cpuUsage();
    let n = 0;
    if (mode === 'bulk') {
      for (let j = 0; j < 20; j++, k++) kernel.generateRowsChecksum(hash(2, 2, k), (k * 131) % 100000, 1000);
      n = 20 * 1000;
    } else {
      for (let j = 0; j < 5000; j++, k++) kernel.generateRow(hash(3, 3, k), hash(4, 4, k) % 100000);
      n = 5000;
    }
    const c = process.cpuUsage(c0);
    cpu[which]! += (c.user + c.system) / 1000;
    rows[which]! += n;
  };
  slice(a, 0);
  slice(b, 1);
  cpu[0] = cpu[1] = rows[0] = rows[1] = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    slice(a, 0);
    slice(b, 1);
  }
  const ra = (rows[0]! / cpu[0]!) * 1000;
  const rb = (rows[1]! / cpu[1]!) * 1000;
  return { a: ra, b: rb, ratio: ra / rb };
}

const warmSums: number[] = [];
const wasm = await loadKernel('wasm');
const js = await loadKernel('js');
const fmt = (x: number) => Math.round(x).toLocaleString('en');

const sw = stepsPerSecond('wasm', wasm);
console.log(
  `engine steps/s (fast handle, random legal policy, legalActions every step, WASM kernel): ${fmt(sw.rate)} wall-clock, ${fmt(sw.cpuRate)} per CPU-second  [${fmt(sw.steps)} steps, ${sw.games} games]`,
);
const sj = stepsPerSecond('js', js);
console.log(`engine steps/s (same, JavaScript build of the kernel): ${fmt(sj.rate)} wall-clock, ${fmt(sj.cpuRate)} per CPU-second`);

const bulk = rowsRatio(wasm, js, 'bulk');
console.log(
  `rows per CPU-second, consecutive (bulk in kernel): WASM ${fmt(bulk.a)}  JS build ${fmt(bulk.b)}  ratio WASM/JS ${bulk.ratio.toFixed(2)}x`,
);
const cold = rowsRatio(wasm, js, 'cold');
console.log(
  `rows per CPU-second, cold single rows (per call):  WASM ${fmt(cold.a)}  JS build ${fmt(cold.b)}  ratio WASM/JS ${cold.ratio.toFixed(2)}x`,
);
warmSums.push(wasm.generateRowsChecksum(12345, 0, 5000) >>> 0, js.generateRowsChecksum(12345, 0, 5000) >>> 0);
if (warmSums[0] !== warmSums[1]) console.log('WARNING: the WASM and JS builds generated different rows');
// The compact view (MCP act results and view=compact): bytes of JSON.stringify(game.compact(state, recap))
// over every state of random, greedy and mixed play; the goal is under 1,300 (the MCP result adds ~150, goal 1,500).
{
  const game = createGame(createWall(wasm));
  const sizes: number[] = [];
  const policies = [game.policies.random!, game.policies.greedy!];
  for (let seed = 1; seed <= 200; seed++) {
    const pol = policies[seed % 2]!(seed);
    let r = game.init(seed);
    sizes.push(Buffer.byteLength(JSON.stringify(game.compact(r.state))));
    while (!r.gameOver) {
      const next = game.act(r.state, pol.decide(r.state, r.legalActions), { trusted: true, compact: true });
      if (!next.ok) throw new Error(next.message);
      sizes.push(Buffer.byteLength(JSON.stringify(next.view)));
      r = next as typeof r;
    }
  }
  sizes.sort((x, y) => x - y);
  console.log(
    `compact view bytes (game.compact with recap, ${fmt(sizes.length)} states of random and greedy play on 200 seeds): median ${sizes[sizes.length >> 1]}, max ${sizes[sizes.length - 1]} (goal < 1,300)`,
  );
}
console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while measuring (other processes share the cores)`);
console.log(
  `targets: >= 1,000,000 steps/s on one core (${sw.cpuRate >= 1e6 ? 'met' : 'NOT met'} per CPU-second); WASM >= 1.5x its JS build (${bulk.ratio >= 1.5 ? 'met' : 'NOT met'} on bulk rows)`,
);
