// Property tests over many seeds: random legal play, greedy play and a mix of both, through the fast
// handle, checking every invariant of the design document after every step (stranding never happens, no
// fogged row is a legal target, score never decreases, the state always parses, costs within 1..9, ...).
// Default run: what fits in about a minute. CRAGWAKE_LONG=1: 10,000 seeds of random legal play and more.
import { hash } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Wall } from '../src/generator.ts';
import { greedyPolicy, randomPolicy } from '../src/policies.ts';
import type { CragAction } from '../src/rules.ts';
import { type CragState, cloneState } from '../src/state.ts';
import { type CragGame, cragInvariants, loadBoth } from './helpers.ts';

const LONG = process.env.CRAGWAKE_LONG === '1';
let game: CragGame;
let wall: Wall;
beforeAll(async () => {
  ({ game, wall } = (await loadBoth()).wasm);
});

type Pick = (s: CragState, legal: CragAction[], step: number) => CragAction;

function play(seed: number, pick: Pick, maxSteps: number, check: boolean) {
  const sim = game.createSim();
  sim.reset(seed);
  const problems: string[] = [];
  let steps = 0;
  let maxPitch = 1;
  while (!sim.gameOver() && steps < maxSteps) {
    const legal = sim.legalActions();
    if (legal.length === 0) {
      problems.push(`seed ${seed}: no legal action while ${sim.state.phase}`);
      break;
    }
    const a = pick(sim.state, legal, steps);
    const prev = check ? cloneState(sim.state) : null;
    const refused = sim.step(a);
    if (refused) {
      problems.push(`seed ${seed}: legal ${JSON.stringify(a)} refused: ${refused.reason}`);
      break;
    }
    if (prev) for (const p of cragInvariants(game, wall, prev, a, sim.state)) problems.push(`seed ${seed} step ${steps}: ${p}`);
    steps++;
    maxPitch = Math.max(maxPitch, sim.state.pitch);
    if (problems.length > 5) break;
  }
  return { problems, steps, maxPitch, over: sim.gameOver() };
}

const seedOf = (k: number) => hash(0xc1a3b, 1, k);

function sweep(label: string, seeds: number, maxSteps: number, makePick: (seed: number) => Pick, timeout: number) {
  it(
    `${label}: ${seeds.toLocaleString('en')} seeds keep every invariant`,
    () => {
      const problems: string[] = [];
      let steps = 0;
      let deepest = 0;
      let over = 0;
      for (let k = 0; k < seeds && problems.length < 10; k++) {
        const seed = seedOf(k);
        const r = play(seed, makePick(seed), maxSteps, true);
        problems.push(...r.problems);
        steps += r.steps;
        deepest = Math.max(deepest, r.maxPitch);
        if (r.over) over++;
      }
      expect(problems).toEqual([]);
      expect(steps).toBeGreaterThan(seeds);
      if (LONG) console.log(`${label}: ${seeds} seeds, ${steps} steps, ${over} runs ended, deepest pitch ${deepest}`);
    },
    timeout,
  );
}

describe('property: random legal play', () => {
  sweep(
    'random',
    LONG ? 10_000 : 1_500,
    2_000,
    (seed) => {
      const p = randomPolicy(seed);
      return (s, legal) => p.decide(s, legal);
    },
    LONG ? 3_600_000 : 120_000,
  );
});

describe('property: greedy and mixed play reach the hard pitches', () => {
  sweep(
    'greedy',
    LONG ? 1_000 : 25,
    4_000,
    () => {
      const p = greedyPolicy(0);
      return (s, legal) => p.decide(s, legal);
    },
    LONG ? 3_600_000 : 120_000,
  );
  sweep(
    'mixed (greedy, one move in four random)',
    LONG ? 2_000 : 25,
    4_000,
    (seed) => {
      const g = greedyPolicy(0);
      const r = randomPolicy(seed);
      return (s, legal, step) => (hash(seed, 77, step) % 4 === 0 ? r.decide(s, legal) : g.decide(s, legal));
    },
    LONG ? 3_600_000 : 120_000,
  );

  it('greedy play reaches pitch 8+ (frost, gusts and rockfall all active) on most seeds', () => {
    let deep = 0;
    for (let k = 0; k < 20; k++) {
      const p = greedyPolicy(0);
      if (play(seedOf(k), (s, legal) => p.decide(s, legal), 6_000, false).maxPitch >= 8) deep++;
    }
    expect(deep).toBeGreaterThanOrEqual(15);
  });
});
