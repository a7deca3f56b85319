// The dailies answer as the pages read it: one request a minute, read for whichever games a page asks about.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { challenges } from '../src/daily.ts';

const body = {
  daily: [
    { game: 'cragwake', date: '2026-12-04', seed: 11 },
    { game: 'stormlark', date: '2026-12-04', seed: 22 },
  ],
  sets: [{ id: 'season-2', title: 'Season 2', current: true, games: { cragwake: [1, 2], stormlark: { seeds: [{ seed: 3 }] } } }],
};

describe('challenges()', () => {
  let calls = 0;
  beforeEach(() => {
    calls = 0;
    vi.stubGlobal('document', { baseURI: 'http://hearth.test/' });
    vi.stubGlobal('fetch', async () => {
      calls++;
      return new Response(JSON.stringify({ ok: true, ...body }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a game page asking for its one game does not hide the other games from the next page within the minute', async () => {
    const one = await challenges(['cragwake']);
    expect(one.ok && [...one.byGame.keys()]).toEqual(['cragwake']);
    const all = await challenges(['cragwake', 'stormlark']);
    expect(all.ok).toBe(true);
    if (!all.ok) return;
    expect(all.byGame.get('stormlark')?.daily).toEqual({ game: 'stormlark', date: '2026-12-04', seed: 22 });
    expect(all.byGame.get('stormlark')?.sets.map((s) => s.seeds)).toEqual([[3]]);
    expect(all.byGame.get('cragwake')?.daily?.seed).toBe(11);
    expect(calls).toBeLessThanOrEqual(1); // the second read is the cached answer (0 if an earlier test filled the cache)
  });
});
