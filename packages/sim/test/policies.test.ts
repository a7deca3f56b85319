import { enumerateSchema, type Game, grammarCandidates, rolloutPolicy } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { greedyPolicy, playSeeds, randomPolicy, resolvePolicy, strongPolicy } from '../src/index.ts';
import { aimGame } from './fixtures/aim.ts';
import { type TrailAction, trailGame } from './fixtures/trail.ts';

const seeds = Array.from({ length: 200 }, (_, i) => i);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const play = (factory: ReturnType<typeof randomPolicy>, game: Game = trailGame, s = seeds) =>
  playSeeds(game, factory, s, { policyName: 'p' }).map((r) => r.score);

describe('built-in policies', () => {
  it('are deterministic given the seed', () => {
    for (const make of [randomPolicy, greedyPolicy, strongPolicy]) {
      expect(play(make(trailGame), trailGame, seeds.slice(0, 30))).toEqual(play(make(trailGame), trailGame, seeds.slice(0, 30)));
    }
  });

  it('random only plays legal actions and spreads over them', () => {
    const policy = randomPolicy(trailGame)(1);
    const state = trailGame.rules.init(1);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const legal = trailGame.rules.legalActions(state);
      const a = policy.decide(state, legal);
      expect(legal).toContainEqual(a);
      seen.add(JSON.stringify(a));
    }
    expect(seen.size).toBe(5);
  });

  it('greedy beats random, and strong (rollouts) beats greedy, on average', () => {
    const r = mean(play(randomPolicy(trailGame)));
    const g = mean(play(greedyPolicy(trailGame)));
    const s = mean(play(strongPolicy(trailGame), trailGame, seeds.slice(0, 40)));
    expect(g).toBeGreaterThan(r);
    expect(s).toBeGreaterThan(g);
  });

  it('greedy takes the best immediate delta and never stops when a tie keeps playing', () => {
    const state = trailGame.rules.init(3);
    const choice = greedyPolicy(trailGame)(0).decide(state, trailGame.rules.legalActions(state)) as TrailAction;
    let best = -1;
    for (const a of trailGame.rules.legalActions(state)) {
      const next = trailGame.rules.clone(state);
      trailGame.rules.apply(next, a);
      best = Math.max(best, next.score);
    }
    const next = trailGame.rules.clone(state);
    trailGame.rules.apply(next, choice);
    expect(next.score).toBe(best);
    // A state where every option scores 0 now: rest and stop tie with zero-value walks; stop is never chosen.
    for (let seed = 0; seed < 50; seed++) {
      const s = trailGame.rules.init(seed);
      s.energy = 0;
      expect(greedyPolicy(trailGame)(seed).decide(s, trailGame.rules.legalActions(s))).toEqual({ type: 'rest' });
    }
  });

  it('derives candidates from the action grammar when the legal list is empty by design', () => {
    const angles = grammarCandidates(aimGame).map((a) => (a as { angle: number }).angle);
    expect(angles).toHaveLength(101);
    expect(angles[0]).toBe(10);
    expect(angles[100]).toBe(20);
    expect(angles[37]).toBe(13.7);
    expect(
      enumerateSchema({
        oneOf: [
          { properties: { type: { const: 'A' } }, required: ['type'] },
          { properties: { type: { const: 'B' }, n: { type: 'integer', minimum: 1, maximum: 3 } }, required: ['type', 'n'] },
        ],
      }),
    ).toEqual([{ type: 'A' }, { type: 'B', n: 1 }, { type: 'B', n: 2 }, { type: 'B', n: 3 }]);
    // Greedy on the aim game picks the best angle of each shot: no other angle scores more.
    const state = aimGame.rules.init(9);
    const action = greedyPolicy(aimGame)(0).decide(state, []);
    const after = aimGame.rules.clone(state);
    aimGame.rules.apply(after, action);
    for (const a of grammarCandidates(aimGame)) {
      const s = aimGame.rules.clone(state);
      aimGame.rules.apply(s, a);
      expect(s.score).toBeLessThanOrEqual(after.score);
    }
    expect(mean(play(greedyPolicy(aimGame), aimGame))).toBeGreaterThan(mean(play(randomPolicy(aimGame), aimGame)));
  });

  it('rollout search is never worse than its base over its horizon on a deterministic game', () => {
    const base = greedyPolicy(trailGame);
    const improved = rolloutPolicy(trailGame, { base, horizon: 200, width: 5 });
    const b = play(base, trailGame, seeds.slice(0, 30));
    const r = play(improved, trailGame, seeds.slice(0, 30));
    // With a horizon past the end of the game the search sees the base's own line, so it can only improve.
    for (let i = 0; i < r.length; i++) expect(r[i]).toBeGreaterThanOrEqual(b[i]!);
  });

  it('resolves names: built-ins, then the game’s own policies; unknown names list what exists', () => {
    expect(resolvePolicy(trailGame, 'random')(1).name).toBe('random');
    expect(() => resolvePolicy(trailGame, 'nope')).toThrow(/available: random, greedy, strong/);
  });
});
