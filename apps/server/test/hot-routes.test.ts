// The hot routes on bare node:http (hot-routes.ts) answer exactly as the hono app does: two servers over the same
// games and secret, one with the hot front (production) and one with every request through hono, get the same
// requests (the same X-Request-Id) and must give the same status, headers (but Date) and body, over real sockets.
// A counter on the front shows which requests it took itself and which it handed to the app.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../src/compress.ts';
import { listen } from '../src/listen.ts';
import { createServer, type HearthServer, type ServerOptions } from '../src/server.ts';
import { TEST_SECRET, testRegistry, testReplayPool } from './helpers/start.ts';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request with exactly these raw headers (a duplicate header included), on its own connection. */
function send(port: number, method: string, path: string, headers: [string, string][], body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const flat = ['host', 'localhost', ...headers.flat()];
    if (body !== undefined) flat.push('content-length', String(Buffer.byteLength(body)));
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: flat, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The headers but Date. */
const withoutDate = (h: IncomingHttpHeaders) => {
  const { date: _, ...rest } = h;
  return rest;
};

async function pair(options: Partial<ServerOptions> = {}) {
  const make = () =>
    createServer({
      registry: testRegistry(),
      secret: TEST_SECRET,
      logLevel: 'silent',
      rateLimit: false,
      webDist: null,
      helloRoute: true,
      replayPool: testReplayPool(),
      ...options,
    });
  const hotServer = await make();
  const appServer = await make();
  const taken = { count: 0 };
  const counting: HearthServer = {
    ...hotServer,
    hot: (req, res) => {
      const took = hotServer.hot(req, res);
      if (took) taken.count++;
      return took;
    },
    dispose: () => hotServer.dispose(),
  };
  const hot = await listen(counting, { port: 0, host: '127.0.0.1', connections: { drainMs: 0 } });
  const app = await listen(appServer, { port: 0, host: '127.0.0.1', connections: { drainMs: 0 }, hotRoutes: false });
  let n = 0;
  /** Sends the request to both; expects the same answer; says whether the hot front answered it. */
  const both = async (method: string, path: string, headers: [string, string][] = [], body?: string) => {
    const id: [string, string] = ['x-request-id', `hot-test-${n++}`];
    const before = taken.count;
    const a = await send(hot.port, method, path, [id, ...headers], body);
    const fronted = taken.count > before;
    const b = await send(app.port, method, path, [id, ...headers], body);
    // A token is sealed with a fresh random IV every time: the same state, different bytes.
    const same = (text: string) => text.replace(/"stateToken":"[A-Za-z0-9_-]+"/g, '"stateToken":"…"');
    expect({ status: a.status, body: same(a.body) }, `${method} ${path}`).toEqual({ status: b.status, body: same(b.body) });
    expect(withoutDate(a.headers), `${method} ${path} headers`).toEqual(withoutDate(b.headers));
    return { reply: a, fronted };
  };
  return { hotServer, appServer, hot, app, both, close: () => Promise.all([hot.close(), app.close()]) };
}

const JSON_TYPE: [string, string] = ['content-type', 'application/json'];

describe('the hot front answers as the app', () => {
  let p: Awaited<ReturnType<typeof pair>>;
  beforeAll(async () => {
    p = await pair({ limits: { maxBytes: 64 * 1024 } });
  });
  afterAll(() => p.close());

  it('init and action in every form, for every game, and their refusals', async () => {
    for (const slug of p.hotServer.slugs) {
      for (const query of [
        '?seed=7',
        '?seed=7&spec=0',
        '?seed=7&view=lean&spec=0',
        '?seed=7&view=compact',
        '?seed=x',
        '?seed=7&spec=2',
        '?seed=7&view=big',
        '?seed=7&view',
        '?seed=7&seed=8&spec=0',
      ]) {
        const { fronted } = await p.both('GET', `/api/games/${slug}/init${query}`);
        expect(fronted, `init ${query}`).toBe(true);
      }
      const first = JSON.parse((await p.both('GET', `/api/games/${slug}/init?seed=11&spec=0`)).reply.body);
      const carried = first.stateToken !== undefined ? { stateToken: first.stateToken } : { state: first.state };
      const action = first.legalActions?.[0] ?? { type: 'NOPE' };
      const body = JSON.stringify({ ...carried, action });
      const path = `/api/games/${slug}/action`;
      for (const view of ['', '?view=lean', '?view=compact', '?view=full', '?view=nope']) {
        const { fronted } = await p.both('POST', `${path}${view}`, [JSON_TYPE], body);
        expect(fronted).toBe(true);
      }
      const refusals: [string, [string, string][], string][] = [
        ['no content type', [], body],
        ['text/plain', [['content-type', 'text/plain']], body],
        ['latin-1 charset', [['content-type', 'application/json; charset=latin1']], body],
        ['not JSON', [JSON_TYPE], '{"state":'],
        ['not an object', [JSON_TYPE], '[1,2]'],
        ['an unknown action', [JSON_TYPE], JSON.stringify({ ...carried, action: { type: 'NOT_A_MOVE' } })],
        [
          'a forged state',
          [JSON_TYPE],
          body.replace(/"seal":"v1\.[A-Za-z0-9_-]/, '"seal":"v1.A').replace(/"stateToken":"./, '"stateToken":"A'),
        ],
        ['no state', [JSON_TYPE], JSON.stringify({ action })],
        ['too deep', [JSON_TYPE], `{"state":${'['.repeat(100)}${']'.repeat(100)}}`],
        ['too large', [JSON_TYPE], JSON.stringify({ ...carried, action, pad: 'x'.repeat(70 * 1024) })],
      ];
      for (const [what, headers, refused] of refusals) {
        const { reply, fronted } = await p.both('POST', path, headers, refused);
        expect(fronted, what).toBe(true);
        expect(reply.status, what).not.toBe(500);
      }
    }
  });

  it('hands the app whatever it would read differently: those answers are the same too', async () => {
    const slug = p.hotServer.slugs[0]!;
    const handed: [string, string, [string, string][]?, string?][] = [
      ['GET', '/api/games/no-such-game/init'],
      ['GET', `/api/games/${slug}/init/`],
      ['GET', `/api/games/${slug}/init?seed=%37`],
      ['GET', `/api/games/${slug}/init?view=lean+`],
      ['HEAD', `/api/games/${slug}/init?seed=1`],
      ['POST', `/api/games/${slug}/init`, [JSON_TYPE], '{}'],
      ['GET', `/api/games/${slug}/action`],
      ['GET', `/api/games/${slug}/../${slug}/init?seed=1`],
      ['POST', `/api/games/${slug}/action`, [JSON_TYPE, JSON_TYPE], '{}'],
      ['GET', `/api/games/${slug}/spec`],
      ['GET', '/hello?x=1'],
      ['OPTIONS', `/api/games/${slug}/action`],
    ];
    for (const [method, path, headers = [], body] of handed) {
      const { fronted } = await p.both(method, path, headers, body);
      expect(fronted, `${method} ${path}`).toBe(false);
    }
    expect((await p.both('GET', '/hello')).fronted).toBe(true);
  });

  it('compresses as the app does: the same Content-Encoding, Vary and bytes for each Accept-Encoding (plain-state games)', async () => {
    for (const slug of p.hotServer.slugs) {
      const first = JSON.parse((await p.both('GET', `/api/games/${slug}/init?seed=11&spec=0`)).reply.body);
      // A token is sealed with a fresh IV each time, so a token game's compressed bytes differ from any other's.
      if (first.stateToken !== undefined) continue;
      const body = JSON.stringify({ state: first.state, action: first.legalActions?.[0] ?? { type: 'NOPE' } });
      // (a fixture game's init is under the threshold: plain either way)
      const large = Buffer.byteLength((await p.both('GET', `/api/games/${slug}/init?seed=7`)).reply.body) >= COMPRESS_MIN_BYTES;
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const coding: [string, string] = ['accept-encoding', accept];
        const init = await p.both('GET', `/api/games/${slug}/init?seed=7`, [coding]);
        expect(init.fronted).toBe(true);
        expect(init.reply.headers['content-encoding'], `${slug} init ${accept}`).toBe(large ? expected : undefined);
        expect(init.reply.headers.vary).toBe(large ? 'Accept-Encoding' : undefined);
        const action = await p.both('POST', `/api/games/${slug}/action`, [JSON_TYPE, coding], body);
        expect(action.fronted).toBe(true);
        // a small refusal goes plain from both, without Vary
        const refused = await p.both('GET', `/api/games/${slug}/init?seed=x`, [coding]);
        expect(refused.reply.headers['content-encoding']).toBeUndefined();
        expect(refused.reply.headers.vary).toBeUndefined();
      }
    }
  });

  it('while draining, its answers say Connection: close as the app does', async () => {
    p.hotServer.draining = true;
    p.appServer.draining = true;
    try {
      const { reply, fronted } = await p.both('GET', `/api/games/${p.hotServer.slugs[0]}/init?seed=3`);
      expect(fronted).toBe(true);
      expect(reply.headers.connection).toBe('close');
    } finally {
      p.hotServer.draining = false;
      p.appServer.draining = false;
    }
  });
});

it('the rate limit: the same 429 with Retry-After from the front and the app', async () => {
  const p = await pair({ rateLimit: { perSecond: 0.01, burst: 2 } });
  try {
    const slug = p.hotServer.slugs[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { reply, fronted } = await p.both('GET', `/api/games/${slug}/init?seed=${i}`);
      expect(fronted).toBe(true);
      statuses.push(reply.status);
      if (reply.status === 429) expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 429]);
  } finally {
    await p.close();
  }
});
