// The reference policy against its own quota: it plays whole runs on the fast handle (seeds 0..N-1,
// SUNLOAF_SEEDS, default 1000) up to day SUNLOAF_DAYS (default 40) and every day's raw cosy is compared with that
// day's dayPar and quota. Since the planner values bowls by today's chain alone (src/planner.ts, todaysChain),
// it repeats the dayPar run of every room and can only earn more (a carried chain pays more per bowl): no run
// ends on a missed quota. The same runs with every invariant checked: test/properties.test.ts, SUNLOAF_LONG=1.
import { loadSunloaf } from '../src/index.ts';
import type { State } from '../src/state.ts';

const seeds = Number(process.env.SUNLOAF_SEEDS ?? 1000);
const lastDay = Number(process.env.SUNLOAF_DAYS ?? 40);
const game = loadSunloaf();
const sim = game.createSim();
let turns = 0;
let days = 0;
let missed = 0;
let belowPar = 0;
let minRatio = Number.POSITIVE_INFINITY;
let carried = 0;
const cpu0 = process.cpuUsage().user;
for (let seed = 0; seed < seeds; seed++) {
  sim.reset(seed);
  const policy = game.policies.reference!(seed);
  for (;;) {
    const s = sim.state as State;
    if (s.phase === 'over') break;
    if (s.phase === 'sunset' && s.day >= lastDay) break;
    if (s.phase === 'day' && s.turn === 0 && s.chain > 0) carried++;
    const before = s.phase === 'day' ? s.day : -1;
    sim.stepTrusted(policy.decide(s, []));
    turns++;
    const after = sim.state as State;
    if (before > 0 && after.phase !== 'day') {
      days++;
      if (after.outcome === 'quota_missed') missed++;
      if (after.dayCosyRaw < after.dayPar) belowPar++;
      if (after.dayPar > 0) minRatio = Math.min(minRatio, after.dayCosyRaw / after.dayPar);
    }
  }
}
const cpu = ((process.cpuUsage().user - cpu0) / 1e6).toFixed(1);
console.log(
  `reference policy, ${seeds} seeds to day ${lastDay}: ${days} days played (${carried} entered with a carried chain), ${missed} quotas missed, ${belowPar} days below dayPar, lowest raw/dayPar ${minRatio.toFixed(3)}; ${turns} actions, ${cpu} s cpu`,
);
