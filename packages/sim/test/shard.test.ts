import { describe, expect, it } from 'vitest';
import { autoShard, countSeeds, parseSeedRanges, parseSeeds, parseShard, shardRanges, shardSeeds } from '../src/index.ts';

describe('seeds and shards', () => {
  it('parses inclusive ranges, single seeds and lists', () => {
    expect(parseSeeds('3..6')).toEqual([3, 4, 5, 6]);
    expect(parseSeeds('9,1..2,2')).toEqual([1, 2, 9]);
    expect(() => parseSeeds('5..4')).toThrow(/empty/);
    expect(() => parseSeeds('x')).toThrow();
    expect(() => parseSeeds('4294967296')).toThrow(/u32/);
  });

  it('splits every seed into exactly one shard, in balanced contiguous blocks', () => {
    for (const n of [1, 7, 100, 101]) {
      const seeds = Array.from({ length: n }, (_, i) => i * 3);
      for (const count of [1, 2, 3, 8, 150]) {
        const parts = Array.from({ length: count }, (_, index) => shardSeeds(seeds, { index, count }));
        expect(parts.flat()).toEqual(seeds);
        const sizes = parts.map((p) => p.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('shards seed ranges arithmetically, listing only the shard (the whole u32 range can be split)', () => {
    const text = '5..40,100..130,35..50,7';
    const ranges = parseSeedRanges(text);
    expect(ranges).toEqual([
      [5, 50],
      [100, 130],
    ]);
    for (const count of [1, 4, 9, 100]) {
      for (let index = 0; index < count; index++) {
        expect(shardRanges(ranges, { index, count })).toEqual(shardSeeds(parseSeeds(text), { index, count }));
      }
    }
    const all = parseSeedRanges('0..4294967295');
    expect(countSeeds(all)).toBe(2 ** 32);
    const last = shardRanges(all, { index: 99_999, count: 100_000 });
    expect(last[last.length - 1]).toBe(4294967295);
    expect(last.length).toBe(42949);
    expect(() => shardRanges(all, null)).toThrow(/use --shard/);
  });

  it('reads --shard K/N and --shard auto from Kubernetes and Slurm', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    expect(() => parseShard('5/5')).toThrow(/not in 0..4/);
    expect(autoShard({ JOB_COMPLETION_INDEX: '3' }, 8)).toEqual({ index: 3, count: 8 });
    expect(autoShard({ JOB_COMPLETION_INDEX: '3', HEARTH_SHARD_COUNT: '4' })).toEqual({ index: 3, count: 4 });
    expect(() => autoShard({ JOB_COMPLETION_INDEX: '3' })).toThrow(/--shard-count/);
    expect(autoShard({ SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '1' })).toEqual({ index: 3, count: 8 });
    expect(autoShard({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '2' })).toEqual({ index: 0, count: 2 });
    expect(() => autoShard({})).toThrow(/neither/);
  });
});
