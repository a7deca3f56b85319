// Benchmark of the bundled server under a loopback load generator (autocannon), in one run:
//  1. requests/s and p50/p99 for init and action (default and view=lean) per game, next to the bare GET /hello of the same server
//     (the action route replays recorded late-game traffic: see traffic.ts)
//     (same middleware: request id, rate limit off, metrics, JSON log line), printed as a ratio;
//  2. p99 of the action route at a fixed 1,000 requests/s;
//  3. the server's resident memory (peak VmRSS) under that load.
// Also the server's CPU time per request (steadier than req/s on a shared machine), and, for reference only,
// a hello world on bare node:http (to weigh the framework's own cost).
// Run: pnpm bench (BENCH_SECONDS=N to change the length of each run, default 5).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import autocannon from 'autocannon';
import { buildBundleOutsideRepo, freePort, startBundle } from '../test/helpers/bundle.ts';
import { recordTraffic } from './traffic.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time (user + system) per request, microseconds. */
  cpuUs: number;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** utime + stime of a process in seconds (from /proc, clock ticks at 100 Hz). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(name: string, pid: number, opts: autocannon.Options): Promise<Row> {
  const cpu0 = cpuSeconds(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const cpuUs = ((cpuSeconds(pid) - cpu0) / Math.max(1, result.requests.total)) * 1e6;
  const errors = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, cpuUs };
}

/** Cumulative buckets [le, count] of the server's action-route latency histogram for one game. */
async function serverHistogram(url: string, slug: string): Promise<[string, number][]> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const labels = `route="/api/games/:slug/action",game="${slug}"`;
  return text
    .split('\n')
    .filter((l) => l.startsWith('hearth_http_request_duration_seconds_bucket{') && l.includes(labels))
    .map((l) => [/le="([^"]+)"/.exec(l)?.[1] ?? '?', Number(l.slice(l.lastIndexOf(' ') + 1))]);
}

const logLevel = process.env.LOG_LEVEL ?? 'info';
const bundle = buildBundleOutsideRepo();
const server = await startBundle(bundle, {
  STATE_SECRET: 'bench-secret-0123456789',
  RATE_LIMIT_RPS: '0',
  HELLO_ROUTE: '1',
  LOG_LEVEL: logLevel,
});
const pid = server.proc.pid!;
// Keep the log pipe drained without holding the lines.
server.proc.stdout?.removeAllListeners('data');
server.proc.stdout?.resume();
const idleRss = rssOf(pid);
let peakRss = idleRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOf(pid));
}, 200);

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
const blank = ' '.repeat(9);
const line = (r: Row, base: Row | null) =>
  console.log(
    `${r.name.padEnd(30)}${fmt(r.rps)}${fmt(r.p50, 2)}${fmt(r.p99, 2)}${base ? fmt(r.rps / base.rps, 2) : blank}${fmt(r.cpuUs)}${base ? fmt(base.cpuUs / r.cpuUs, 2) : blank}${fmt(r.errors)}`,
  );

try {
  const rows: { hello: Row; init: Row; action: Row; lean: Row }[] = [];
  const fixed: Row[] = [];
  const inside: { slug: string; buckets: [string, number][] }[] = [];
  // Reference: the same hello world on bare node:http, in its own process, measured next to /hello.
  const port = await freePort();
  const bareScript = `require('node:http').createServer((q,s)=>{s.setHeader('content-type','text/plain');s.end('hello')}).listen(${port},'127.0.0.1')`;
  const bare = spawn(process.execPath, ['-e', bareScript], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  const firstHello = await load('GET /hello (bare)', pid, { url: `${server.url}/hello` });
  const raw = await load('node:http hello (reference)', bare.pid!, { url: `http://127.0.0.1:${port}/` });
  bare.kill('SIGTERM');

  const traffic = await recordTraffic(server.url);
  for (const { slug, bodies, games } of traffic) {
    console.log(
      `${slug}: ${bodies.length} recorded action bodies from turns ${games.map((g) => `${g.from}-${g.turns} (seed ${g.seed})`).join(', ')}`,
    );
    // Every connection walks the recorded bodies in order and starts over (autocannon's request sequence).
    const post = {
      url: server.url,
      requests: bodies.map((body) => ({
        method: 'POST' as const,
        path: `/api/games/${slug}/action`,
        headers: { 'content-type': 'application/json' },
        body,
      })),
    };
    // The bare route is measured right before each game, so a change in machine load hits both sides of the ratio.
    const hello = await load('GET /hello (bare)', pid, { url: `${server.url}/hello` });
    const init = await load(`${slug} init`, pid, { url: `${server.url}/api/games/${slug}/init?seed=7` });
    const act = await load(`${slug} action`, pid, post);
    const lean = await load(`${slug} action view=lean`, pid, {
      ...post,
      requests: post.requests.map((r) => ({ ...r, path: `${r.path}?view=lean` })),
    });
    rows.push({ hello, init, action: act, lean });
    const before = await serverHistogram(server.url, slug);
    fixed.push(await load(`${slug} action @1000/s`, pid, { ...post, overallRate: 1000 }));
    const after = await serverHistogram(server.url, slug);
    inside.push({ slug, buckets: after.map(([le, n], i) => [le, n - (before[i]?.[1] ?? 0)] as [string, number]) });
  }

  console.log(`\nhearth server bench: ${SECONDS} s per run, ${CONNECTIONS} connections, loopback, LOG_LEVEL=${logLevel}`);
  console.log(
    `${'route'.padEnd(30)}${['req/s', 'p50 ms', 'p99 ms', 'x hello', 'cpu us', 'x hello', 'non-2xx'].map((h) => h.padStart(9)).join('')}`,
  );
  console.log('(x hello: req/s ratio to the /hello run just before; cpu us: server CPU per request; then hello CPU / this CPU)');
  line(firstHello, firstHello);
  line(raw, firstHello);
  for (const { hello, init, action, lean } of rows) {
    line(hello, hello);
    line(init, hello);
    line(action, hello);
    line(lean, hello);
  }
  console.log('\nfixed rate: action route at 1,000 requests/s (target p99 < 10 ms)');
  for (const r of fixed) line(r, null);
  // The same runs seen from inside the server (its own histogram: first middleware to response made, before
  // the bytes are written):
  // separates the server's time from queueing in the kernel and the load generator's own delays.
  console.log('inside the server during those runs (from /metrics): p99 bucket, share of requests within 5 ms and 10 ms');
  for (const { slug, buckets } of inside) {
    const total = buckets.find(([le]) => le === '+Inf')?.[1] ?? 0;
    const p99 = buckets.find(([, n]) => n >= total * 0.99)?.[0] ?? '?';
    const within = (le: string) => (((buckets.find(([l]) => l === le)?.[1] ?? 0) / Math.max(1, total)) * 100).toFixed(2);
    console.log(
      `${`${slug} action @1000/s`.padEnd(30)} p99 <= ${p99} s, ${within('0.005')}% <= 5 ms, ${within('0.01')}% <= 10 ms (${total} requests)`,
    );
  }
  const byRps = Math.min(...rows.map((r) => r.action.rps / r.hello.rps));
  const byCpu = Math.min(...rows.map((r) => r.hello.cpuUs / r.action.cpuUs));
  const leanCpu = Math.min(...rows.map((r) => r.hello.cpuUs / r.lean.cpuUs));
  console.log(`\naction / bare, lowest game: ${byRps.toFixed(2)} by req/s, ${byCpu.toFixed(2)} by server CPU per request (target >= 0.25)`);
  console.log(`action view=lean / bare, lowest game: ${leanCpu.toFixed(2)} by server CPU per request (target >= 0.40)`);
  console.log(
    `server RSS: idle ${(idleRss / 1024 / 1024).toFixed(1)} MB after start, peak under load ${(peakRss / 1024 / 1024).toFixed(1)} MB (target < 150 MB)`,
  );
} finally {
  clearInterval(sampler);
  await server.stop();
  rmSync(dirname(bundle), { recursive: true, force: true });
}
