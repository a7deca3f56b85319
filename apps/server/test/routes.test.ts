import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolBusyError, type ReplayPool } from '../src/replay/pool.ts';
import { DEFAULT_LIMITS, DEFAULT_MAX_VERIFY_ACTIONS } from '../src/server.ts';
import { getJson, postJson, realSlugs, type Started, startServer, testRegistry } from './helpers/start.ts';

let s: Started;
const slugs = testRegistry().slugs;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const url = (path: string) => `${s.url}${path}`;

describe('GET /api/games', () => {
  it('lists every registered game with absolute links', async () => {
    const { status, body } = await getJson(url('/api/games'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ service: 'hearth', count: slugs.length });
    expect(typeof body.description).toBe('string');
    expect(typeof body.howToPlay).toBe('string');
    expect(body.docs).toBe(`${s.url.replace('127.0.0.1', '127.0.0.1')}/docs/api`);
    expect(body.games.map((g: any) => g.slug)).toEqual(slugs);
    for (const g of body.games) {
      for (const key of ['slug', 'name', 'genre', 'description', 'goal', 'initUrl', 'actionUrl', 'docsUrl'])
        expect(typeof g[key]).toBe('string');
      expect(g.initUrl).toBe(`${s.url}/api/games/${g.slug}/init`);
      expect(g.actionUrl).toBe(`${s.url}/api/games/${g.slug}/action`);
      expect(g.docsUrl).toBe(`${s.url}/docs/api/${g.slug}`);
    }
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(url('/api/games'), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe.each(slugs)('%s: init and spec', (slug) => {
  it('init returns the full first response, sealed, the same for the same seed', async () => {
    const a = await getJson(url(`/api/games/${slug}/init?seed=7`));
    const b = await getJson(url(`/api/games/${slug}/init?seed=7`));
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ ok: true, gameOver: false });
    for (const key of ['state', 'observation', 'legalActions', 'spec', 'score', 'gameOver']) expect(a.body).toHaveProperty(key);
    expect(typeof a.body.observation.text).toBe('string');
    expect(a.body.spec.slug).toBe(slug);
    if (a.body.spec.carry === 'stateToken') {
      expect(typeof a.body.stateToken).toBe('string');
      expect(a.body.state).not.toHaveProperty('seal');
      // Tokens are encrypted with a fresh IV each time: same game, different bytes.
      expect(a.body.stateToken).not.toBe(b.body.stateToken);
      expect(a.body.state).toEqual(b.body.state);
    } else {
      expect(a.body.state.seal).toMatch(/^v1\.[A-Za-z0-9_-]{43}$/);
      expect(a.body).toEqual(b.body);
      // The seal travels inside the state; a game that had its own `seal` field would collide with it.
      expect(Object.keys((a.body.spec.stateSchema.properties as object) ?? {})).not.toContain('seal');
    }
  });

  it('normalises the seed to u32 and picks one when it is absent', async () => {
    const minusOne = await getJson(url(`/api/games/${slug}/init?seed=-1`));
    const max = await getJson(url(`/api/games/${slug}/init?seed=4294967295`));
    expect(minusOne.status).toBe(200);
    expect(minusOne.body.state).toEqual(max.body.state);
    const wrapped = await getJson(url(`/api/games/${slug}/init?seed=4294967303`));
    const seven = await getJson(url(`/api/games/${slug}/init?seed=7`));
    expect(wrapped.body.state).toEqual(seven.body.state);
    const fresh = await getJson(url(`/api/games/${slug}/init`));
    expect(fresh.status).toBe(200);
    expect(fresh.body.ok).toBe(true);
  });

  it('serves the spec', async () => {
    const spec = await getJson(url(`/api/games/${slug}/spec`));
    const init = await getJson(url(`/api/games/${slug}/init?seed=1`));
    expect(spec.status).toBe(200);
    expect(spec.body).toEqual(init.body.spec);
    for (const key of ['goal', 'scoring', 'rules', 'actionGrammar', 'decisions', 'carry']) expect(spec.body).toHaveProperty(key);
  });

  it('documents the game in HTML with a worked curl example', async () => {
    const res = await fetch(url(`/docs/api/${slug}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    for (const heading of ['Goal', 'Scoring', 'Rules', 'Action grammar', 'Worked example', 'Decisions'])
      expect(html).toContain(`<h2>${heading}</h2>`);
    expect(html).toContain(`curl -s &#34;${s.url}/api/games/${slug}/init?seed=7&#34;`);
    expect(html).not.toContain('<b>with markup</b>');
  });
});

describe('init errors', () => {
  it.each(['abc', '1.5', '', '1e3', '99999999999999999', '0x10', ' 7'])('seed=%j is 400 invalid_seed', async (seed) => {
    const { status, body } = await getJson(url(`/api/games/${slugs[0]}/init?seed=${encodeURIComponent(seed)}`));
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, reason: 'invalid_seed' });
  });

  it('an unknown slug is 404 on every game route', async () => {
    for (const path of ['/api/games/nope/init', '/api/games/nope/spec', '/docs/api/nope']) {
      const { status, body } = await getJson(url(path));
      expect(status, path).toBe(404);
      expect(body.reason).toBe('unknown_game');
    }
    for (const path of ['/api/games/nope/action', '/api/games/nope/verify']) {
      const { status, body } = await postJson(url(path), { state: {}, action: {} });
      expect(status, path).toBe(404);
      expect(body.reason).toBe('unknown_game');
    }
  });

  it('an unknown path is 404 not_found', async () => {
    for (const path of ['/nope', '/api', '/api/games/a/b/c', '/api/nope']) {
      const { status, body } = await getJson(url(path));
      expect(status, path).toBe(404);
      expect(body).toMatchObject({ ok: false, reason: 'not_found' });
    }
  });

  it('a wrong method is 405 with Allow', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/api/games', 'GET, HEAD'],
      ['POST', `/api/games/${slugs[0]}/init`, 'GET, HEAD'],
      ['GET', `/api/games/${slugs[0]}/action`, 'POST'],
      ['PUT', `/api/games/${slugs[0]}/action`, 'POST'],
      ['DELETE', `/api/games/${slugs[0]}/spec`, 'GET, HEAD'],
      ['GET', `/api/games/${slugs[0]}/verify`, 'POST'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['PATCH', '/llms.txt', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await fetch(url(path), { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await res.json()).toMatchObject({ ok: false, reason: 'method_not_allowed' });
    }
  });
});

describe('POST /action', () => {
  const slug = 'fixture-plain';
  const first = () => getJson(url(`/api/games/${slug}/init?seed=3`)).then((r) => r.body);

  it('steps a legal action and refuses an illegal one with HTTP 200 and the legal actions', async () => {
    let r = await first();
    // Walk until the total is odd, where ADD 3 is illegal by the fixture's rules.
    while (r.state.total % 2 === 0)
      r = (await postJson(url(`/api/games/${slug}/action`), { state: r.state, action: { type: 'ADD', n: 1 } })).body;
    expect(r.ok).toBe(true);
    const refused = await postJson(url(`/api/games/${slug}/action`), { state: r.state, action: { type: 'ADD', n: 3 } });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, reason: 'odd_total' });
    expect(typeof refused.body.message).toBe('string');
    expect(refused.body.legalActions).toEqual(r.legalActions);
  });

  it('a malformed or missing action is unknown_action with HTTP 200', async () => {
    const r = await first();
    for (const action of [{ type: 'JUMP' }, null, 'ADD', [1], { type: 'ADD', n: 9 }, undefined]) {
      const res = await postJson(url(`/api/games/${slug}/action`), { state: r.state, action });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: false, reason: 'unknown_action' });
      expect(res.body.legalActions.length).toBeGreaterThan(0);
    }
  });

  it('a missing state is 400 invalid_state, for both carries', async () => {
    for (const game of ['fixture-plain', 'fixture-token']) {
      const res = await postJson(url(`/api/games/${game}/action`), { action: { type: 'STOP' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, reason: 'invalid_state' });
    }
  });

  it('carries a stateToken for token games', async () => {
    const init = await getJson(url('/api/games/fixture-token/init?seed=5'));
    expect(init.body.state).not.toHaveProperty('cursor');
    const next = await postJson(url('/api/games/fixture-token/action'), {
      stateToken: init.body.stateToken,
      action: { type: 'ADD', n: 1 },
    });
    expect(next.status).toBe(200);
    expect(next.body.ok).toBe(true);
    expect(next.body.state.turn).toBe(1);
    expect(typeof next.body.stateToken).toBe('string');
  });

  it('415 without a JSON content type', async () => {
    const r = await first();
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const res = await fetch(url(`/api/games/${slug}/action`), {
        method: 'POST',
        headers,
        body: JSON.stringify({ state: r.state, action: { type: 'STOP' } }),
      });
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toMatchObject({ ok: false, reason: 'unsupported_media_type' });
    }
    const ok = await fetch(url(`/api/games/${slug}/action`), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ state: r.state, action: { type: 'STOP' } }),
    });
    expect(ok.status).toBe(200);
  });

  it('400 on malformed JSON, non-object bodies, deep nesting and huge arrays', async () => {
    const send = (body: string) =>
      fetch(url(`/api/games/${slug}/action`), { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (r) => ({
          status: r.status,
          body: await r.json(),
        }),
      );
    for (const bad of ['{', '', 'nul', '{"state":}', '\u00ff']) {
      const res = await send(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.reason).toBe('invalid_json');
    }
    for (const bad of ['[]', '1', '"x"', 'null', '[{"state":1}]', '{"state":{"a":[1e400]}}', '{"action":-1e999}']) {
      const res = await send(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.reason).toBe('invalid_body');
    }
    const deep = `{"state":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(await send(deep)).toMatchObject({ status: 400, body: { reason: 'invalid_body' } });
    const wide = `{"state":[${new Array(DEFAULT_LIMITS.maxItems + 1).fill(0).join(',')}]}`;
    expect(await send(wide)).toMatchObject({ status: 400, body: { reason: 'invalid_body' } });
  });

  it('413 above the body limit, by Content-Length and by streamed size', async () => {
    const big = JSON.stringify({ state: 'x'.repeat(DEFAULT_LIMITS.maxBytes), action: null });
    const res = await fetch(url(`/api/games/${slug}/action`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, reason: 'body_too_large' });
    // Chunked (no Content-Length): the limit applies while reading.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(100_000)));
        controller.close();
      },
    });
    const chunked = await fetch(url(`/api/games/${slug}/verify`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // The server is still fine afterwards.
    expect((await fetch(url('/healthz'))).status).toBe(200);
  });
});

describe('POST /verify', () => {
  it('recomputes score, gameOver and stateHash, and names the first refused action', async () => {
    const ok = await postJson(url('/api/games/fixture-plain/verify'), { seed: 3, actions: [{ type: 'ADD', n: 1 }, { type: 'STOP' }] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, slug: 'fixture-plain', seed: 3, gameOver: true, turns: 2 });
    expect(ok.body.stateHash).toMatch(/^[0-9a-f]{64}$/);
    const bad = await postJson(url('/api/games/fixture-plain/verify'), { seed: 3, actions: [{ type: 'STOP' }, { type: 'STOP' }] });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ ok: false, index: 1, reason: 'game_over' });
  });

  it('400 on a bad seed, on actions that are not an array, on too many actions', async () => {
    for (const body of [{ actions: [] }, { seed: 'x', actions: [] }, { seed: 1.5, actions: [] }, { seed: 2 ** 60, actions: [] }]) {
      const res = await postJson(url('/api/games/fixture-plain/verify'), body);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('invalid_seed');
    }
    for (const actions of [undefined, 'STOP', { type: 'STOP' }, new Array(DEFAULT_MAX_VERIFY_ACTIONS + 1).fill(null)]) {
      const res = await postJson(url('/api/games/fixture-plain/verify'), { seed: 1, actions });
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('invalid_body');
    }
  });
});

describe('POST /verify under load', () => {
  it('a full replay queue is 503 busy with Retry-After (the route maps PoolBusyError)', async () => {
    const full: ReplayPool = {
      run: () => Promise.reject(new PoolBusyError(7)),
      close: async () => {},
      queued: 64,
      running: 1,
      threads: 1,
    };
    const busy = await startServer({ replayPool: full });
    try {
      const res = await postJson(`${busy.url}/api/games/fixture-plain/verify`, { seed: 3, actions: [{ type: 'STOP' }] });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(res.body).toMatchObject({ ok: false, reason: 'busy' });
    } finally {
      await busy.close();
    }
  });

  it('weighs a verify by its length in the rate limit (one token per 100 actions)', async () => {
    const limited = await startServer({ rateLimit: { perSecond: 1, burst: 30 } });
    try {
      const long = { seed: 3, actions: new Array(1_500).fill({ type: 'ADD', n: 1 }) };
      // 1 + 15 tokens: the first fits in the burst of 30, the second does not.
      const first = await postJson(`${limited.url}/api/games/fixture-plain/verify`, long);
      expect(first.status).toBe(200);
      const second = await postJson(`${limited.url}/api/games/fixture-plain/verify`, long);
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // A cheap request still fits in what is left.
      expect((await fetch(`${limited.url}/api/games`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('docs, llms.txt, healthz, metrics', () => {
  it('/docs/api lists every game and the error table', async () => {
    const res = await fetch(url('/docs/api'));
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const slug of slugs) expect(html).toContain(`href="/docs/api/${slug}"`);
    for (const reason of ['invalid_state', 'body_too_large', 'rate_limited', 'unsupported_media_type']) expect(html).toContain(reason);
    expect(html).toContain(String(DEFAULT_LIMITS.maxBytes));
  });

  it('/llms.txt is the agent entry point', async () => {
    const res = await fetch(url('/llms.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text.startsWith('# hearth')).toBe(true);
    expect(text).toContain(`${s.url}/api/games/{slug}/init`);
    expect(text).toContain('"seal"');
    for (const slug of slugs) expect(text).toContain(`${s.url}/docs/api/${slug}`);
  });

  it('/healthz answers ok', async () => {
    const { status, body } = await getJson(url('/healthz'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, status: 'ok', games: slugs.length });
  });

  it('/metrics counts requests, refusals and latency per route and game', async () => {
    await getJson(url('/api/games/fixture-plain/init?seed=1'));
    await getJson(url('/api/games/fixture-plain/init?seed=x'));
    const res = await fetch(url('/metrics'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const text = await res.text();
    expect(text).toMatch(
      /hearth_http_requests_total\{route="\/api\/games\/:slug\/init",game="fixture-plain",method="GET",status="200"\} \d+/,
    );
    expect(text).toMatch(/hearth_refusals_total\{route="\/api\/games\/:slug\/init",game="fixture-plain",reason="invalid_seed"\} \d+/);
    expect(text).toMatch(
      /hearth_http_request_duration_seconds_bucket\{le="\+Inf",route="\/api\/games\/:slug\/init",game="fixture-plain"\} \d+/,
    );
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_heap_used_bytes \d+/);
    // prom-client's default metrics: event-loop lag (what would have shown /verify stalling the server), CPU, GC.
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds [\d.e-]+/);
    expect(text).toMatch(/process_cpu_user_seconds_total [\d.e-]+/);
    expect(text).toMatch(/hearth_replay_jobs\{state="queued"\} \d+/);
    // Unknown slugs do not become label values (bounded cardinality).
    await getJson(url('/api/games/zzz-unknown/init'));
    expect(await (await fetch(url('/metrics'))).text()).not.toContain('zzz-unknown');
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const mine = await fetch(url('/healthz'), { headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const junk = await fetch(url('/healthz'), { headers: { 'x-request-id': 'a b<script>' } });
    expect(junk.headers.get('x-request-id')).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
  });
});

describe('CORS', () => {
  it('lets any origin call the API, with a preflight for POST', async () => {
    const pre = await fetch(url(`/api/games/${slugs[0]}/action`), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    const res = await fetch(url('/api/games'), { headers: { origin: 'https://agent.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the burst, per client, and never on /healthz', async () => {
    const limited = await startServer({ rateLimit: { perSecond: 1, burst: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.url}/api/games`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const res = await fetch(`${limited.url}/api/games`);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await res.json()).toMatchObject({ ok: false, reason: 'rate_limited' });
      expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is on by default', async () => {
    const { createServer, DEFAULT_RATE_LIMIT } = await import('../src/server.ts');
    expect(DEFAULT_RATE_LIMIT.perSecond).toBeGreaterThan(0);
    const server = await createServer({ registry: testRegistry(), secret: 'x'.repeat(16), logLevel: 'silent', webDist: null });
    let allowed = 0;
    while (allowed < DEFAULT_RATE_LIMIT.burst * 3 && (await server.request('http://local/api/games')).status === 200) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(DEFAULT_RATE_LIMIT.burst);
    expect(allowed).toBeLessThan(DEFAULT_RATE_LIMIT.burst * 3);
    await server.dispose();
  });
});

describe('static web app', () => {
  it('serves index.html and assets from the dist folder, never outside it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hearth-web-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>web app</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dist, '..', 'hearth-secret.txt'), 'secret');
    const web = await startServer({ webDist: dist });
    try {
      const index = await fetch(`${web.url}/`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toMatch(/text\/html/);
      expect(await index.text()).toContain('web app');
      const js = await fetch(`${web.url}/assets/app-1234.js`);
      expect(js.headers.get('content-type')).toMatch(/text\/javascript/);
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      // Validators, and 304 for a conditional request that matches (by ETag, or by date without one).
      for (const res of [index, js]) {
        const etag = res.headers.get('etag')!;
        const modified = res.headers.get('last-modified')!;
        expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
        expect(Number.isFinite(Date.parse(modified))).toBe(true);
        const path = res === index ? '/' : '/assets/app-1234.js';
        const same = await fetch(`${web.url}${path}`, { headers: { 'if-none-match': `W/${etag}` } });
        expect(same.status).toBe(304);
        expect(await same.text()).toBe('');
        expect((await fetch(`${web.url}${path}`, { headers: { 'if-modified-since': modified } })).status).toBe(304);
        expect((await fetch(`${web.url}${path}`, { headers: { 'if-none-match': '"other"', 'if-modified-since': modified } })).status).toBe(
          200,
        );
        expect((await fetch(`${web.url}${path}`, { headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status).toBe(200);
      }
      // A changed file gets a new validator.
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>web app, changed</title>');
      const changed = await fetch(`${web.url}/`, { headers: { 'if-none-match': index.headers.get('etag')! } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain('changed');
      for (const path of [
        '/../hearth-secret.txt',
        '/%2e%2e/hearth-secret.txt',
        '/assets/..%2f..%2fhearth-secret.txt',
        '/nope.js',
        '/assets/',
      ]) {
        const res = await fetch(`${web.url}${path}`);
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain('secret\n');
      }
      expect((await fetch(`${web.url}/api/games`)).status).toBe(200);
    } finally {
      await web.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('without a built web app, / points to the docs', async () => {
    const res = await fetch(url('/'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/docs/api"');
    expect(html).toContain('href="/llms.txt"');
  });
});

it('covers each real game that has landed', () => {
  // Informational: the describe.each blocks above run for these (plus the fixtures).
  expect(slugs).toEqual([...realSlugs, 'fixture-plain', 'fixture-token', 'fixture-aim']);
});
