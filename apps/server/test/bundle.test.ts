// The production bundle: self-contained (runs from a folder with no node_modules), serves every game,
// and shuts down gracefully on SIGTERM, finishing a request that is in flight.
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBundleOutsideRepo, type Instance, startBundle, waitForLine } from './helpers/bundle.ts';
import { playThroughApi } from './helpers/play.ts';
import { realSlugs, TEST_SECRET } from './helpers/start.ts';

/** Resolves when `check()` holds (checked every 20 ms), or rejects after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let bundle: string;
let instance: Instance;
beforeAll(async () => {
  bundle = buildBundleOutsideRepo();
  instance = await startBundle(bundle, { STATE_SECRET: TEST_SECRET, RATE_LIMIT_RPS: '0' });
}, 180_000);
afterAll(async () => {
  await instance?.stop();
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
});

it('serves every registered game from one file, logging JSON with request ids', async () => {
  const index = await (await fetch(`${instance.url}/api/games`)).json();
  expect(index.games.map((g: { slug: string }) => g.slug)).toEqual([...realSlugs]);
  for (const slug of realSlugs) {
    const res = await fetch(`${instance.url}/api/games/${slug}/init?seed=3`);
    expect(res.status).toBe(200);
    expect((await res.json()).ok).toBe(true);
  }
  const res = await fetch(`${instance.url}/healthz`, { headers: { 'x-request-id': 'bundle-test-1' } });
  expect(res.status).toBe(200);
  const logged = await waitForLine(instance, (l) => l.requestId === 'bundle-test-1');
  expect(logged).toMatchObject({ msg: 'request', route: '/healthz', status: 200 });
});

it('warns when STATE_SECRET is missing', async () => {
  const other = await startBundle(bundle, { RATE_LIMIT_RPS: '0' });
  try {
    expect(await waitForLine(other, (l) => /STATE_SECRET is not set/.test(l.msg))).toMatchObject({ level: 40 });
  } finally {
    expect(await other.stop()).toBe(0);
  }
});

it.skipIf(realSlugs.length === 0)('replays /verify on its worker threads (the worker files beside the bundle)', async () => {
  for (const slug of realSlugs) {
    const res = await fetch(`${instance.url}/api/games/${slug}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 3, actions: [] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, slug, seed: 3, turns: 0 });
  }
  const metrics = await (await fetch(`${instance.url}/metrics`)).text();
  expect(metrics).toMatch(/hearth_replay_jobs\{state="running"\} 0/);
});

// The in-flight request must be one that reads its body, which needs a served game (the bundle serves only real ones).
it.skipIf(realSlugs.length === 0)('on SIGTERM finishes the request in flight, then exits 0', { timeout: 30_000 }, async () => {
  const body = JSON.stringify({ seed: 1, actions: [] });
  const path = `/api/games/${realSlugs[0]}/verify`;
  const socket = connect(instance.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString();
  });
  const closed = new Promise((r) => socket.once('close', r));
  // Headers (asking for 100 Continue, which the server sends once it has them) and half the body; then SIGTERM;
  // then, once the server has logged that it is shutting down, the rest: the request is in flight throughout.
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await until(() => answer.startsWith('HTTP/1.1 100 Continue'));
  socket.write(body.slice(0, 5));
  instance.proc.kill('SIGTERM');
  expect(await waitForLine(instance, (l) => /shutting down/.test(l.msg))).toMatchObject({ signal: 'SIGTERM' });
  expect(instance.proc.exitCode).toBe(null);
  socket.write(body.slice(5));
  const code = await instance.exited;
  await closed;
  expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain('"ok"');
  expect(code).toBe(0);
});

it.skipIf(realSlugs.length === 0)('WORKERS=2 runs a cluster whose workers share one secret', { timeout: 120_000 }, async () => {
  const clustered = await startBundle(bundle, { WORKERS: '2', RATE_LIMIT_RPS: '0' });
  try {
    const slug = realSlugs[0]!;
    const call = async (path: string, body?: unknown) => {
      // A new connection per request, so the primary spreads them over both workers.
      const init: RequestInit = { headers: { connection: 'close', 'content-type': 'application/json' } };
      const res = await fetch(
        `${clustered.url}${path}`,
        body === undefined ? init : { ...init, method: 'POST', body: JSON.stringify(body) },
      );
      return { status: res.status, body: await res.json() };
    };
    const played = await playThroughApi(call, call, slug, 31, 40);
    expect(played.actions.length).toBeGreaterThan(0);
    // Each worker's request lines reach stdout within its log flush (a second); wait until both have.
    const pids = () =>
      new Set(
        clustered.lines
          .map((l) => JSON.parse(l))
          .filter((l) => l.msg === 'request')
          .map((l) => l.pid),
      );
    // A worker that was still starting while the game was played has served nothing yet: keep asking (new
    // connections, spread by the primary) until both have answered, within the same bound.
    const deadline = Date.now() + 15_000;
    while (pids().size < 2 && Date.now() < deadline) {
      await call(`/api/games/${slug}/init?seed=31`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await until(() => pids().size === 2, 3_000);
    expect(pids().size).toBe(2);
  } finally {
    expect(await clustered.stop()).toBe(0);
  }
});
