// Everything goes over the wire compressed when the client accepts it. The web app's files: the build writes
// `<file>.br` and `<file>.gz` beside each file, and the static route sends the best one the browser accepts, with
// Content-Encoding, Vary, its own validator and the same cache headers as the plain file. The API's JSON (and
// the docs): compressed as it is sent (src/http/compress.ts) when 1 KB to 256 KB, else sent as it is; either way the
// decompressed bytes are exactly the plain ones.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, COMPRESS_MAX_BYTES, COMPRESS_MIN_BYTES, encodeBody, preferredCoding } from '../src/http/compress.ts';
import { type Started, startServer } from './helpers/start.ts';

/** A raw request (node's fetch would decompress and hide what was sent). */
function get(url: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed static files', () => {
  let root: string;
  let web: Started;
  const js = 'console.log("hearth");\n'.repeat(200);
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hearth-web-br-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>web app</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), js);
    writeFileSync(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'app-1.js.gz'), gzipSync(js));
    web = await startServer({ webDist: dist });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends brotli, else gzip, else the file itself, each with its own ETag and the same cache headers', async () => {
    const url = `${web.url}/assets/app-1.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await get(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    for (const r of [br, gz, plain]) {
      expect(r.headers['content-type']).toMatch(/text\/javascript/);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(new Set([br, gz, plain].map((r) => r.headers.etag)).size).toBe(3);
    expect(br.body.length).toBeLessThan(js.length / 5);
    // a validator only matches its own representation
    const same = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(same.status).toBe(304);
    const other = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    // a file without compressed siblings is sent as it is, with no Vary
    const index = await get(`${web.url}/`, { 'accept-encoding': 'br' });
    expect(index.headers['content-encoding']).toBeUndefined();
    expect(index.headers.vary).toBeUndefined();
  });

  it('reads Accept-Encoding as RFC 9110 does: q=0 refuses, * stands for the others, names ignore case', () => {
    expect([...acceptedEncodings('gzip, deflate, br')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*;q=0, GZIP')]).toEqual(['gzip']);
    expect([...acceptedEncodings('identity')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings('br;q=abc')]).toEqual([]);
  });
});

describe('compressed API responses', () => {
  let api: Started;
  beforeAll(async () => {
    api = await startServer();
  });
  afterAll(async () => {
    await api?.close();
  });

  const decode = (r: { headers: Record<string, string | string[] | undefined>; body: Buffer }) =>
    r.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(r.body)
      : r.headers['content-encoding'] === 'gzip'
        ? gunzipSync(r.body)
        : r.body;

  /** The same request plain, with gzip and with brotli: the encodings, and the bytes each decodes to. */
  async function threeWays(path: string, method = 'GET', body?: string) {
    const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
    const plain = await get(`${api.url}${path}`, headers, method, body);
    const gzip = await get(`${api.url}${path}`, { ...headers, 'accept-encoding': 'gzip, deflate' }, method, body);
    const br = await get(`${api.url}${path}`, { ...headers, 'accept-encoding': 'gzip, deflate, br' }, method, body);
    return { plain, gzip, br };
  }

  it('sends the index, init, spec, action, verify and docs with gzip or brotli, decoding to the plain bytes exactly', async () => {
    const init = await get(`${api.url}/api/games/cragwake/init?seed=5&spec=0`, {});
    const first = JSON.parse(init.body.toString());
    const act = JSON.stringify({ state: first.state, action: first.legalActions[0] });
    const cases: [string, string, string?][] = [
      ['/api/games', 'GET'],
      ['/api/games/stormlark/init?seed=5', 'GET'],
      ['/api/games/cragwake/init?seed=5&spec=0', 'GET'],
      ['/api/games/sunloaf/spec', 'GET'],
      ['/api/games/cragwake/action', 'POST', act],
      ['/api/games/cragwake/lean-schema', 'GET'],
      ['/docs/api', 'GET'],
      ['/llms.txt', 'GET'],
    ];
    for (const [path, method, body] of cases) {
      const { plain, gzip, br } = await threeWays(path, method, body);
      expect(plain.status, path).toBe(200);
      expect(plain.body.length, path).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(Number(plain.headers['content-length']), path).toBe(plain.body.length);
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(br.headers['content-encoding'], path).toBe('br');
      for (const r of [plain, gzip, br]) {
        expect(r.headers.vary, path).toMatch(/accept-encoding/i);
        expect(r.headers['content-type'], path).toBe(plain.headers['content-type']);
        expect(decode(r).equals(plain.body), `${path} ${r.headers['content-encoding']}`).toBe(true);
      }
      expect(br.body.length, path).toBeLessThan(plain.body.length / 2);
      expect(gzip.body.length, path).toBeLessThan(plain.body.length / 2);
      if (path.startsWith('/api/')) expect(br.headers['access-control-allow-origin'], path).toBe('*');
      expect(br.headers['x-request-id'], path).toBeTruthy();
    }
  });

  it('sends the action route plain byte for byte as before without Accept-Encoding: JSON of the sealed response', async () => {
    const init = await get(`${api.url}/api/games/cragwake/init?seed=9&spec=0`, {});
    const first = JSON.parse(init.body.toString());
    const { plain, br } = await threeWays(
      '/api/games/cragwake/action',
      'POST',
      JSON.stringify({ state: first.state, action: first.legalActions[0] }),
    );
    // What the route wrote before compression existed: the response object serialised (state sealed, seal last).
    expect(plain.body.toString()).toBe(JSON.stringify(JSON.parse(plain.body.toString())));
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
  });

  it('leaves small bodies plain, without Vary, whatever the client accepts', async () => {
    const init = await get(`${api.url}/api/games/lantern-volley/init?seed=5&spec=0`, {});
    const first = JSON.parse(init.body.toString());
    const act = JSON.stringify({ state: first.state, action: 'not an action' });
    for (const [path, method, body] of [
      ['/api/games/nope/init', 'GET'],
      ['/api/games/cragwake/action', 'POST', '{"state":'],
      ['/api/games/lantern-volley/action', 'POST', act],
      ['/api/games/stormlark/verify', 'POST', '{"seed":1,"actions":[]}'],
    ] as const) {
      const { plain, gzip, br } = await threeWays(path, method, body);
      expect(plain.body.length, path).toBeLessThan(COMPRESS_MIN_BYTES);
      for (const r of [gzip, br]) {
        expect(r.headers['content-encoding'], path).toBeUndefined();
        expect(r.headers.vary, path).toBeUndefined();
        expect(r.body.equals(plain.body), path).toBe(true);
      }
    }
  });

  it('honours q=0 and identity, and HEAD names the coding a GET would have', async () => {
    const path = `${api.url}/api/games/stormlark/spec`;
    expect((await get(path, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(path, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get(path, { 'accept-encoding': 'deflate' })).headers['content-encoding']).toBeUndefined();
    const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('compresses only between the thresholds, counting UTF-8 bytes', () => {
    const a = (n: number) => 'a'.repeat(n);
    expect(encodeBody(a(COMPRESS_MIN_BYTES - 1), 'br')).toEqual({ body: a(COMPRESS_MIN_BYTES - 1), coding: null, vary: false });
    expect(encodeBody(a(COMPRESS_MIN_BYTES), 'br').coding).toBe('br');
    // 400 characters of 3 bytes each: 1,200 bytes, over the threshold
    expect(encodeBody('€'.repeat(400), 'gzip').coding).toBe('gzip');
    expect(gunzipSync(encodeBody('€'.repeat(400), 'gzip').body as Buffer).toString()).toBe('€'.repeat(400));
    expect(encodeBody(a(COMPRESS_MAX_BYTES + 1), 'br')).toEqual({ body: a(COMPRESS_MAX_BYTES + 1), coding: null, vary: false });
    expect(encodeBody(a(COMPRESS_MAX_BYTES), undefined)).toEqual({ body: a(COMPRESS_MAX_BYTES), coding: null, vary: true });
    expect(preferredCoding('gzip, br')).toBe('br');
    expect(preferredCoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(preferredCoding('')).toBeNull();
    // the remembered answers are bounded and do not change the answer
    for (let i = 0; i < 200; i++) expect(preferredCoding(`x-${i}, gzip`)).toBe('gzip');
  });
});
