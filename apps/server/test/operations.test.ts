// The operator's contract, in-process over real HTTP: a database outage is 503 database_unavailable with
// Retry-After on the routes that need it while play goes on; liveness, readiness and health; what the public
// may see; the proxy trust rules (rate-limit key, forwarded host); configuration errors as one sentence.
import { connect } from 'node:net';
import { ConfigError, openStore } from '@hearth/store';
import { type PgCluster, startPostgres } from '@hearth/store/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from '../src/http/proxy.ts';
import { readEnv } from '../src/ops/config.ts';
import { startServer } from './helpers/start.ts';

const started = await startPostgres();
const skip = 'skip' in started ? started.skip : null;
if (skip) console.warn(`skipping the database outage tests: ${skip}`);
const cluster = skip ? null : (started as PgCluster);
afterAll(() => cluster?.stop());

const json = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

/** A raw request, so headers fetch would not send (or would fix) reach the server as written. */
function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe.skipIf(!cluster)(`a database outage${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('stopped: database routes (boards, runs) 503 database_unavailable + Retry-After, play 200, /livez 200, /readyz 503, /healthz degraded; then back', {
    timeout: 90_000,
  }, async () => {
    const store = await openStore({
      databaseUrl: await cluster!.createDatabase(),
      connectTimeoutMs: 800,
      acquireTimeoutMs: 1000,
      queryTimeoutMs: 700,
      onConnectionError: () => {},
    });
    const s = await startServer({ runs: { store, perPlayer: false }, readyTimeoutMs: 1500 });
    try {
      expect((await json(`${s.url}/readyz`)).status).toBe(200);
      await cluster!.halt();
      try {
        for (const path of ['/api/leaderboards/cragwake', '/api/runs/123']) {
          const r = await json(`${s.url}${path}`);
          expect(r.status, path).toBe(503);
          expect(r.body).toMatchObject({ ok: false, reason: 'database_unavailable' });
          expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        const posted = await fetch(`${s.url}/api/runs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ game: 'cragwake', seed: 1, actions: [], player: 'someone' }),
        });
        expect(posted.status).toBe(503);
        expect(posted.headers.get('retry-after')).not.toBeNull();
        expect((await json(`${s.url}/api/games/fixture-plain/init?seed=1`)).status).toBe(200);
        expect((await json(`${s.url}/livez`)).body).toMatchObject({ ok: true, status: 'live' });
        // Readiness probes are shared for a second, so the 200 taken just before the halt may still answer: poll.
        let ready = await json(`${s.url}/readyz`);
        for (let i = 0; i < 50 && ready.status !== 503; i++) {
          await new Promise((r) => setTimeout(r, 100));
          ready = await json(`${s.url}/readyz`);
        }
        expect(ready.status).toBe(503);
        expect(ready.body.status).toBe('database_unavailable');
        // Loopback without a proxy is an operator: detailed. Through a proxy (forwarded), the public view.
        const publicView = await json(`${s.url}/healthz`, { 'x-forwarded-for': '203.0.113.9' });
        expect(publicView.status).toBe(200);
        expect(publicView.body).toMatchObject({ ok: true, status: 'degraded', database: { ok: false, kind: 'postgres' } });
        expect(JSON.stringify(publicView.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|where/);
        const detailed = await json(`${s.url}/healthz`);
        expect(detailed.body.database.where).toMatch(/^127\.0\.0\.1:\d+\//);
      } finally {
        await cluster!.start();
      }
      let back = 0;
      for (let i = 0; i < 100 && back !== 200; i++) {
        back = (await json(`${s.url}/api/leaderboards/cragwake`)).status;
        if (back !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back).toBe(200);
      // Readiness probes are shared for a second: it follows within a bounded number of polls.
      let ready = 0;
      for (let i = 0; i < 100 && ready !== 200; i++) {
        ready = (await json(`${s.url}/readyz`)).status;
        if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(200);
    } finally {
      await s.close();
      await store.close();
    }
  });
});

describe('health and metrics without a database', () => {
  it('/livez and /readyz answer; /healthz has no database; /metrics is for operators only', async () => {
    const s = await startServer({ metricsToken: 'a-metrics-token-long-enough' });
    try {
      expect((await json(`${s.url}/livez`)).status).toBe(200);
      expect((await json(`${s.url}/readyz`)).body).toMatchObject({ ok: true, status: 'ready', database: null });
      expect((await json(`${s.url}/healthz`)).body).toMatchObject({ ok: true, status: 'ok', database: null });
      expect((await fetch(`${s.url}/metrics`)).status).toBe(403);
      const ok = await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer a-metrics-token-long-enough' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toMatch(/hearth_db_query_duration_seconds|hearth_http_requests_total/);
    } finally {
      await s.close();
    }
    // Without a token: loopback straight to the instance may scrape, anything forwarded may not.
    const open = await startServer();
    try {
      expect((await fetch(`${open.url}/metrics`)).status).toBe(200);
      expect((await fetch(`${open.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('/mcp echoes the request id like every other route', async () => {
    const s = await startServer();
    try {
      const res = await fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-request-id': 'mcp-req-1' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      await res.body?.cancel();
      expect(res.headers.get('x-request-id')).toBe('mcp-req-1');
    } finally {
      await s.close();
    }
  });
});

describe('the proxy contract', () => {
  it('TRUST_PROXY: a list of addresses and CIDRs, 1 = loopback; the client is the right-most untrusted hop', () => {
    const loop = parseTrustProxy('1')!;
    expect(loop.trusts('127.0.0.1')).toBe(true);
    expect(loop.trusts('::ffff:127.0.0.1')).toBe(true);
    expect(loop.trusts('10.0.0.1')).toBe(false);
    const list = parseTrustProxy('10.0.0.0/8, 192.0.2.7,::1')!;
    expect(list.trusts('10.3.4.5')).toBe(true);
    expect(list.trusts('192.0.2.7')).toBe(true);
    expect(list.trusts('192.0.2.8')).toBe(false);
    expect(parseTrustProxy('0')).toBeNull();
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(() => parseTrustProxy('yes please')).toThrow(ConfigError);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
    // From a trusted proxy: the hop it appended (the spoofed entries to its left are ignored).
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.5', loop)).toBe('203.0.113.5');
    // Two proxies of ours: skip both.
    expect(clientAddress('10.0.0.2', '203.0.113.5, 10.0.0.9', list)).toBe('203.0.113.5');
    // From anyone else: the peer, whatever X-Forwarded-For says.
    expect(clientAddress('198.51.100.4', '6.6.6.6', loop)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', '6.6.6.6', null)).toBe('198.51.100.4');
  });

  it('a spoofed X-Forwarded-For from a peer that is not a proxy does not change its rate-limit key', async () => {
    // The test client is loopback; the only trusted proxy is elsewhere, so loopback is a plain client.
    const s = await startServer({ rateLimit: { perSecond: 1, burst: 3 }, trustProxy: parseTrustProxy('10.9.9.9') });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await fetch(`${s.url}/api/games`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await s.close();
    }
    // With loopback trusted (the proxy is on this machine), each forwarded client has its own bucket.
    const proxied = await startServer({ rateLimit: { perSecond: 1, burst: 3 }, trustProxy: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await fetch(`${proxied.url}/api/games`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await proxied.close();
    }
  });

  it('a forged X-Forwarded-Host never appears in a link; PUBLIC_URL sets them', async () => {
    const s = await startServer({ trustProxy: true });
    const port = Number(new URL(s.url).port);
    try {
      for (const path of ['/api/games', '/llms.txt', '/docs/api']) {
        const text = await raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-Host: evil.example`);
        expect(text, path).toMatch(/^HTTP\/1\.1 200/);
        expect(text, path).not.toContain('evil.example');
      }
    } finally {
      await s.close();
    }
    const pub = await startServer({ publicUrl: 'https://games.example.org', trustProxy: true });
    try {
      const text = await (await fetch(`${pub.url}/llms.txt`, { headers: { 'x-forwarded-host': 'evil.example' } })).text();
      expect(text).toContain('https://games.example.org/api/games');
      expect(text).not.toContain('evil.example');
    } finally {
      await pub.close();
    }
  });
});

describe('configuration', () => {
  const sentence = (env: Record<string, string>) => {
    try {
      readEnv(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return null;
  };

  it('each bad value is one sentence naming its variable; unknown schemes refused; booleans strict', () => {
    expect(sentence({ DATABASE_URL: 'mysql://u@h/db' })).toMatch(/^DATABASE_URL has the scheme "mysql"/);
    expect(sentence({ DATABASE_URL: 'not a url' })).toMatch(/^DATABASE_URL is not a URL/);
    expect(sentence({ TRUST_PROXY: 'yes please' })).toMatch(/^TRUST_PROXY has "yes please"/);
    expect(sentence({ HELLO_ROUTE: 'maybe' })).toMatch(/^HELLO_ROUTE must be 1, true, yes or on/);
    expect(sentence({ PORT: '80a' })).toMatch(/^PORT must be a whole number/);
    expect(sentence({ STATE_SECRET: 'short' })).toMatch(/^STATE_SECRET must be at least 16/);
    expect(sentence({ PUBLIC_URL: 'games.example.org' })).toMatch(/^PUBLIC_URL must be an absolute URL/);
    expect(sentence({ KERNEL: 'asm' })).toMatch(/^KERNEL must be one of wasm, js/);
    expect(sentence({ DB_QUERY_TIMEOUT_MS: '-1' })).toMatch(/^DB_QUERY_TIMEOUT_MS must be/);
    for (const yes of ['1', 'true', 'YES', 'on']) expect(readEnv({ HELLO_ROUTE: yes }).options.helloRoute).toBe(true);
    for (const no of ['0', 'false', 'No', 'OFF', '']) expect(readEnv({ HELLO_ROUTE: no }).options.helloRoute).toBe(false);
    expect(sentence({ DATABASE_URL: 'postgresql://u@db.internal:5432/hearth' })).toBeNull();
  });

  it('a proxy configured and no HOST: listen on loopback only', () => {
    expect(readEnv({ TRUST_PROXY: '1' }).host).toBe('127.0.0.1');
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readEnv({}).host).toBeUndefined();
  });
});
