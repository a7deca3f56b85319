// How far the shipped dodger policy flies: reach, turns and score per seed (npx tsx bench/dodger.calibrate.ts [seeds]).
import { gameModule, type StormlarkGame } from '../src/index.ts';

const seeds = Number(process.argv[2] ?? 5);
const game = (await gameModule.load()) as StormlarkGame;
const sim = game.createSim();
for (let seed = 1; seed <= seeds; seed++) {
  sim.reset(seed);
  const policy = game.policies.dodger!(seed);
  let turns = 0;
  while (!sim.gameOver() && turns < 3000) {
    sim.stepTrusted(policy.decide(sim.state, sim.legalActions()));
    turns++;
  }
  console.log(
    `seed ${seed}: reach ${sim.state.reach}, ${turns} turns, score ${sim.score()}, ${sim.gameOver() ? 'hull out' : 'still flying'}`,
  );
}
