// The HTTP layer under the one handler, compared in one run: the action route's server CPU per request with the
// handler mounted by
//   hono     hono's node adapter, the request handed over as a Fetch Request (http/fetch.ts),
//   node     node:http directly (http/node.ts: production),
//   fastify  Fastify 5, routing every request to the node mount (bench/http-variant.ts).
// Each is its own process over the same HearthServer (same secret, so the same recorded late-game bodies open on
// all three); the three are loaded in turn, in an order that rotates every round, after a warm-up, with
// 10 connections walking the recorded bodies (traffic.ts). The figure is each process's CPU (user + system, from
// /proc) per request, the median of the rounds; GET /hello on each is printed beside it for the floor.
// Run: npx tsx bench/http.bench.ts (part of pnpm bench). HTTP_ROUNDS=N (default 3), HTTP_SECONDS=N (default 2).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { recordTraffic } from './traffic.ts';

const ROUNDS = Number(process.env.HTTP_ROUNDS ?? 3);
const SECONDS = Number(process.env.HTTP_SECONDS ?? 2);
const VARIANTS = ['hono', 'node', 'fastify'] as const;
type Variant = (typeof VARIANTS)[number];
/** "A clear margin": a share of CPU per request, summed over the games' action routes. */
const MARGIN = 0.1;

const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

async function start(variant: Variant): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', new URL('./http-variant.ts', import.meta.url).pathname, variant], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /PORT (\d+)/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`${variant} exited with ${code}: ${err.slice(0, 500)}`)));
  });
  return { proc, url: `http://127.0.0.1:${port}` };
}

async function cpuPerRequest(pid: number, opts: autocannon.Options): Promise<number> {
  const c0 = cpuSeconds(pid);
  const r = await autocannon({ connections: 10, duration: SECONDS, ...opts });
  if (r.non2xx + r.errors + r.timeouts > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return ((cpuSeconds(pid) - c0) / Math.max(1, r.requests.total)) * 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

const servers = {} as Record<Variant, { proc: ChildProcess; url: string }>;
try {
  for (const v of VARIANTS) servers[v] = await start(v);
  const traffic = await recordTraffic(servers.hono.url);
  console.log(`HTTP layer: server CPU us per request, median of ${ROUNDS} rotated rounds of ${SECONDS} s, 10 connections`);
  console.log(`${'route'.padEnd(28)}${VARIANTS.map((v) => v.padStart(9)).join('')}${'node/hono'.padStart(11)}${'node/fast.'.padStart(11)}`);
  const totals = { hono: 0, node: 0, fastify: 0 } as Record<Variant, number>;
  const rows: { name: string; per: Record<Variant, number> }[] = [];
  const measure = async (name: string, opts: (url: string) => autocannon.Options) => {
    for (const v of VARIANTS) await cpuPerRequest(servers[v].proc.pid!, { ...opts(servers[v].url), duration: Math.max(2, SECONDS) });
    const runs = { hono: [], node: [], fastify: [] } as Record<Variant, number[]>;
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < VARIANTS.length; k++) {
        const v = VARIANTS[(r + k) % VARIANTS.length]!;
        runs[v].push(await cpuPerRequest(servers[v].proc.pid!, opts(servers[v].url)));
      }
    }
    const per = { hono: median(runs.hono), node: median(runs.node), fastify: median(runs.fastify) };
    rows.push({ name, per });
    console.log(
      `${name.padEnd(28)}${VARIANTS.map((v) => fmt(per[v])).join('')}${fmt(per.node / per.hono, 2).padStart(11)}${fmt(per.node / per.fastify, 2).padStart(11)}`,
    );
    return per;
  };
  await measure('GET /hello', (url) => ({ url: `${url}/hello` }));
  for (const { slug, bodies } of traffic) {
    const requests = bodies.map((body) => ({
      method: 'POST' as const,
      path: `/api/games/${slug}/action`,
      headers: { 'content-type': 'application/json' },
      body,
    }));
    const per = await measure(`${slug} action`, (url) => ({ url, requests }));
    for (const v of VARIANTS) totals[v] += per[v];
  }
  // The decision: keep what wins by a clear margin. node:http mounts the handler in production, so it must
  // beat it by MARGIN; Fastify would be a new dependency, so it is taken only if it beats the front by MARGIN.
  const underHono = 1 - totals.node / totals.hono;
  const fastifyUnder = 1 - totals.fastify / totals.node;
  console.log(
    `action route, sum over games: ${VARIANTS.map((v) => `${v} ${totals[v].toFixed(0)} us`).join(', ')}; node:http mount ${(underHono * 100).toFixed(0)}% under hono, Fastify ${(fastifyUnder * 100).toFixed(0)}% under the node mount (a clear margin: ${MARGIN * 100}%)`,
  );
  console.log(
    underHono >= MARGIN && fastifyUnder < MARGIN
      ? 'PASS: the node:http mount beats hono by a clear margin and Fastify does not beat it by one (kept: no framework dependency)'
      : underHono < MARGIN
        ? `MISS: the node:http mount is only ${(underHono * 100).toFixed(0)}% under hono`
        : `MISS: Fastify beats the node:http front by ${(fastifyUnder * 100).toFixed(0)}%`,
  );
} finally {
  for (const v of VARIANTS) servers[v]?.proc.kill('SIGTERM');
}
