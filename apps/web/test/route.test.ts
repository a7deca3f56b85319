import { describe, expect, it } from 'vitest';
import { decodeActions, encodeActions, formatRoute, parseRoute, parseSeed } from '../src/route.ts';

describe('hash routes', () => {
  it('reads home, a game with a seed, and a replay', () => {
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/')).toEqual({ page: 'home' });
    expect(parseRoute('#/cragwake?seed=7')).toEqual({ page: 'game', slug: 'cragwake', seed: 7, replay: undefined });
    expect(parseRoute('#/lantern-volley')).toEqual({ page: 'game', slug: 'lantern-volley', seed: undefined, replay: undefined });
    const actions = [{ type: 'SHOOT', angleDeg: 87.5 }, { type: 'move', row: 1, col: 3 }, { type: 'naïve ✓' }];
    const hash = formatRoute({ page: 'game', slug: 'sunloaf', seed: 4294967295, replay: actions });
    expect(hash).toMatch(/^#\/sunloaf\?seed=4294967295&replay=[A-Za-z0-9_-]+$/);
    expect(parseRoute(hash)).toEqual({ page: 'game', slug: 'sunloaf', seed: 4294967295, replay: actions });
  });

  it('treats anything that is not a slug as home and a bad seed or replay as absent', () => {
    expect(parseRoute('#/../etc')).toEqual({ page: 'home' });
    expect(parseRoute('#/Caps')).toEqual({ page: 'home' });
    expect(parseRoute('#/x?seed=-1').page === 'game' && (parseRoute('#/x?seed=-1') as { seed: unknown }).seed).toBeUndefined();
    expect(parseSeed('4294967296')).toBeUndefined();
    expect(parseSeed('1.5')).toBeUndefined();
    expect(parseSeed(' 12 ')).toBe(12);
    expect(parseSeed('')).toBeUndefined();
    expect(decodeActions('!!!')).toBeUndefined();
    expect(decodeActions(encodeActions([]))).toEqual([]);
    // a valid encoding of something that is not an array is not a replay
    expect(decodeActions(encodeActions({ a: 1 } as unknown as unknown[]))).toBeUndefined();
  });
});
