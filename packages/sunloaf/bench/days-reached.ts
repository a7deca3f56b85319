// The reference policy's days-reached distribution: it plays whole runs on the fast handle (seeds 0..N-1,
// SUNLOAF_SEEDS, default 1000) until its quota is missed, and the histogram of the last day is printed.
// The same runs with every invariant checked are in test/properties.test.ts under SUNLOAF_LONG=1.
import { loadSunloaf } from '../src/index.ts';
import type { State } from '../src/state.ts';

const seeds = Number(process.env.SUNLOAF_SEEDS ?? 1000);
const game = loadSunloaf();
const sim = game.createSim();
const reached = new Map<number, number>();
let turns = 0;
const cpu0 = process.cpuUsage().user;
for (let seed = 0; seed < seeds; seed++) {
  sim.reset(seed);
  const policy = game.policies.reference!(seed);
  while (!sim.gameOver()) {
    sim.stepTrusted(policy.decide(sim.state, []));
    turns++;
  }
  const day = (sim.state as State).day;
  reached.set(day, (reached.get(day) ?? 0) + 1);
}
const days = [...reached.entries()].sort((a, b) => a[0] - b[0]);
const sorted = days.flatMap(([d, n]) => Array<number>(n).fill(d));
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.log(`reference policy over ${seeds} seeds: the run ends on day (day:count) ${days.map(([d, n]) => `${d}:${n}`).join(' ')}`);
console.log(
  `min ${sorted[0]}, p10 ${q(0.1)}, median ${q(0.5)}, p90 ${q(0.9)}, max ${sorted[sorted.length - 1]}; ${turns} actions, ${((process.cpuUsage().user - cpu0) / 1e6).toFixed(1)} s cpu`,
);
