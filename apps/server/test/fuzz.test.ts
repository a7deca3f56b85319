// Throws >= 10,000 malformed requests (mutated states and tokens, junk actions, wrong types, hostile JSON,
// bad paths, methods and headers, raw non-HTTP bytes) at a running server: no 5xx, no stack trace, every
// API answer a JSON error or a normal response, and the server healthy and playable at the end.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { nextBody } from '@hearth/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chooser, playThroughApi } from './helpers/play.ts';
import { getJson, postJson, type Started, startServer, testRegistry } from './helpers/start.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const slugs = testRegistry().slugs;
let s: Started;
beforeAll(async () => {
  s = await startServer({ limits: { maxBytes: 64 * 1024 } });
});
afterAll(() => s.close());

interface Sample {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const JUNK: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0,
  1.5,
  2 ** 53,
  '',
  'x',
  'ADD',
  [],
  [null],
  {},
  { type: null },
  '\u0000',
  '💥',
  [[[]]],
];

function mutate(value: unknown, r: ReturnType<typeof chooser>, depth = 0): unknown {
  if (depth > 6 || r.pick(4) === 0) return JUNK[r.pick(JUNK.length)];
  if (Array.isArray(value)) {
    const copy = value.map((v) => (r.pick(3) === 0 ? mutate(v, r, depth + 1) : v));
    if (r.pick(4) === 0) copy.pop();
    if (r.pick(6) === 0) copy.push(JUNK[r.pick(JUNK.length)]);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length > 0) {
      const k = keys[r.pick(keys.length)]!;
      const op = r.pick(4);
      if (op === 0) delete copy[k];
      else copy[k] = mutate(copy[k], r, depth + 1);
    }
    if (r.pick(6) === 0) copy[`junk${r.pick(100)}`] = JUNK[r.pick(JUNK.length)];
    return copy;
  }
  if (typeof value === 'number') return [value + 1, value - 1, -value, value * 1e9, Number.MAX_SAFE_INTEGER, 0.5][r.pick(6)];
  if (typeof value === 'string') return [value.slice(1), `${value}x`, value.toUpperCase(), ''][r.pick(4)];
  return JUNK[r.pick(JUNK.length)];
}

function samples(first: Map<string, any>): Sample[] {
  const r = chooser(20260101);
  const out: Sample[] = [];
  const json = { 'content-type': 'application/json' };
  const gameSlugs = [...first.keys()];
  for (let i = 0; i < REQUESTS; i++) {
    const slug = gameSlugs[r.pick(gameSlugs.length)]!;
    const init = first.get(slug);
    const kind = r.pick(12);
    if (kind <= 3) {
      // Mutated state or token with a legal or junk action.
      const action = init.legalActions.length > 0 && r.pick(2) === 0 ? init.legalActions[0] : mutate(init.legalActions[0] ?? {}, r);
      const body =
        init.spec.carry === 'stateToken' ? { stateToken: mutate(init.stateToken, r), action } : { state: mutate(init.state, r), action };
      out.push({ method: 'POST', path: `/api/games/${slug}/action`, headers: json, body: JSON.stringify(body) });
    } else if (kind === 4) {
      // Valid state, junk action.
      const carry = nextBody(init.spec, init);
      out.push({
        method: 'POST',
        path: `/api/games/${slug}/action`,
        headers: json,
        body: JSON.stringify({ ...carry, action: mutate({ type: 'X', n: 1 }, r) }),
      });
    } else if (kind === 5) {
      const body = { seed: mutate(7, r), actions: r.pick(2) ? mutate(init.legalActions.slice(0, 3), r) : JUNK[r.pick(JUNK.length)] };
      out.push({ method: 'POST', path: `/api/games/${slug}/verify`, headers: json, body: JSON.stringify(body) });
    } else if (kind === 6) {
      // Broken JSON: truncated, invalid bytes, hostile nesting, wide arrays, wrong top-level types.
      const valid = JSON.stringify({ state: init.state ?? null, stateToken: init.stateToken, action: init.legalActions[0] ?? null });
      const bodies: (string | Buffer)[] = [
        valid.slice(0, r.pick(valid.length)),
        Buffer.from([0xff, 0xfe, 0x7b, 0x80]),
        `{"state":${'['.repeat(2000 + r.pick(5000))}`,
        `{"state":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}`,
        `{"action":[${'0,'.repeat(60_000)}0]}`,
        `{"a":"${'x'.repeat(70_000)}"}`,
        '[]',
        '"state"',
        'null',
        '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
        `{"state":1e99999,"action":-1e-99999}`,
        '',
      ];
      out.push({
        method: 'POST',
        path: `/api/games/${slug}/${r.pick(2) ? 'action' : 'verify'}`,
        headers: json,
        body: bodies[r.pick(bodies.length)],
      });
    } else if (kind === 7) {
      const types = [
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        '',
        'application/jsonx',
        '*/*',
      ];
      const type = types[r.pick(types.length)]!;
      out.push({ method: 'POST', path: `/api/games/${slug}/action`, headers: type ? { 'content-type': type } : {}, body: '{"state":{}}' });
    } else if (kind === 8) {
      const seeds = ['-', 'NaN', 'Infinity', '1e5', '%00', '9'.repeat(40), '1,2', '0x1', '+1', '--1', encodeURIComponent('７')];
      out.push({
        method: 'GET',
        path: `/api/games/${slug}/init?seed=${seeds[r.pick(seeds.length)]}${r.pick(3) === 0 ? '&seed=2' : ''}`,
        headers: {},
      });
    } else if (kind === 9) {
      const paths = [
        '/api/games/%zz/init',
        '/api/games/../../etc/passwd',
        `/api/games/${slug}/init/extra`,
        '/api//games',
        '/%00',
        `/docs/api/${'a'.repeat(3000)}`,
        '/api/games/%2e%2e%2f/spec',
        '/.env',
        '/index.html/..',
        '/assets/%c0%af',
      ];
      out.push({ method: 'GET', path: paths[r.pick(paths.length)]!, headers: {} });
    } else if (kind === 10) {
      const methods = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'HEAD'];
      const paths = [
        `/api/games/${slug}/action`,
        `/api/games/${slug}/init`,
        '/api/games',
        '/healthz',
        '/metrics',
        `/api/games/${slug}/verify`,
      ];
      out.push({ method: methods[r.pick(methods.length)]!, path: paths[r.pick(paths.length)]!, headers: json, body: '{}' });
    } else {
      out.push({ method: 'POST', path: `/api/games/${slug}/action`, headers: { ...json, 'content-length': '999999999' }, body: '{}' });
    }
  }
  return out;
}

function send(agent: Agent, sample: Sample): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    // Node's client sends a DELETE/OPTIONS/TRACE body without framing unless told its length.
    const headers =
      sample.body !== undefined && !sample.headers['content-length']
        ? { ...sample.headers, 'content-length': String(Buffer.byteLength(sample.body)) }
        : sample.headers;
    const req = request(`${s.url}${sample.path}`, { method: sample.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: -1, text: '' }));
    });
    // A socket the server closes on purpose (413 with Connection: close, a lying Content-Length) is not a failure.
    req.on('error', () => resolve({ status: -1, text: '' }));
    req.end(sample.body);
  });
}

function rawGarbage(bytes: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(s.url).port), '127.0.0.1');
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', () => undefined);
    socket.end(bytes);
  });
}

it(`survives ${REQUESTS} malformed requests without a 5xx`, { timeout: 240_000 }, async () => {
  const first = new Map<string, any>();
  for (const slug of slugs) first.set(slug, (await getJson(`${s.url}/api/games/${slug}/init?seed=9`)).body);
  const all = samples(first);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const sample = all[next++]!;
      const res = await send(agent, sample);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${sample.method} ${sample.path.slice(0, 80)}`;
      if (res.status >= 500) problems.push(`${res.status} on ${where}: ${res.text.slice(0, 200)}`);
      if (/\n\s+at |\.ts:\d+|node_modules/.test(res.text)) problems.push(`stack trace on ${where}`);
      // 204 is the CORS preflight answer to OPTIONS: no body by definition.
      if (res.status > 0 && res.status !== 204 && sample.method !== 'HEAD' && sample.path.startsWith('/api/')) {
        try {
          const body = JSON.parse(res.text);
          if (typeof body.ok !== 'boolean') problems.push(`no ok field on ${where}`);
          if (body.ok === false && (typeof body.reason !== 'string' || typeof body.message !== 'string'))
            problems.push(`bad error body on ${where}`);
        } catch {
          problems.push(`non-JSON ${res.status} on ${where}: ${res.text.slice(0, 100)}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  const garbage = [
    'GARBAGE\r\n\r\n',
    'GET / HTTP/9.9\r\n\r\n',
    `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    'POST /api/games HTTP/1.1\r\nContent-Length: -5\r\n\r\n',
    '\u0000\u0001\u0002',
  ];
  for (let i = 0; i < 100; i++) await rawGarbage(garbage[i % garbage.length]!);

  expect(problems.slice(0, 20)).toEqual([]);
  const answered = [...statuses.entries()].filter(([st]) => st > 0).reduce((n, [, c]) => n + c, 0);
  expect(answered).toBeGreaterThan(REQUESTS * 0.9);
  for (const status of [200, 400, 404, 405, 413, 415]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);

  // Still healthy and playable.
  expect((await getJson(`${s.url}/healthz`)).status).toBe(200);
  const played = await playThroughApi(
    (p) => getJson(`${s.url}${p}`),
    (p, b) => postJson(`${s.url}${p}`, b),
    slugs[0]!,
    5,
    50,
  );
  expect(played.actions.length).toBeGreaterThan(0);
  // Nothing polluted the prototype.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
