import { describe, expect, it } from 'vitest';
import { below, hash, percent, range, shuffle, shuffled } from '../src/hash.ts';
import { Stream, streamId, toSeed } from '../src/stream.ts';

describe('hash: pinned outputs', () => {
  // Pinned values: a third-party reimplementation of README.md's algorithm must reproduce these.
  it('matches the published reference vectors', () => {
    expect([
      hash(0, 0, 0),
      hash(1, 0, 0),
      hash(0, 1, 0),
      hash(0, 0, 1),
      hash(7, 3, 12345),
      hash(0xffffffff, 0xffffffff, 0xffffffff),
    ]).toEqual(REFERENCE);
  });
});

const REFERENCE = [181633295, 3561380248, 2263274278, 3412744540, 71481021, 3880225921];

describe('hash: distribution', () => {
  it('is uniform enough: 16 buckets of 160,000 draws within 2% of each other', () => {
    const buckets = new Array(16).fill(0);
    for (let i = 0; i < 160_000; i++) buckets[hash(42, 1, i) >>> 28]++;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(400);
  });
  it('neighbouring seeds, streams and indices give unrelated values (bit flip ~50%)', () => {
    let flips = 0;
    const trials = 20_000;
    for (let i = 0; i < trials; i++) {
      const a = hash(i, 0, 0);
      const b = hash(i + 1, 0, 0);
      const c = hash(0, i, 0) ^ hash(0, i + 1, 0);
      const d = hash(0, 0, i) ^ hash(0, 0, i + 1);
      flips += popcount(a ^ b) + popcount(c) + popcount(d);
    }
    const mean = flips / (trials * 3);
    expect(mean).toBeGreaterThan(15.5);
    expect(mean).toBeLessThan(16.5);
  });
});

describe('helpers', () => {
  it('below stays in [0, n) and covers it', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const v = below(3, 4, i, 7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
    expect(below(1, 2, 3, 1)).toBe(0);
  });
  it('range is inclusive at both ends', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i++) seen.add(range(9, 9, i, -2, 2));
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2]);
  });
  it('percent honours 0 and 100 and is near p otherwise', () => {
    let hits = 0;
    for (let i = 0; i < 20_000; i++) {
      expect(percent(1, 1, i, 0)).toBe(false);
      expect(percent(1, 1, i, 100)).toBe(true);
      if (percent(1, 1, i, 30)) hits++;
    }
    expect(Math.abs(hits / 20_000 - 0.3)).toBeLessThan(0.02);
  });
  it('shuffle is a permutation and depends on the seed', () => {
    const a = shuffle(20, 1, 1, 0);
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(shuffle(20, 2, 1, 0)).not.toEqual(a);
    expect(shuffled(['a', 'b', 'c'], 5, 5, 5).sort()).toEqual(['a', 'b', 'c']);
  });
  it('Stream draws consecutive indices and can be rebuilt from its index', () => {
    const s = new Stream(11, streamId('rows'));
    const first = [s.next(), s.below(10), s.range(3, 5), s.percent(50)];
    expect(s.index).toBe(4);
    const t = new Stream(11, streamId('rows'), 1);
    expect(t.below(10)).toBe(first[1]);
    expect(first[0]).toBe(hash(11, streamId('rows'), 0));
  });
  it('streamId is FNV-1a 32', () => {
    expect(streamId('')).toBe(0x811c9dc5);
    expect(streamId('a')).toBe(0xe40c292c);
  });
  it('toSeed wraps integers and refuses non-integers', () => {
    expect(toSeed(7)).toBe(7);
    expect(toSeed(-1)).toBe(0xffffffff);
    expect(toSeed(2 ** 32 + 5)).toBe(5);
    expect(toSeed(Number.NaN)).toBeNull();
    expect(toSeed(1.5)).toBeNull();
    expect(toSeed(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

function popcount(x: number): number {
  let c = 0;
  for (let v = x >>> 0; v; v &= v - 1) c++;
  return c;
}
