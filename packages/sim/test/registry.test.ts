// The simulator against the real games, through the real worker entry and the registry.
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { devWorkerUrl, type GameRecord, isRunEnding, playSeeds, policyNames, recordLine, resolvePolicy, runSim } from '../src/index.ts';

const jsonl = (records: readonly GameRecord[]) => records.map(recordLine).join('\n');

describe.each(registry.slugs.map((slug) => [slug]))('%s', (slug) => {
  it('plays random games in workers, byte-identical on 1 and 2 workers', async () => {
    const seeds = [3, 1, 4, 15, 9, 2];
    const run = async (workers: number, chunk: number) =>
      runSim({
        game: slug,
        policy: { kind: 'name', name: 'random' },
        seeds,
        workerUrl: await devWorkerUrl(),
        workers,
        chunk,
        maxTurns: 300,
      });
    const one = await run(1, 6);
    const two = await run(2, 1);
    expect(jsonl(two.records)).toBe(jsonl(one.records));
    for (const r of one.records) {
      expect(r.game).toBe(slug);
      expect(['game_over', 'max_turns']).toContain(r.end);
      expect(r.score).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);

  it('gives the same JSONL on the WASM kernels and on their JavaScript build', async () => {
    const run = async (kernel: 'wasm' | 'js') =>
      runSim({
        game: slug,
        policy: { kind: 'name', name: 'random' },
        seeds: [5, 6, 7],
        workerUrl: await devWorkerUrl(),
        workers: 1,
        kernel,
        maxTurns: 200,
      });
    expect(jsonl((await run('js')).records)).toBe(jsonl((await run('wasm')).records));
  }, 120_000);

  it('random never ends a run by choice while anything else is legal', async () => {
    const game = (await registry.load(slug))!;
    const sim = game.createSim();
    let enders = 0;
    let decisions = 0;
    for (let seed = 1; seed <= 20; seed++) {
      sim.reset(seed);
      const policy = resolvePolicy(game, 'random')(seed);
      for (let t = 0; t < 150 && !sim.gameOver(); t++) {
        const legal = sim.legalActions();
        const a = policy.decide(sim.state, legal);
        decisions++;
        if (legal.some((x) => isRunEnding(game, x))) enders++;
        if (legal.some((x) => !isRunEnding(game, x))) expect(isRunEnding(game, a)).toBe(false);
        if (sim.step(a)) break; // a grammar candidate the rules turn down (Lantern Volley): the run stops here
      }
    }
    expect(decisions).toBeGreaterThan(20);
    // the check above is not vacuous for games with a run-ending action
    if (game.rules.endsRun) expect(enders).toBeGreaterThan(0);
  }, 120_000);

  it('resolves every listed policy, and greedy scores at least what random does on average', async () => {
    const game = (await registry.load(slug))!;
    for (const name of policyNames(game)) expect(typeof resolvePolicy(game, name)).toBe('function');
    const seeds = [1, 2, 3];
    const mean = (name: string) => {
      const records = playSeeds(game, resolvePolicy(game, name), seeds, { policyName: name, maxTurns: 20 });
      expect(records.every((r) => r.end !== 'error' && r.end !== 'refused')).toBe(true);
      return records.reduce((a, r) => a + r.score, 0) / seeds.length;
    };
    expect(mean('greedy')).toBeGreaterThanOrEqual(mean('random'));
  }, 120_000);
});
