// One handler, two adapters: every route answers the same through the handler whether node:http mounts it (a real
// socket) or the in-process adapter hands it a Fetch Request (server.request): the same status, headers (but what
// the transport itself adds: Date, keep-alive) and body bytes, over the route cases of test/helpers/route-cases.ts.
// Then what the answers themselves must say: compression by Accept-Encoding, Connection: close while draining, the
// rate limit's 429 with Retry-After.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../src/http/compress.ts';
import { listen } from '../src/http/listen.ts';
import { createServer, type HearthServer, type ServerOptions } from '../src/server.ts';
import { type Played, playRouteCases, type Reply, type Send } from './helpers/route-cases.ts';
import { testServerOptions } from './helpers/start.ts';

/** What a transport adds by itself, not the handler: left out of the comparison. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const handlerHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !TRANSPORT.has(k)));

/** A request over a socket of its own, with exactly these raw headers (a duplicate header included). */
function overSocket(port: number): Send {
  return (method, path, headers = [], body) =>
    new Promise((resolve, reject) => {
      const flat = ['host', 'localhost', ...headers.flat()];
      if (body !== undefined) flat.push('content-length', String(Buffer.byteLength(body)));
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: flat, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** The same request as a Fetch Request through the in-process adapter. */
function inProcess(server: HearthServer): Send {
  return async (method, path, headers = [], body) => {
    const init: RequestInit = { method, headers: [['host', 'localhost'], ...headers] };
    // Bytes, not a string: a string body would gain a text/plain Content-Type from the Fetch API itself.
    if (body !== undefined) init.body = new TextEncoder().encode(body);
    const res = await server.request(`http://localhost${path}`, init, { peer: '127.0.0.1' });
    const out: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      out[name] = value;
    });
    return { status: res.status, headers: out, body: Buffer.from(await res.arrayBuffer()).toString('latin1') };
  };
}

async function started(options: Partial<ServerOptions>) {
  const server = await createServer(testServerOptions({ helloRoute: true, ...options }));
  const running = await listen(server, { port: 0, host: '127.0.0.1', connections: { drainMs: 0 } });
  return { server, socket: overSocket(running.port), close: () => running.close({ drainMs: 0, shutdownTimeoutMs: 2000 }) };
}

const JSON_TYPE: [string, string] = ['content-type', 'application/json'];
/** The body with one character of its seal (or token) changed. */
const forged = (body: string) =>
  body.replace(/("seal":"v1\.|"stateToken":"A)(.)/, (_, head: string, c: string) => `${head}${c === 'B' ? 'C' : 'B'}`);

describe('node:http and the in-process adapter give the same answers', () => {
  let web: string;
  let data: string;
  beforeAll(() => {
    web = mkdtempSync(join(tmpdir(), 'hearth-adapters-web-'));
    data = mkdtempSync(join(tmpdir(), 'hearth-adapters-db-'));
    mkdirSync(join(data, 'socket'));
    mkdirSync(join(data, 'fetch'));
    mkdirSync(join(web, 'assets'));
    const script = 'console.log(1);'.repeat(200);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>hearth</title>');
    writeFileSync(join(web, 'assets/app.js'), script);
    writeFileSync(join(web, 'assets/app.js.br'), brotliCompressSync(script));
    writeFileSync(join(web, 'assets/app.js.gz'), gzipSync(script));
  });
  afterAll(() => {
    rmSync(web, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  });

  for (const store of [true, false]) {
    it(`every route case ${store ? 'with a store and a web folder' : 'without either'}`, { timeout: 120_000 }, async () => {
      // Two servers of one build, each with a database of its own (the cases claim player names).
      const serve = (dir: string) =>
        started(store ? { webDist: web, runs: { database: { dataDir: join(data, dir) }, perPlayer: false } } : {});
      const [s, f] = [await serve('socket'), await serve('fetch')];
      try {
        const options = { slugs: s.server.slugs, store, web: store };
        const viaSocket = await playRouteCases(s.socket, options);
        const viaFetch = await playRouteCases(inProcess(f.server), options);
        expect(viaSocket.length).toBeGreaterThan(400);
        const strip = (played: Played[]) =>
          played.map((p) => ({ what: p.what, reply: { ...p.reply, headers: handlerHeaders(p.reply.headers) } }));
        expect(strip(viaFetch)).toEqual(strip(viaSocket));
        // The cases reach what they are for: every status class the server answers with, over both.
        const statuses = new Set(viaSocket.map((p) => p.reply.status));
        for (const status of [200, 201, 204, 304, 400, 401, 403, 404, 405, 409, 413, 415]) {
          if (store || ![201, 304, 401, 409].includes(status)) expect(statuses, `a case answered ${status}`).toContain(status);
        }
        if (!store) expect(statuses).toContain(503);
      } finally {
        await s.close();
        await f.close();
      }
    });
  }
});

describe('what the answers say', () => {
  let s: Awaited<ReturnType<typeof started>>;
  beforeAll(async () => {
    s = await started({ limits: { maxBytes: 64 * 1024 } });
  });
  afterAll(() => s.close());

  const get = (path: string, headers: [string, string][] = []): Promise<Reply> => s.socket('GET', path, headers);

  it('refuses bad action bodies without a 500, for every game', async () => {
    for (const slug of s.server.slugs) {
      const first = JSON.parse((await get(`/api/games/${slug}/init?seed=11&spec=0`)).body);
      const carried = first.stateToken !== undefined ? { stateToken: first.stateToken } : { state: first.state };
      const body = JSON.stringify({ ...carried, action: first.legalActions?.[0] ?? { type: 'NOPE' } });
      for (const [what, headers, sent, status] of [
        ['no content type', [], body, 415],
        ['not JSON', [JSON_TYPE], '{"state":', 400],
        ['a forged state', [JSON_TYPE], forged(body), 400],
        ['too large', [JSON_TYPE], JSON.stringify({ ...carried, pad: 'x'.repeat(70 * 1024) }), 413],
      ] as [string, [string, string][], string, number][]) {
        const reply = await s.socket('POST', `/api/games/${slug}/action`, headers, sent);
        expect(reply.status, `${slug}: ${what}`).toBe(status);
        if (status === 413) expect(reply.headers.connection).toBe('close');
      }
    }
  });

  it('compresses by Accept-Encoding: br or gzip for a large body (with Vary), a small one plain', async () => {
    for (const slug of s.server.slugs) {
      const large = Buffer.byteLength((await get(`/api/games/${slug}/init?seed=7`)).body) >= COMPRESS_MIN_BYTES;
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const init = await get(`/api/games/${slug}/init?seed=7`, [['accept-encoding', accept]]);
        expect(init.headers['content-encoding'], `${slug} init ${accept}`).toBe(large ? expected : undefined);
        expect(init.headers.vary).toBe(large ? 'Accept-Encoding' : undefined);
        const refused = await get(`/api/games/${slug}/init?seed=x`, [['accept-encoding', accept]]);
        expect(refused.headers['content-encoding']).toBeUndefined();
        expect(refused.headers.vary).toBeUndefined();
      }
    }
  });

  it('while draining, every answer says Connection: close', async () => {
    s.server.draining = true;
    try {
      const reply = await s.socket('GET', `/api/games/${s.server.slugs[0]}/init?seed=3`, [['connection', 'keep-alive']]);
      expect(reply.status).toBe(200);
      expect(reply.headers.connection).toBe('close');
    } finally {
      s.server.draining = false;
    }
  });
});

it('the rate limit: 429 with Retry-After once the burst is spent', async () => {
  const s = await started({ rateLimit: { perSecond: 0.01, burst: 2 } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await s.socket('GET', `/api/games/${s.server.slugs[0]}/init?seed=${i}`);
      statuses.push(reply.status);
      if (reply.status === 429) expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 429]);
  } finally {
    await s.close();
  }
});
