// The document's balance claim, measured in-process: "advancing columns and reaching Gates alone pays
// about a fifth of what a player who clears as well will score". The shipped dodge-only and strong
// policies play seeds 1..N until the hull runs out (npx tsx bench/balance.calibrate.ts [N], default 200;
// the repository-wide `pnpm calibrate` writes the same ratio to docs/calibration.md through the simulator).
import { gameModule, type StormlarkGame } from '../src/index.ts';

const seeds = Number(process.argv[2] ?? 200);
const game = (await gameModule.load()) as StormlarkGame;
const sim = game.createSim();

function play(name: string, seed: number): { score: number; reach: number; turns: number } {
  sim.reset(seed);
  const policy = game.policies[name]!(seed);
  let turns = 0;
  while (!sim.gameOver() && turns < 20_000) {
    sim.stepTrusted(policy.decide(sim.state, sim.legalActions()));
    turns++;
  }
  return { score: sim.score(), reach: sim.state.reach, turns };
}

const totals: Record<string, { score: number; reach: number; turns: number }> = {};
for (const name of ['dodge-only', 'strong']) {
  const t = { score: 0, reach: 0, turns: 0 };
  for (let seed = 1; seed <= seeds; seed++) {
    const r = play(name, seed);
    t.score += r.score;
    t.reach += r.reach;
    t.turns += r.turns;
  }
  totals[name] = t;
  console.log(
    `${name}: mean score ${Math.round(t.score / seeds)}, mean final reach ${(t.reach / seeds).toFixed(1)}, mean turns ${Math.round(t.turns / seeds)} (${seeds} seeds)`,
  );
}
const ratio = totals['dodge-only']!.score / totals.strong!.score;
console.log(`dodge-only / strong mean score: ${(100 * ratio).toFixed(1)}% (the document: about a fifth; issue 17 asks 15-25%)`);
