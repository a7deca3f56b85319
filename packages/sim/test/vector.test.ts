import { describe, expect, it } from 'vitest';
import { listSpace, randomPolicy, VectorSim } from '../src/index.ts';
import { type TrailAction, trailGame } from './fixtures/trail.ts';

describe('VectorSim', () => {
  it('steps a batch like separate fast handles, with score-delta rewards and done flags', () => {
    const seeds = [5, 6, 7, 8];
    const env = new VectorSim(trailGame, seeds.length).reset(seeds);
    const sims = seeds.map((s) => {
      const sim = trailGame.createSim();
      sim.reset(s);
      return sim;
    });
    const policies = seeds.map((s) => randomPolicy(trailGame)(s));
    const twins = seeds.map((s) => randomPolicy(trailGame)(s));
    const totals = new Float64Array(seeds.length);
    const actions: (TrailAction | undefined)[] = [];
    for (let t = 0; t < 500 && !env.dones.every(Boolean); t++) {
      for (let i = 0; i < seeds.length; i++) {
        actions[i] = env.dones[i] ? undefined : (policies[i]!.decide(env.state(i), env.legalActions(i)) as TrailAction);
        if (!env.dones[i]) {
          const before = sims[i]!.score();
          sims[i]!.stepTrusted(twins[i]!.decide(sims[i]!.state, sims[i]!.legalActions()) as TrailAction);
          expect(sims[i]!.score() - before).toBeGreaterThanOrEqual(0);
        }
      }
      env.step(actions);
      for (let i = 0; i < seeds.length; i++) {
        totals[i]! += env.rewards[i]!;
        expect(env.state(i)).toEqual(sims[i]!.state);
        expect(env.dones[i]).toBe(sims[i]!.gameOver() ? 1 : 0);
      }
    }
    expect(env.dones.every(Boolean)).toBe(true);
    for (let i = 0; i < seeds.length; i++) {
      expect(totals[i]).toBe(env.scores[i]);
      expect(env.terminated[i]).toBe(1);
    }
  });

  it('truncates at maxTurns, ends a slot on a refused action, and masks legal actions', () => {
    const env = new VectorSim(trailGame, 2, { maxTurns: 3 }).reset([1, 2]);
    const space = listSpace<TrailAction>([
      { type: 'walk', steps: 1 },
      { type: 'walk', steps: 2 },
      { type: 'walk', steps: 3 },
      { type: 'rest' },
      { type: 'stop' },
    ]);
    expect([...env.masks(space)]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    env.step([{ type: 'rest' }, { type: 'walk', steps: 3 }]);
    env.step([{ type: 'rest' }, { type: 'walk', steps: 3 }]); // slot 1 runs dry: game over
    expect([...env.dones]).toEqual([0, 1]);
    expect([...env.masks(space)]).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    env.step([{ type: 'rest' }, { type: 'rest' }]);
    expect([...env.truncated]).toEqual([1, 0]);
    expect(env.turns[1]).toBe(2); // a done slot is not stepped
    env.resetSlot(0, 1);
    env.step([{ type: 'walk', steps: 3 }, undefined]);
    env.step([{ type: 'walk', steps: 3 }, undefined]);
    expect(env.dones[0]).toBe(1);
    env.resetSlot(0, 1);
    env.stepSlot(0, { type: 'walk', steps: 3 });
    env.stepSlot(0, { type: 'walk', steps: 2 });
    expect(env.dones[0]).toBe(0);
    env.stepSlot(0, { type: 'walk', steps: 3 });
    expect(env.refusals[0]?.reason).toBe('too_tired');
    expect(env.dones[0]).toBe(1);
    expect(env.turns[0]).toBe(2);
  });
});
