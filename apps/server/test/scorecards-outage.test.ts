// Scorecard routes while PostgreSQL is down (a real throwaway cluster, halted and started again): every route
// answers 503 database_unavailable with Retry-After and a plain JSON error (no stack), nothing is half-written,
// and once the database is back the same scorecard answers again with exactly what it held before the outage.
// Where PostgreSQL is not installed the test is skipped with a printed reason.
import { CHALLENGE_SETS, openStore, type Store } from '@hearth/store';
import { type PgCluster, startPostgres } from '@hearth/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playRun } from './helpers/play.ts';
import { type Started, startServer } from './helpers/start.ts';

const started = await startPostgres();
const skip = 'skip' in started ? started.skip : null;
if (skip) console.warn(`skipping the scorecard outage test: ${skip}`);
const cluster = skip ? null : (started as PgCluster);

let store: Store;
let server: Started;
beforeAll(async () => {
  if (!cluster) return;
  store = await openStore({
    databaseUrl: await cluster.createDatabase(),
    connectTimeoutMs: 500,
    acquireTimeoutMs: 800,
    queryTimeoutMs: 800,
  });
  server = await startServer({ runs: { store, perPlayer: false } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await store?.close();
  await cluster?.stop();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
  body: any;
}
const call = async (method: string, path: string, body?: unknown, key?: string): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text, body: parsed };
};

/** Polls until `check` holds (or the deadline passes, which fails the test with the last answer). */
async function until(what: string, probe: () => Promise<Answer>, check: (a: Answer) => boolean, ms = 20_000) {
  const deadline = performance.now() + ms;
  let last: Answer | null = null;
  while (performance.now() < deadline) {
    last = await probe();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${ms} ms; last answer ${last?.status} ${last?.text.slice(0, 200)}`);
}

describe.skipIf(!cluster)('scorecard routes during a database outage', () => {
  it('answer 503 with Retry-After while it is down, and the scorecard is intact when it is back', { timeout: 120_000 }, async () => {
    const opened = await call('POST', '/api/scorecards', { challenge: 'season-2', player: 'ora', tags: { model: 'm-outage' } });
    expect(opened.status).toBe(201);
    const key = opened.body.playerKey as string;
    const id = opened.body.scorecard.id as string;
    const seed = CHALLENGE_SETS.find((set) => set.id === 'season-2')!.games.stormlark!.seeds[0]!.seed;
    const run = await playRun('stormlark', seed, 12);
    expect(run.actions.length).toBeGreaterThan(0);
    const sent = await call('POST', '/api/runs', { game: 'stormlark', seed, actions: run.actions, player: 'ora', scorecard: id }, key);
    expect(sent.status, sent.text).toBe(201);
    const before = await call('GET', `/api/scorecards/${id}`);
    expect(before.status).toBe(200);

    await cluster!.halt();
    const routes: [string, string, unknown?, string?][] = [
      ['POST', '/api/scorecards', { challenge: 'season-2', player: 'ora', tags: { model: 'm-outage' } }, key],
      ['GET', `/api/scorecards/${id}`],
      ['GET', `/api/scorecards/${id}/records/stormlark/${seed}`],
      ['GET', '/api/scorecards?challenge=season-2'],
      ['POST', `/api/scorecards/${id}/close`, undefined, key],
    ];
    for (const [method, path, body, k] of routes) {
      const a = await until(
        `${method} ${path} during the outage`,
        () => call(method, path, body, k),
        (x) => x.status !== 200 && x.status !== 201,
      );
      expect(a.status, `${method} ${path}: ${a.text}`).toBe(503);
      expect(a.body, a.text).toMatchObject({ ok: false, reason: 'database_unavailable' });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.text).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
    }

    await cluster!.start();
    const after = await until(
      'the scorecard answers again',
      () => call('GET', `/api/scorecards/${id}`),
      (x) => x.status === 200,
    );
    // Nothing the outage refused was half-done: the scorecard is still open with exactly its one run.
    expect(after.body).toEqual(before.body);
    const closed = await until(
      'close succeeds after the outage',
      () => call('POST', `/api/scorecards/${id}/close`, undefined, key),
      (x) => x.status !== 503,
    );
    expect(closed.status, closed.text).toBe(200);
    expect((await call('GET', `/api/scorecards/${id}`)).body.scorecard.closed).toBe(true);
  });
});
