import { hash, streamId } from '@hearth/rng';
import { expect, it } from 'vitest';
import { dailySeed, dayNumber, utcDate } from '../src/routes/challenge-daily.ts';

it('the daily seed is the documented pure function of the UTC date and the slug', () => {
  expect(dayNumber('1970-01-01')).toBe(0);
  expect(dayNumber('2026-12-01')).toBe(Date.UTC(2026, 11, 1) / 86_400_000);
  expect(dailySeed('cragwake', '2026-12-01')).toBe(hash(streamId('hearth-daily'), streamId('cragwake'), dayNumber('2026-12-01')!));
  const seeds = new Set<number>();
  for (const slug of ['cragwake', 'stormlark', 'lantern-volley', 'sunloaf']) {
    for (let d = 0; d < 60; d++) seeds.add(dailySeed(slug, utcDate(Date.UTC(2026, 0, 1) + d * 86_400_000)));
  }
  // Different days and games get different seeds (no collision among these 240), each a u32.
  expect(seeds.size).toBe(240);
  for (const s of seeds) expect(s >>> 0).toBe(s);
  expect(utcDate(Date.UTC(2026, 11, 1, 23, 59, 59))).toBe('2026-12-01');
});

it('only real calendar dates are days', () => {
  for (const bad of ['2026-02-30', '2026-13-01', '2026-1-1', 'today', '', '2026-12-01T00:00']) expect(dayNumber(bad)).toBeNull();
  expect(dayNumber('2024-02-29')).not.toBeNull();
  expect(() => dailySeed('cragwake', 'nope')).toThrow(RangeError);
});
