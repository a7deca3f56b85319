// Runs, keys and leaderboards through real HTTP, on a SQLite file and on PostgreSQL.
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import { afterAll, describe, expect, it } from 'vitest';
import { dailySeed, utcDate } from '../src/routes/challenge-daily.ts';
import type { ServerOptions } from '../src/server.ts';
import { startServer } from './helpers/start.ts';
import { golden, setupRunBackends } from './runs-backends.ts';

const backends = await setupRunBackends();
afterAll(() => backends.dispose());

const cragwake = golden('cragwake', 'greedy-seed-7-ends-at-pitch-6-ledge.replay.json');
const game = (await registry.load('cragwake'))!;
const expected = replay(game, cragwake.seed, cragwake.actions);
if (!expected.ok) throw new Error('golden replay refused');

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
};
/**
 * post() as a well-behaved client sends it: a 503 (the replay queue or the database pool full, which a loaded
 * machine can reach with 60 clients at once) is sent again after its Retry-After (capped at 2 s), up to 20 times.
 */
const postRetrying = async (url: string, body: unknown) => {
  for (let attempt = 0; ; attempt++) {
    const r = await post(url, body);
    if (r.status !== 503 || attempt === 20) return r;
    await new Promise((resolve) => setTimeout(resolve, Math.min(2, Number(r.headers.get('retry-after') ?? 1)) * 1000));
  }
};
const get = async (url: string, path: string) => {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};

describe.each(backends.names)('runs on %s', (name) => {
  const start = (runs: Record<string, unknown> = {}, extra: Partial<ServerOptions> = {}) => backends.serve(name, runs, extra);

  it('a verified run is stored, ranked, fetched back and replays to the same hash', async () => {
    const { store, url } = await start();
    const first = await post(url, { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions, player: 'Alice', notes: 'greedy' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ok: true, score: expected.score, rank: 1, duplicate: false, stateHash: expected.stateHash });
    expect(first.body.playerKey).toMatch(/^hk_/);
    expect(first.body.url).toBe(`${url}/#/run/${first.body.runId}`);
    const fetched = await get(url, `/api/runs/${first.body.runId}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      ok: true,
      game: 'cragwake',
      seed: cragwake.seed,
      actions: cragwake.actions,
      player: 'Alice',
      agent: null,
      kind: 'human',
      notes: 'greedy',
      score: expected.score,
      turns: cragwake.actions.length,
      stateHash: expected.stateHash,
      version: game.spec.version,
    });
    expect(Number.isNaN(Date.parse(fetched.body.createdAt))).toBe(false);
    const again = replay(game, fetched.body.seed, fetched.body.actions);
    expect(again.ok && again.stateHash).toBe(expected.stateHash);

    // The same game again, from anyone: the existing run, nothing new stored, no key handed out.
    const dup = await post(url, { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions, player: 'mallory' });
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ ok: true, duplicate: true, runId: first.body.runId, player: 'Alice' });
    expect(dup.body.playerKey).toBeUndefined();
    expect(await store.runs.count()).toBe(1);

    // The name is claimed: later runs need the key (any case of the name is the same player).
    const shorter = { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions.slice(0, 10), player: 'alice' };
    expect((await post(url, shorter)).body.reason).toBe('key_required');
    expect((await post(url, shorter, { authorization: 'Bearer hk_not-the-key' })).status).toBe(403);
    expect((await post(url, shorter, { authorization: 'Basic abc' })).status).toBe(401);
    expect(await store.runs.count()).toBe(1);
    const second = await post(url, shorter, { authorization: `Bearer ${first.body.playerKey}` });
    expect(second.status).toBe(201);
    expect(second.body.playerKey).toBeUndefined();
    expect(second.body.rank).toBe(1);

    // An agent run under another name, then the boards.
    const agent = await post(url, { game: 'cragwake', seed: 8, actions: [], player: 'bot-1', agent: 'model-x / harness 2' });
    expect(agent.status).toBe(201);
    expect(agent.body.rank).toBe(2);
    const board = await get(url, '/api/leaderboards/cragwake');
    expect(board.body.rows.map((r: any) => [r.rank, r.player, r.score, r.kind])).toEqual([
      [1, 'Alice', expected.score, 'human'],
      [2, 'bot-1', 0, 'agent'],
    ]);
    expect(board.body.rows[0].runUrl).toBe(first.body.url);
    const agents = await get(url, `/api/leaderboards/cragwake?kind=agent&agent=${encodeURIComponent('model-x / harness 2')}`);
    expect(agents.body.rows.map((r: any) => r.player)).toEqual(['bot-1']);
    const page1 = await get(url, '/api/leaderboards/cragwake?limit=1');
    expect(page1.body.rows.map((r: any) => r.player)).toEqual(['Alice']);
    const page2 = await get(url, `/api/leaderboards/cragwake?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.rows.map((r: any) => r.player)).toEqual(['bot-1']);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('a refused action answers /verify’s refusal shape and stores nothing', async () => {
    const { store, url } = await start();
    const forged = [...cragwake.actions.slice(0, 5), { type: 'no-such-action' }, ...cragwake.actions.slice(6)];
    const res = await post(url, { game: 'cragwake', seed: cragwake.seed, actions: forged, player: 'forger' });
    const verify = await fetch(`${url}/api/games/cragwake/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: cragwake.seed, actions: forged }),
    }).then((r) => r.json());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(verify);
    expect(res.body).toMatchObject({ ok: false, index: 5 });
    expect(await store.runs.count()).toBe(0);
    expect(await store.runs.checkName('forger', null)).toBe('unclaimed');
  });

  it('every bad input gets a clear 4xx and stores nothing', async () => {
    const { store, url } = await start({ maxRunActions: 20 });
    const ok = { game: 'cragwake', seed: 1, actions: [], player: 'p1' };
    const cases: [unknown, number, string][] = [
      [{ ...ok, game: 'chess' }, 404, 'unknown_game'],
      [{ ...ok, game: 7 }, 404, 'unknown_game'],
      [{ ...ok, seed: 'x' }, 400, 'invalid_seed'],
      [{ ...ok, seed: 2 ** 60 }, 400, 'invalid_seed'],
      [{ ...ok, actions: 'up' }, 400, 'invalid_body'],
      [{ ...ok, actions: new Array(21).fill({ type: 'breathe' }) }, 400, 'too_many_actions'],
      [{ ...ok, player: undefined }, 400, 'invalid_player'],
      [{ ...ok, player: 'a' }, 400, 'invalid_player'],
      [{ ...ok, player: 'x'.repeat(25) }, 400, 'invalid_player'],
      [{ ...ok, player: 'bad name' }, 400, 'invalid_player'],
      [{ ...ok, player: '<script>' }, 400, 'invalid_player'],
      [{ ...ok, agent: '' }, 400, 'invalid_body'],
      [{ ...ok, agent: 'a\nb' }, 400, 'invalid_body'],
      [{ ...ok, agent: 'a'.repeat(101) }, 400, 'invalid_body'],
      [{ ...ok, notes: 5 }, 400, 'invalid_body'],
      [[ok], 400, 'invalid_body'],
    ];
    for (const [body, status, reason] of cases) {
      const res = await post(url, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.reason]).toEqual([JSON.stringify(body).slice(0, 60), status, reason]);
      expect(res.body.ok).toBe(false);
      expect(typeof res.body.message).toBe('string');
    }
    const text = await fetch(`${url}/api/runs`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    const broken = await fetch(`${url}/api/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"game":' });
    expect([broken.status, ((await broken.json()) as any).reason]).toEqual([400, 'invalid_json']);
    expect((await fetch(`${url}/api/runs`)).status).toBe(405);
    expect(await store.runs.count()).toBe(0);
    for (const path of ['/api/runs/0', '/api/runs/abc', '/api/runs/99999', '/api/runs/99999999999']) {
      expect((await get(url, path)).status).toBe(404);
    }
    for (const [path, status] of [
      ['/api/leaderboards/chess', 404],
      ['/api/leaderboards/cragwake?board=weekly', 400],
      ['/api/leaderboards/cragwake?kind=robot', 400],
      ['/api/leaderboards/cragwake?limit=0', 400],
      ['/api/leaderboards/cragwake?limit=101', 400],
      ['/api/leaderboards/cragwake?cursor=zzz', 400],
      ['/api/leaderboards/cragwake?board=daily&date=2026-02-30', 400],
      ['/api/leaderboards/cragwake?board=challenge&challenge=season-99', 404],
      ['/api/challenges?date=yesterday', 400],
      ['/api/challenges/chess', 404],
    ] as const) {
      const res = await get(url, path);
      expect([path, res.status, res.body.ok]).toEqual([path, status, false]);
    }
  });

  it('a body with the actions key twice is replayed and stored as the same list (the last, as JSON.parse reads it)', async () => {
    const { store, url } = await start();
    const good = JSON.stringify(cragwake.actions);
    const raw = (first: string, last: string, player: string) =>
      fetch(`${url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"game":"cragwake","seed":${cragwake.seed},"actions":${first},"player":"${player}","actions":${last}}`,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const refused = await raw(good, '[{"type":"no-such-action"}]', 'twice-a');
    expect(refused.body).toMatchObject({ ok: false, index: 0 });
    expect(await store.runs.count()).toBe(0);
    const stored = await raw('[{"type":"no-such-action"}]', good, 'twice-b');
    expect(stored.status).toBe(201);
    const run = await store.runs.get(stored.body.runId);
    expect(run?.actions).toEqual(cragwake.actions);
    expect(run?.score).toBe(expected.score);
  });

  it('600 malformed submissions: never a 5xx or a stack trace, stored exactly when answered 201', async () => {
    const { store, url } = await start({ maxRunActions: 50 });
    let x = 12345;
    const rnd = (n: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x % n;
    };
    const junk = () => {
      const pool: unknown[] = [
        null,
        true,
        0,
        -1,
        1.5,
        2 ** 53,
        '',
        'x'.repeat(rnd(300)),
        [],
        {},
        [[[]]],
        { a: { b: 1 } },
        '\u0000',
        'é',
        1e300,
      ];
      return pool[rnd(pool.length)];
    };
    const fields = ['game', 'seed', 'actions', 'player', 'agent', 'notes', 'extra'];
    let created = 0;
    for (let i = 0; i < 600; i++) {
      const body: Record<string, unknown> = {
        game: 'cragwake',
        seed: rnd(1000),
        actions: cragwake.actions.slice(0, rnd(5)),
        player: `fz${rnd(40)}`,
      };
      for (let k = rnd(3); k >= 0; k--) body[fields[rnd(fields.length)]!] = junk();
      if (rnd(10) === 0) body.actions = Array.from({ length: 1 + rnd(60) }, junk);
      const auths = ['Bearer', 'bearer hk_x', 'Bearer hk_x', 'Token abc', `Bearer ${'a'.repeat(300)}`, 'Bearer a b'];
      const headers: Record<string, string> = rnd(8) === 0 ? { authorization: auths[rnd(auths.length)]! } : {};
      const res = await fetch(`${url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.status, text).toBeLessThan(500);
      expect(text).not.toMatch(/\bat .*\.ts:\d+/);
      if (res.status === 201) created++;
    }
    expect(await store.runs.count()).toBe(created);
  });

  it('floods are limited per player and per client', async () => {
    const perPlayer = await start({ perPlayer: { perSecond: 0.001, burst: 2 } });
    const first = await post(perPlayer.url, { game: 'cragwake', seed: 1, actions: [], player: 'flood' });
    const auth = { authorization: `Bearer ${first.body.playerKey}` };
    expect((await post(perPlayer.url, { game: 'cragwake', seed: 2, actions: [], player: 'flood' }, auth)).status).toBe(201);
    const third = await post(perPlayer.url, { game: 'cragwake', seed: 3, actions: [], player: 'flood' }, auth);
    expect(third.status).toBe(429);
    expect(third.body.reason).toBe('rate_limited');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another player is not held back by this one.
    expect((await post(perPlayer.url, { game: 'cragwake', seed: 3, actions: [], player: 'calm' })).status).toBe(201);
    expect(await perPlayer.store.runs.count()).toBe(3);

    // Per client: each submission costs 1 + submitCost tokens of the client's bucket (burst 12 here: two runs).
    const perClient = await start({ submitCost: 5 }, { rateLimit: { perSecond: 0.01, burst: 12 } });
    const statuses: number[] = [];
    for (let seed = 1; seed <= 3; seed++)
      statuses.push((await post(perClient.url, { game: 'cragwake', seed, actions: [], player: `c${seed}` })).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect(await perClient.store.runs.count()).toBe(2);
  });

  it('daily and challenge boards', async () => {
    const { url } = await start();
    const today = utcDate(Date.now());
    const challenges = await get(url, '/api/challenges');
    expect(challenges.status).toBe(200);
    const daily = challenges.body.daily.find((d: any) => d.game === 'cragwake');
    expect(daily).toMatchObject({ date: today, seed: dailySeed('cragwake', today) });
    const season = challenges.body.sets.find((s: any) => s.id === 'season-1');
    for (const slug of registry.slugs) expect(season.games[slug].seeds).toHaveLength(20);
    const one = await get(url, '/api/challenges/cragwake');
    expect(Object.keys(one.body.sets[0].games)).toEqual(['cragwake']);
    const season2 = one.body.sets.find((s: any) => s.id === 'season-2');
    expect(season2).toMatchObject({ format: 2, current: true });
    expect(season2.games.cragwake).toMatchObject({ version: '1.1.0', servedVersion: '1.1.0', budget: { actions: 800 } });

    const onDaily = await post(url, { game: 'cragwake', seed: daily.seed, actions: [], player: 'early' });
    expect(onDaily.body.daily).toBe(today);
    const off = await post(url, { game: 'cragwake', seed: (daily.seed + 1) >>> 0, actions: [], player: 'other' });
    expect(off.body.daily).toBeNull();
    const board = await get(url, `/api/leaderboards/cragwake?board=daily&date=${today}`);
    expect(board.body.rows.map((r: any) => r.player)).toEqual(['early']);

    const first = season.games.cragwake.seeds[0];
    await post(url, { game: 'cragwake', seed: first.seed, actions: [], player: 'challenger' });
    // Season-1 still reads as published (every run on its seeds, the ratio unclipped).
    const cboard = await get(url, '/api/leaderboards/cragwake?board=challenge&challenge=season-1');
    expect(cboard.body.challenge).toBe('season-1');
    const normalised = (100 * (0 - first.random)) / (first.strong - first.random) / 20;
    expect(cboard.body.rows).toHaveLength(1);
    expect(cboard.body.rows[0]).toMatchObject({ player: 'challenger', raw: 0, seeds: 1 });
    expect(cboard.body.rows[0].score).toBeCloseTo(normalised, 9);
  });

  it('the same new run sent twice at once under a new name: one stores it and claims the name, the other is told it is a duplicate (never 401)', async () => {
    // Both pass the duplicate and name checks while their replays run; the first to store claims the name, and the
    // second, keyless, found the name claimed: it is the same run, so it is answered as the duplicate it is.
    const { url } = await start();
    for (let round = 0; round < 5; round++) {
      const body = { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions.slice(0, 10 + round), player: `twin-${round}` };
      const results = await Promise.all([post(url, body), post(url, body), post(url, body)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(results.map((r) => r.body.runId)).size).toBe(1);
      expect(results.filter((r) => r.body.playerKey).length).toBe(1);
    }
  });

  it('a keyless repeat of a run whose name was claimed between its duplicate check and its name check is a duplicate, not a 401', async () => {
    // Two instances behind a load balancer hit this (CI, 2026-12-04): B found no duplicate, A stored the run and
    // claimed the name, then B's name check found the name claimed. The store here holds B's name check until A
    // has answered, which makes that order certain.
    const { store: real, url: first } = await start();
    let released!: () => void;
    const gate = new Promise<void>((resolve) => {
      released = resolve;
    });
    let checks = 0;
    const held = {
      ...real,
      runs: {
        ...real.runs,
        checkName: async (...args: Parameters<typeof real.runs.checkName>) => {
          if (++checks === 2) await gate;
          return real.runs.checkName(...args);
        },
      },
    };
    const server = await startServer({ runs: { store: held, perPlayer: false } });
    try {
      expect(server.url).not.toBe(first);
      const body = { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions.slice(0, 12), player: 'late-twin' };
      const a = post(server.url, body);
      const b = post(server.url, body);
      const winner = await Promise.race([a, b]);
      expect(winner.status).toBe(201);
      released();
      const both = await Promise.all([a, b]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(both.find((r) => r.status === 200)!.body).toMatchObject({ ok: true, duplicate: true, runId: winner.body.runId });
    } finally {
      released();
      await server.close();
    }
  });

  it('50 concurrent clients: no lost or duplicated run, a consistent board', async () => {
    const { store, url } = await start();
    // 50 distinct valid runs (prefixes of one game), each from its own client and name, plus 10 verbatim repeats.
    const jobs = Array.from({ length: 60 }, (_, i) => {
      const k = i < 50 ? i : i - 50;
      return {
        game: 'cragwake',
        seed: cragwake.seed,
        actions: cragwake.actions.slice(0, k % cragwake.actions.length),
        player: `racer-${k}`,
      };
    });
    const results = await Promise.all(jobs.map((j) => postRetrying(url, j)));
    expect(results.filter((r) => r.body.ok !== true).map((r) => [r.status, r.body.reason])).toEqual([]);
    const ids = new Map<string, number>();
    for (const [i, r] of results.entries()) {
      const key = JSON.stringify(jobs[i]?.actions);
      if (ids.has(key)) expect(r.body.runId).toBe(ids.get(key));
      else ids.set(key, r.body.runId);
    }
    const distinct = new Set(jobs.map((j) => JSON.stringify(j.actions))).size;
    expect(await store.runs.count()).toBe(distinct);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(distinct);
    const board = await get(url, '/api/leaderboards/cragwake?limit=100');
    expect(board.body.rows).toHaveLength(distinct);
    expect(board.body.rows.map((r: any) => r.rank)).toEqual(Array.from({ length: distinct }, (_, i) => i + 1));
    const scores = board.body.rows.map((r: any) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('a restart keeps every run', async () => {
    const options = await backends.fresh(name);
    const s1 = await startServer({ runs: { database: options, perPlayer: false } });
    const stored = await post(s1.url, { game: 'cragwake', seed: cragwake.seed, actions: cragwake.actions, player: 'keeper' });
    expect(stored.status).toBe(201);
    const health = await get(s1.url, '/healthz');
    expect(health.body.database).toMatchObject({ ok: true, kind: name });
    // The latest migration, whichever that is now (003 scorecards or later).
    expect(health.body.database.migration >= '003-scorecards').toBe(true);
    await s1.close();
    await s1.server.dispose();
    const s2 = await startServer({ runs: { database: options, perPlayer: false } });
    try {
      const fetched = await get(s2.url, `/api/runs/${stored.body.runId}`);
      expect(fetched.body).toMatchObject({ player: 'keeper', score: expected.score, actions: cragwake.actions });
      const again = await post(
        s2.url,
        { game: 'cragwake', seed: 1, actions: [], player: 'keeper' },
        { authorization: `Bearer ${stored.body.playerKey}` },
      );
      expect(again.status).toBe(201);
    } finally {
      await s2.close();
      await s2.server.dispose();
    }
  });
});
