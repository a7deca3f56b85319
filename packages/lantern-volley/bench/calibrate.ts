// Calibration: full 8-wave rounds by the shipped policies through the real rules (the fast simulation handle),
// over seeds 1..N (default 200; `pnpm calibrate 500` for more). Prints the score distribution and how many
// rounds land in the design document's "realistic skilled round" of 9,000 to 12,000.
import type { Game } from '@hearth/engine';
import { GEN_STATS, MAX_ATTEMPTS } from '../src/generator.ts';
import { gameModule, type ShootAction, type State } from '../src/index.ts';

const seeds = Number(process.argv[2] ?? process.env.SEEDS ?? 200);
const game = (await gameModule.load()) as Game<State, ShootAction>;
const rules = game.rules as Game<State, ShootAction>['rules'] & { layouts: { get(seed: number, wave: number): { attempts: number } } };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

let maxAttempts = 0;
let fallbacks = 0;
const started = performance.now();
for (let seed = 1; seed <= seeds; seed++)
  for (let wave = 1; wave <= 8; wave++) {
    const a = rules.layouts.get(seed, wave).attempts;
    maxAttempts = Math.max(maxAttempts, a);
    if (a > MAX_ATTEMPTS) fallbacks++;
  }
const genMs = performance.now() - started;

console.log(`Lantern Volley calibration: ${seeds} seeds (1..${seeds}), full rounds through the rules`);
console.log(
  `layouts: ${seeds * 8} generated in ${(genMs / 1000).toFixed(1)} s; most attempts ${maxAttempts}; fallbacks ${fallbacks}; rejected draws: placement ${GEN_STATS.placement}, unreachable ${GEN_STATS.unreachable}, unclearable ${GEN_STATS.unclearable}`,
);
for (const name of Object.keys(game.policies)) {
  const t0 = performance.now();
  const scores: number[] = [];
  let won = 0;
  let shots = 0;
  const sim = game.createSim();
  for (let seed = 1; seed <= seeds; seed++) {
    const policy = game.policies[name]!(seed);
    sim.reset(seed);
    while (!sim.gameOver()) {
      const refused = sim.step(policy.decide(sim.state, []));
      if (refused) throw new Error(`${name} seed ${seed}: refused ${refused.reason}`);
    }
    scores.push(sim.score());
    if (sim.state.won) won++;
    shots += sim.state.shots;
  }
  const s = [...scores].sort((a, b) => a - b);
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const band = scores.filter((x) => x >= 9000 && x <= 12000).length;
  console.log(
    `${name.padEnd(7)} mean ${mean.toFixed(0)}  min ${s[0]}  p10 ${pct(s, 0.1)}  p25 ${pct(s, 0.25)}  median ${pct(s, 0.5)}  p75 ${pct(s, 0.75)}  p90 ${pct(s, 0.9)}  max ${s[s.length - 1]}`,
  );
  console.log(
    `        in 9,000-12,000: ${band}/${seeds} (${((100 * band) / seeds).toFixed(0)}%), above: ${scores.filter((x) => x > 12000).length}, below: ${scores.filter((x) => x < 9000).length}; won ${won}/${seeds}; ${(shots / seeds).toFixed(1)} shots per round; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const buckets = new Map<number, number>();
  for (const x of scores) buckets.set(Math.floor(x / 1000), (buckets.get(Math.floor(x / 1000)) ?? 0) + 1);
  for (const k of [...buckets.keys()].sort((a, b) => a - b))
    console.log(
      `        ${String(k * 1000).padStart(6)}-${String(k * 1000 + 999).padEnd(6)} ${'#'.repeat(Math.ceil((buckets.get(k)! * 60) / seeds))} ${buckets.get(k)}`,
    );
}
