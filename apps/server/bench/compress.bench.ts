// What compressing the API's JSON costs and saves (src/http/compress.ts). Two parts, each alternated in rounds after a
// warm-up, in CPU time:
// 1. the codec settings on the server's real bodies (the index, every init with its spec, late-game action
//    responses): CPU per body and bytes, gzip levels 1 and 6, brotli qualities 1 to 5, and each init at the served settings;
// 2. the action route through the server's one handler under the in-process adapter (the same middleware as production, no sockets) on
//    recorded late-game bodies, and what compressing its responses (encodeBody, gzip and br) adds: CPU per request
//    and the bytes sent, as ratios to the plain request.
// Run: npx tsx bench/compress.bench.ts (part of pnpm bench). COMPRESS_ROUNDS=N (default 5).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { registry } from '@hearth/games';
import { compress, encodeBody } from '../src/http/compress.ts';
import { createServer } from '../src/server.ts';
import { recordTraffic } from './traffic.ts';

const ROUNDS = Number(process.env.COMPRESS_ROUNDS ?? 5);
const BASE = 'http://bench.local';
const server = await createServer({
  registry,
  secret: 'bench-secret-0123456789',
  logLevel: 'silent',
  rateLimit: false,
  webDist: null,
  replay: { threads: 1 },
});
const call = (url: string, init?: RequestInit) => server.request(url, init);
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// The bodies the server sends (plain: no Accept-Encoding).
const traffic = await recordTraffic(BASE, call);
const bodies: { what: string; text: Buffer }[] = [{ what: 'index', text: Buffer.from(await (await call(`${BASE}/api/games`)).text()) }];
for (const slug of registry.slugs) {
  bodies.push({ what: `${slug} init+spec`, text: Buffer.from(await (await call(`${BASE}/api/games/${slug}/init?seed=7`)).text()) });
}
const actions: { slug: string; body: string }[] = [];
for (const t of traffic) {
  const step = Math.max(1, Math.floor(t.bodies.length / 40));
  for (let i = 0; i < t.bodies.length; i += step) actions.push({ slug: t.slug, body: t.bodies[i]! });
}
const post = (a: { slug: string; body: string }, encoding?: string) =>
  call(`${BASE}/api/games/${a.slug}/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body: a.body,
  });
for (const a of actions.filter((_, i) => i % 4 === 0)) {
  bodies.push({ what: `${a.slug} action`, text: Buffer.from(await (await post(a)).text()) });
}

const brotli = (quality: number) => (b: Buffer) =>
  brotliCompressSync(b, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: 18,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    },
  });
const codecs: [string, (b: Buffer) => Buffer][] = [
  ['gzip 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => gzipSync(b, { level: 6 })],
  ['br 1', brotli(1)],
  ['br 2', brotli(2)],
  ['br 3', brotli(3)],
  ['br 4', brotli(4)],
  ['br 5', brotli(5)],
];

// Part 1: each codec over every body, rounds alternating the codecs.
const plainBytes = bodies.reduce((t, b) => t + b.text.length, 0);
const cpu = new Map<string, number[]>(codecs.map(([n]) => [n, []]));
const sizes = new Map<string, number>();
const REPEAT = 20;
for (const [, f] of codecs) for (const b of bodies) f(b.text); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, f] of round % 2 ? [...codecs].reverse() : codecs) {
    let bytes = 0;
    const c0 = cpuUs();
    for (let r = 0; r < REPEAT; r++) for (const b of bodies) bytes += f(b.text).length;
    cpu.get(name)!.push((cpuUs() - c0) / REPEAT);
    sizes.set(name, bytes / REPEAT);
  }
}
console.log(`codecs over ${bodies.length} response bodies (${kb(plainBytes)} plain), median of ${ROUNDS} rounds:`);
for (const [name] of codecs) {
  const us = median(cpu.get(name)!);
  console.log(
    `  ${name.padEnd(7)} ${kb(sizes.get(name)!).padStart(9)} (${((100 * sizes.get(name)!) / plainBytes).toFixed(1)}%)  ${(us / 1000).toFixed(2)} ms CPU for all, ${((us / plainBytes) * 1024).toFixed(1)} us per plain KB`,
  );
}
for (const b of bodies.filter((x) => x.what.endsWith('init+spec'))) {
  const c0 = cpuUs();
  for (let r = 0; r < 50; r++) compress(b.text, 'br');
  const br = ((cpuUs() - c0) / 50).toFixed(0);
  const c1 = cpuUs();
  for (let r = 0; r < 50; r++) compress(b.text, 'gzip');
  const gz = ((cpuUs() - c1) / 50).toFixed(0);
  console.log(`  ${b.what}: ${kb(b.text.length)}, as served: br ${br} us, gzip ${gz} us`);
}

// Part 2: the action route plain, next to what encodeBody (the whole of compression's work) adds to each of its
// responses, alternated. (Through the in-process handler a compressed body would be read back through a
// ReadableStream, which node:http never does, so the added cost is measured on its own.)
const responses = await Promise.all(actions.map(async (a) => (await post(a)).text()));
const sides: [string, () => Promise<number>][] = [
  [
    'plain',
    async () => {
      let bytes = 0;
      for (const a of actions) bytes += (await (await post(a)).arrayBuffer()).byteLength;
      return bytes;
    },
  ],
  ...(['gzip', 'br'] as const).map((coding): [string, () => Promise<number>] => [
    `+${coding}`,
    async () => {
      let bytes = 0;
      for (const r of responses) bytes += encodeBody(r, coding).body.length;
      return bytes;
    },
  ]),
];
const routeCpu = new Map<string, number[]>(sides.map(([n]) => [n, []]));
const routeBytes = new Map<string, number>();
for (const [, run] of sides) await run(); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of round % 2 ? [...sides].reverse() : sides) {
    const c0 = cpuUs();
    const bytes = await run();
    routeCpu.get(name)!.push((cpuUs() - c0) / actions.length);
    routeBytes.set(name, bytes / actions.length);
  }
}
const base = median(routeCpu.get('plain')!);
console.log(`action route, ${actions.length} late-game requests (every game), median of ${ROUNDS} rounds:`);
for (const [name] of sides) {
  const us = median(routeCpu.get(name)!);
  const total = name === 'plain' ? us : base + us;
  console.log(
    `  ${name.padEnd(6)} ${us.toFixed(1).padStart(7)} us CPU per request${name === 'plain' ? '' : ' added'} (request x${(total / base).toFixed(2)})  ${routeBytes.get(name)!.toFixed(0).padStart(6)} bytes per response (x${(routeBytes.get(name)! / routeBytes.get('plain')!).toFixed(2)})`,
  );
}
await server.dispose();
