// A named player's plays on both back ends: added behind the name's key (refused whole otherwise, nothing kept),
// each play once however often it is sent, listed oldest first per game; bad plays are refused by checkPlay.
import { afterAll, describe, expect, it } from 'vitest';
import { checkPlay, type Play, type Store } from '../src/index.ts';
import { run, setupBackends } from './backends.ts';

const backends = await setupBackends();
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  await backends.dispose();
});

const play = (at: number, score: number, over: Partial<Play> = {}): Play => ({
  day: new Date(at).toISOString().slice(0, 10),
  score,
  seed: 7,
  at,
  ...over,
});
const T = Date.UTC(2026, 11, 1, 12);

describe.each(backends.list.map((b) => [b.name, b] as const))('player plays on %s', (_name, backend) => {
  it('keeps a named player’s plays behind the key, once each, per game, oldest first', async () => {
    const store = await backend.open();
    stores.push(store);
    // the name is claimed by a first run with a key of the player's choosing
    const key = 'hk_walker_key_000000000000000000000000000000';
    expect((await store.runs.submit(run({ player: 'Walker', key }))).status).toBe('stored');
    expect(await store.plays.add('nobody', key, 'cragwake', [play(T, 1)])).toBe('unknown_player');
    expect(await store.plays.add('walker', null, 'cragwake', [play(T, 1)])).toBe('key_required');
    expect(await store.plays.add('walker', 'hk_wrong', 'cragwake', [play(T, 1)])).toBe('wrong_key');
    expect(await store.plays.list('walker', 'hk_wrong', 'cragwake')).toBe('wrong_key');

    const three = [play(T + 2000, 30, { daily: true }), play(T, 10), play(T + 1000, 20)];
    expect(await store.plays.add('WALKER', key, 'cragwake', three)).toEqual({ added: 3 });
    // the same plays again (a browser syncing everything it holds) add nothing
    expect(await store.plays.add('walker', key, 'cragwake', three)).toEqual({ added: 0 });
    await store.plays.add('walker', key, 'sunloaf', [play(T, 99)]);
    const listed = await store.plays.list('walker', key, 'cragwake');
    expect(listed).toEqual({ plays: [play(T, 10), play(T + 1000, 20), play(T + 2000, 30, { daily: true })] });
    expect(await store.plays.list('walker', key, 'cragwake', 2)).toEqual({
      plays: [play(T + 1000, 20), play(T + 2000, 30, { daily: true })],
    });
    expect(await store.plays.list('walker', key, 'stormlark')).toEqual({ plays: [] });
  });
});

describe('checkPlay', () => {
  const now = T + 10_000;
  it('accepts a play and says what is wrong with a bad one', () => {
    expect(checkPlay(play(T, 5), now)).toBeNull();
    expect(checkPlay(play(T, 5, { daily: true }), now)).toBeNull();
    expect(checkPlay({ ...play(T, 5), day: '2026-12-02' }, now)).toMatch(/UTC day of at/);
    expect(checkPlay({ ...play(T, 5), day: 'today' }, now)).toMatch(/YYYY-MM-DD/);
    expect(checkPlay({ ...play(T, 5), score: Number.NaN }, now)).toMatch(/score/);
    expect(checkPlay({ ...play(T, 5), seed: -1 }, now)).toMatch(/seed/);
    expect(checkPlay({ ...play(T, 5), at: now + 2 * 86_400_000 }, now)).toMatch(/at must/);
    expect(checkPlay({ ...play(T, 5), daily: 'yes' }, now)).toMatch(/daily/);
    expect(checkPlay([], now)).toMatch(/object/);
  });
});
