// A named player's plays through real HTTP, on SQLite and PostgreSQL (issue 33): the web app's stats follow the
// name's key to another browser. Kept behind the key, each play once, refused whole when one play is bad.
import { afterAll, describe, expect, it } from 'vitest';
import { golden, setupRunBackends } from './runs-backends.ts';

const backends = await setupRunBackends();
afterAll(() => backends.dispose());

const cragwake = golden('cragwake', 'greedy-seed-7-ends-at-pitch-6-ledge.replay.json');
const KEY = 'hk_stats_player_key_000000000000000000000000';
const now = Date.now();
const play = (at: number, score: number, daily = false) => ({
  day: new Date(at).toISOString().slice(0, 10),
  score,
  seed: 7,
  at,
  ...(daily ? { daily } : {}),
});

describe.each(backends.names)('player plays on %s', (name) => {
  it('keeps plays behind the name’s key and hands them back to the same key elsewhere', async () => {
    const { url } = await backends.serve(name, {});
    const call = async (method: string, path: string, body?: unknown, key: string | null = KEY) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const plays = '/api/players/Statsy/plays';
    // a name no run has claimed has no plays
    expect((await call('POST', plays, { game: 'cragwake', plays: [play(now, 5)] })).body.reason).toBe('unknown_player');
    // the first run claims the name with the key the browser chose
    const claim = await call('POST', '/api/runs', { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions, player: 'Statsy' });
    expect(claim.status).toBe(201);

    const three = [play(now - 3 * 86_400_000, 10, true), play(now - 86_400_000, 30, true), play(now, 20)];
    expect(await call('POST', plays, { game: 'cragwake', plays: three })).toMatchObject({ status: 200, body: { ok: true, added: 3 } });
    expect((await call('POST', plays, { game: 'cragwake', plays: three })).body.added).toBe(0);
    // any spelling of the name is the name; another browser holding the key reads the same list
    const back = await call('GET', '/api/players/statsy/plays?game=cragwake');
    expect(back).toMatchObject({ status: 200, body: { ok: true, game: 'cragwake' } });
    expect(back.body.plays).toEqual([...three].sort((a, b) => a.at - b.at));

    // refusals: no key, a wrong key, a bad play (nothing stored), an unknown game, a bad name
    expect((await call('GET', '/api/players/Statsy/plays?game=cragwake', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/players/Statsy/plays?game=cragwake', undefined, 'hk_nope')).status).toBe(403);
    const bad = await call('POST', plays, { game: 'cragwake', plays: [play(now + 5, 1), { ...play(now, 1), day: '1999-01-01' }] });
    expect(bad).toMatchObject({ status: 400, body: { reason: 'invalid_play' } });
    expect((await call('GET', '/api/players/Statsy/plays?game=cragwake')).body.plays).toHaveLength(3);
    expect((await call('GET', '/api/players/Statsy/plays?game=nope')).status).toBe(404);
    expect((await call('GET', '/api/players/x/plays?game=cragwake')).body.reason).toBe('invalid_player');
    expect((await call('DELETE', plays)).status).toBe(405);
  });
});
