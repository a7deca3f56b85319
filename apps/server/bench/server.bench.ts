// Benchmark of the bundled server under a loopback load generator (autocannon), in one run:
//  1. server CPU per request (and req/s, p50/p99) for init and action (default and view=lean) per game, next to
//     GET /hello of the same server (the same front: request id, metrics, JSON log line; rate limit off), the
//     hello and action runs alternated over BENCH_ROUNDS rounds after a warm-up, medians printed; the action
//     route replays recorded late-game traffic (traffic.ts);
//  2. the action route at a fixed 1,000 requests/s: the end-to-end p99 (autocannon's) and the in-handler p99
//     (the server's own histogram, first middleware to response written);
//  3. the server's resident memory, idle after start and peak (VmRSS sampled every 200 ms) over all the runs.
// The load generator (this process) and the server are pinned to different cores with taskset when the machine
// has two or more (the figures say so). The server runs as in production (NODE_OPTIONS as the Dockerfile sets).
// At the end every figure is printed beside its target (PASS/MISS by how much); for each missed route ratio (a
// game's default or view=lean) the server is run once more under a CPU profile on that route, and its top
// self-time functions printed. Also, for reference only, a hello world on bare node:http.
// Run: pnpm bench (BENCH_SECONDS=N per run, default 3; BENCH_ROUNDS=N, default 3; BENCH_GAMES=slug,... for some
// games only; BENCH_NODE_OPTIONS=... to measure other V8 flags than production's).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { buildBundleOutsideRepo, freePort, startBundle } from '../test/helpers/bundle.ts';
import { type Figure, printFigures, profileSummary } from './report.ts';
import { recordTraffic } from './traffic.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** What the Dockerfile and the systemd unit give node (deploy/Dockerfile). */
const PRODUCTION_NODE_OPTIONS = '--max-semi-space-size=4 --max-old-space-size=512';
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
const dataDirs: string[] = [];
const serverEnv = (nodeOptions: string) => ({
  STATE_SECRET: 'bench-secret-0123456789',
  RATE_LIMIT_RPS: '0',
  HELLO_ROUTE: '1',
  LOG_LEVEL: logLevel,
  NODE_OPTIONS: nodeOptions,
  DATA_DIR: dataDirs[dataDirs.push(mkdtempSync(join(tmpdir(), 'hearth-bench-data-'))) - 1]!,
});

/** Pins every thread of `pid` to `cpu` (taskset -a); false when taskset or a second core is missing. */
function pin(pid: number, cpu: number): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const server = await startBundle(bundle, serverEnv(process.env.BENCH_NODE_OPTIONS ?? PRODUCTION_NODE_OPTIONS));
const pid = server.proc.pid!;
// The server on core 1, this process (the load generator) on core 0.
const pinned = pin(pid, 1) && pin(process.pid, 0);
process.env.BENCH_PINNED = pinned ? 'server pinned to core 1, load generator to core 0' : 'not pinned (taskset or a second core missing)';
// Keep the log pipe drained without holding the lines.
server.proc.stdout?.removeAllListeners('data');
server.proc.stdout?.resume();
const idleRss = rssOf(pid);
let peakRss = idleRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOf(pid));
}, 200);

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
/** The run whose CPU per request is the median of `runs`. */
const medianRow = (runs: Row[]) => [...runs].sort((a, b) => a.cpuUs - b.cpuUs)[runs.length >> 1]!;
const blank = ' '.repeat(9);
const line = (r: Row, base: Row | null) =>
  console.log(
    `${r.name.padEnd(30)}${fmt(r.rps)}${fmt(r.p50, 2)}${fmt(r.p99, 2)}${base ? fmt(r.rps / base.rps, 2) : blank}${fmt(r.cpuUs)}${base ? fmt(base.cpuUs / r.cpuUs, 2) : blank}${fmt(r.errors)}`,
  );

try {
  const rows: { slug: string; hello: Row; init: Row; action: Row; lean: Row }[] = [];
  const fixed: Row[] = [];
  const inside: { slug: string; buckets: [string, number][] }[] = [];
  // Reference: the same hello world on bare node:http, in its own process (on the server's core), next to /hello.
  const port = await freePort();
  const bareScript = `require('node:http').createServer((q,s)=>{s.setHeader('content-type','text/plain');s.end('hello')}).listen(${port},'127.0.0.1')`;
  const bare = spawn(process.execPath, ['-e', bareScript], { stdio: 'ignore' });
  if (pinned) pin(bare.pid!, 1);
  await new Promise((r) => setTimeout(r, 500));
  await load('warm-up', pid, { url: `${server.url}/hello` });
  const firstHello = await load('GET /hello', pid, { url: `${server.url}/hello` });
  await load('warm-up', bare.pid!, { url: `http://127.0.0.1:${port}/` });
  const raw = await load('node:http hello (reference)', bare.pid!, { url: `http://127.0.0.1:${port}/` });
  bare.kill('SIGTERM');

  const traffic = await recordTraffic(server.url, fetch, process.env.BENCH_GAMES ? process.env.BENCH_GAMES.split(',') : undefined);
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
    const leanPost = { ...post, requests: post.requests.map((r) => ({ ...r, path: `${r.path}?view=lean` })) };
    const init = await load(`${slug} init`, pid, { url: `${server.url}/api/games/${slug}/init?seed=7` });
    // Warm-up, then hello, action and lean alternated, so a change in machine load hits every side of a ratio.
    await load('warm-up', pid, post);
    await load('warm-up', pid, leanPost);
    const runs: Record<'hello' | 'action' | 'lean', Row[]> = { hello: [], action: [], lean: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.hello.push(await load('GET /hello', pid, { url: `${server.url}/hello` }));
      runs.action.push(await load(`${slug} action`, pid, post));
      runs.lean.push(await load(`${slug} action view=lean`, pid, leanPost));
    }
    rows.push({ slug, init, hello: medianRow(runs.hello), action: medianRow(runs.action), lean: medianRow(runs.lean) });
    const before = await serverHistogram(server.url, slug);
    fixed.push(await load(`${slug} action @1000/s`, pid, { ...post, overallRate: 1000 }));
    const after = await serverHistogram(server.url, slug);
    inside.push({ slug, buckets: after.map(([le, n], i) => [le, n - (before[i]?.[1] ?? 0)] as [string, number]) });
  }

  console.log(
    `\nhearth server bench: ${SECONDS} s per run, ${ROUNDS} alternated rounds (medians), ${CONNECTIONS} connections, loopback, LOG_LEVEL=${logLevel}, ${process.env.BENCH_PINNED}`,
  );
  console.log(
    `${'route'.padEnd(30)}${['req/s', 'p50 ms', 'p99 ms', 'x hello', 'cpu us', 'x hello', 'non-2xx'].map((h) => h.padStart(9)).join('')}`,
  );
  console.log('(x hello: req/s ratio to GET /hello; cpu us: server CPU per request; then hello CPU / this CPU)');
  line(firstHello, firstHello);
  line(raw, firstHello);
  for (const { hello, init, action, lean } of rows) {
    line(hello, hello);
    line(init, hello);
    line(action, hello);
    line(lean, hello);
  }
  console.log('\nfixed rate: action route at 1,000 requests/s (end-to-end, from the load generator)');
  for (const r of fixed) line(r, null);
  // The same runs seen from inside the server (its own histogram: first middleware to response made, before
  // the bytes are written): separates the server's time from queueing in the kernel and the load generator's own delays.
  console.log('inside the server during those runs (from /metrics): p99 bucket, share of requests within 5 ms and 10 ms');
  const insideP99: number[] = [];
  for (const { slug, buckets } of inside) {
    const total = buckets.find(([le]) => le === '+Inf')?.[1] ?? 0;
    const p99 = buckets.find(([, n]) => n >= total * 0.99)?.[0] ?? '?';
    insideP99.push(Number(p99) * 1000);
    const within = (le: string) => (((buckets.find(([l]) => l === le)?.[1] ?? 0) / Math.max(1, total)) * 100).toFixed(2);
    console.log(
      `${`${slug} action @1000/s`.padEnd(30)} p99 <= ${p99} s, ${within('0.005')}% <= 5 ms, ${within('0.01')}% <= 10 ms (${total} requests)`,
    );
  }
  const mb = (b: number) => b / 1024 / 1024;
  console.log(`server RSS: idle ${mb(idleRss).toFixed(1)} MB after start, peak under load ${mb(peakRss).toFixed(1)} MB`);

  const figures: Figure[] = [];
  for (const { slug, hello, action, lean } of rows) {
    figures.push({
      name: `${slug}: action CPU ratio (hello / action)`,
      value: hello.cpuUs / action.cpuUs,
      unit: 'x',
      target: 0.25,
      want: 'above',
    });
    figures.push({
      name: `${slug}: view=lean CPU ratio (hello / lean)`,
      value: hello.cpuUs / lean.cpuUs,
      unit: 'x',
      target: 0.4,
      want: 'above',
    });
  }
  fixed.forEach((r, i) => {
    const slug = rows[i]!.slug;
    figures.push({ name: `${slug}: end-to-end p99 @1,000 req/s`, value: r.p99, unit: 'ms', target: 10, want: 'below' });
    figures.push({
      name: `${slug}: in-handler p99 @1,000 req/s (bucket bound)`,
      value: insideP99[i]!,
      unit: 'ms',
      target: 10,
      want: 'below',
    });
  });
  figures.push({ name: 'server RSS, idle after start', value: mb(idleRss), unit: 'MB', target: 150, want: 'below' });
  figures.push({ name: 'server RSS, peak under the bench load', value: mb(peakRss), unit: 'MB', target: 150, want: 'below' });
  printFigures('server bench figures', figures);

  // Where the time goes on every route that missed its ratio: the same traffic on a fresh server under a CPU
  // profile, one per game and view that missed (BENCH_PROFILE=0: none).
  const misses = rows.flatMap(({ slug, hello, action, lean }) => [
    ...(hello.cpuUs / action.cpuUs < 0.25 ? [{ slug, lean: false }] : []),
    ...(hello.cpuUs / lean.cpuUs < 0.4 ? [{ slug, lean: true }] : []),
  ]);
  if (process.env.BENCH_PROFILE !== '0') for (const miss of misses) await profileRoute(miss.slug, miss.lean);
} finally {
  clearInterval(sampler);
  await server.stop();
  rmSync(dirname(bundle), { recursive: true, force: true });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

/** Runs a fresh server under --cpu-prof on one game's recorded action traffic and prints its top self-time functions. */
async function profileRoute(slug: string, lean: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-prof-'));
  const profiled = await startBundle(bundle, serverEnv(PRODUCTION_NODE_OPTIONS), 60_000, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  profiled.proc.stdout?.resume();
  if (pinned) pin(profiled.proc.pid!, 1);
  const [recorded] = await recordTraffic(profiled.url, fetch, [slug]);
  const requests = recorded!.bodies.map((body) => ({
    method: 'POST' as const,
    path: `/api/games/${slug}/action${lean ? '?view=lean' : ''}`,
    headers: { 'content-type': 'application/json' },
    body,
  }));
  await autocannon({ url: profiled.url, requests, connections: CONNECTIONS, duration: SECONDS * 2 });
  await profiled.stop();
  // The main thread's profile is the largest (a worker thread writes its own).
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
  console.log(
    `\nCPU profile of the server on ${slug}'s action route${lean ? ' with view=lean' : ''} (whole process: start, recording and ${SECONDS * 2} s of load):`,
  );
  if (file) for (const l of profileSummary(join(dir, file), 12)) console.log(l);
  rmSync(dir, { recursive: true, force: true });
}
