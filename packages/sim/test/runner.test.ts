import { describe, expect, it } from 'vitest';
import { type GameRecord, loadableModule, mergeRecords, recordLine, runSim, shardSeeds } from '../src/index.ts';
import { fixture, fixtureRegistryUrl, fixtureWorkerUrl } from './helpers.ts';

const seeds = Array.from({ length: 60 }, (_, i) => i * 7 + 3);
const jsonl = (records: readonly GameRecord[]) => records.map((r) => `${recordLine(r)}\n`).join('');

async function run(
  policy: string,
  options: { workers?: number; chunk?: number; seeds?: number[]; maxTurns?: number; module?: string } = {},
) {
  return runSim({
    game: 'trail',
    policy: options.module ? { kind: 'module', url: await loadableModule(options.module), label: policy } : { kind: 'name', name: policy },
    seeds: options.seeds ?? seeds,
    workerUrl: await fixtureWorkerUrl(),
    registryUrl: await fixtureRegistryUrl(),
    workers: options.workers,
    chunk: options.chunk,
    maxTurns: options.maxTurns,
  });
}

describe('runner', () => {
  it('gives byte-identical JSONL whatever the worker count and task size', async () => {
    const one = jsonl((await run('random', { workers: 1 })).records);
    const two = jsonl((await run('random', { workers: 2, chunk: 1 })).records);
    const three = jsonl((await run('random', { workers: 3, chunk: 7 })).records);
    expect(two).toBe(one);
    expect(three).toBe(one);
    expect(one.split('\n').filter(Boolean)).toHaveLength(seeds.length);
    // Records are in seed order and different seeds really play differently.
    const parsed = one
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameRecord);
    expect(parsed.map((r) => r.seed)).toEqual([...seeds].sort((a, b) => a - b));
    expect(new Set(parsed.map((r) => r.score)).size).toBeGreaterThan(5);
  }, 60_000);

  it('merging the shards of a split gives exactly the unsharded run', async () => {
    const whole = (await run('greedy', { workers: 2 })).records;
    for (const count of [2, 3, 7]) {
      const parts: GameRecord[][] = [];
      for (let k = 0; k < count; k++)
        parts.push((await run('greedy', { workers: 1, seeds: shardSeeds(seeds, { index: k, count }) })).records);
      expect(parts.flat()).toHaveLength(seeds.length);
      expect(jsonl(mergeRecords(parts.reverse()))).toBe(jsonl(whole));
    }
  }, 90_000);

  it('reports a throwing policy per seed and finishes the run', async () => {
    const result = await run('throws-on-odd', { workers: 2, module: fixture('policies/throws-on-odd.mjs') });
    expect(result.records).toHaveLength(seeds.length);
    for (const r of result.records) {
      if (r.seed % 2 === 1) {
        expect(r.end).toBe('error');
        expect(r.error).toContain(`bad policy on seed ${r.seed}`);
        expect(r.turns).toBe(2);
      } else expect(r.end).not.toBe('error');
    }
    expect(result.errors).toBe(seeds.filter((s) => s % 2 === 1).length);
  }, 60_000);

  it('replaces a worker that dies and reports only the seed that killed it', async () => {
    const crashSeeds = Array.from({ length: 12 }, (_, i) => i);
    const result = await run('exits', { workers: 2, chunk: 4, seeds: crashSeeds, module: fixture('policies/exits-on-seed-5.mjs') });
    expect(result.records.map((r) => r.seed)).toEqual(crashSeeds);
    const errored = result.records.filter((r) => r.end === 'error');
    expect(errored.map((r) => r.seed)).toEqual([5]);
    expect(errored[0]!.error).toMatch(/exit/);
  }, 60_000);

  it('loads a TypeScript user policy module in every worker', async () => {
    const a = await run('first-legal.ts', { workers: 2, chunk: 3, module: fixture('policies/first-legal.ts') });
    const b = await run('first-legal.ts', { workers: 1, module: fixture('policies/first-legal.ts') });
    expect(a.records.every((r) => r.policy === 'first-legal.ts' && r.end !== 'error')).toBe(true);
    expect(jsonl(a.records)).toBe(jsonl(b.records));
    expect(a.steps).toBeGreaterThan(seeds.length);
  }, 60_000);

  it('ends a game whose policy plays a refused action with the refusal code', async () => {
    const result = await run('illegal', { workers: 1, seeds: [1, 2, 3], module: fixture('policies/illegal.mjs') });
    for (const r of result.records) {
      expect(r.end).toBe('refused');
      expect(r.refusal).toBe('too_tired');
      expect(r.turns).toBe(2);
    }
  }, 30_000);

  it('stops games at --max-turns', async () => {
    const result = await run('strong', { workers: 2, seeds: [1, 2, 3, 4], maxTurns: 5 });
    for (const r of result.records) {
      expect(r.turns).toBeLessThanOrEqual(5);
      if (r.turns === 5) expect(r.end).toBe('max_turns');
    }
    expect(result.records.some((r) => r.end === 'max_turns')).toBe(true);
  }, 30_000);

  it('fails the run with a readable message for an unknown game or policy', async () => {
    await expect(run('no-such-policy')).rejects.toThrow(/unknown policy "no-such-policy"/);
    await expect(
      runSim({
        game: 'nope',
        policy: { kind: 'name', name: 'random' },
        seeds: [1],
        workerUrl: await fixtureWorkerUrl(),
        registryUrl: await fixtureRegistryUrl(),
      }),
    ).rejects.toThrow(/unknown game "nope"/);
  }, 30_000);
});
