// The web app's files go over the wire compressed: the build writes `<file>.br` and `<file>.gz` beside each
// file, and the static route sends the best one the browser accepts, with Content-Encoding, Vary, its own
// validator and the same cache headers as the plain file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../src/routes/web.ts';
import { type Started, startServer } from './helpers/start.ts';

/** A raw GET (node's fetch would decompress and hide what was sent). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
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
