// The action route inside the server, without sockets: the server's one handler under the in-process adapter (the same middleware as in
// production: request id, metrics, rate limit off, the request log at LOG_LEVEL, default silent here) on the
// bench's recorded late-game bodies, CPU per request next to GET /hello through the same handler, alternated
// after a warm-up. Also: GC's share of that CPU, and the bytes of each response form per step (median, max),
// the lean form also without its state (the target: <= 1.5 KB plus the state, 2.5 KB for Lantern Volley).
// Run: npx tsx bench/handler.bench.ts (part of pnpm bench). HANDLER_ROUNDS=N (default 5); HANDLER_GAMES=a,b to
// measure only those; HANDLER_PROFILE=file.cpuprofile writes a CPU profile of the measured rounds (not the
// recording), whose self time by function and "(garbage collector)" share say where the time goes.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { registry } from '@hearth/games';
import { createServer } from '../src/server.ts';
import { type Figure, printFigures } from './report.ts';
import { recordTraffic } from './traffic.ts';

const ROUNDS = Number(process.env.HANDLER_ROUNDS ?? 5);
const BASE = 'http://bench.local';
const LEAN_EXTRA: Record<string, number> = { 'lantern-volley': 2500 };
const LEAN_DEFAULT = 1500;

const server = await createServer({
  registry,
  secret: 'bench-secret-0123456789',
  logLevel: process.env.LOG_LEVEL ?? 'silent',
  rateLimit: false,
  webDist: null,
  helloRoute: true,
  replay: { threads: 1 },
});
const call = (url: string, init?: RequestInit) => server.request(url, init);

let gcMs = 0;
const gc = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gc.observe({ entryTypes: ['gc'] });

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** CPU us per request and GC ms over `n` calls of `make`. */
async function measure(n: number, make: (i: number) => Promise<Response>): Promise<{ cpu: number; gc: number }> {
  // GC entries reach the observer in a task of their own: let them arrive before reading the sum.
  const settle = () => new Promise((r) => setTimeout(r, 0));
  await settle();
  const gc0 = gcMs;
  const c0 = cpuUs();
  for (let i = 0; i < n; i++) await (await make(i)).arrayBuffer();
  const cpu = (cpuUs() - c0) / n;
  await settle();
  return { cpu, gc: gcMs - gc0 };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const middle = (xs: number[]) => quantile(xs, 0.5);
const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

const profileFile = process.env.HANDLER_PROFILE;
const inspector = profileFile ? new Session() : null;

try {
  const only = process.env.HANDLER_GAMES?.split(',');
  const traffic = await recordTraffic(BASE, call, only ?? registry.slugs);
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const leanServed = (await call(`${BASE}/api/games/${traffic[0]!.slug}/init?view=lean`)).status === 200;
  const forms = leanServed ? (['full', 'compact', 'lean'] as const) : (['full', 'compact'] as const);
  console.log(`sealed path in the handler (no sockets), CPU us per request, median of ${ROUNDS} alternated rounds`);
  console.log(
    `${'game'.padEnd(16)}${['hello', ...forms.flatMap((f) => [f, 'x hello'])].map((h) => h.padStart(9)).join('')}${'gc %'.padStart(9)}`,
  );
  const sizes: string[] = [];
  const figures: Figure[] = [];
  for (const { slug, bodies } of traffic) {
    const post = (form: string) => (i: number) =>
      call(`${BASE}/api/games/${slug}/action${form === 'full' ? '' : `?view=${form}`}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodies[i % bodies.length],
      });
    const hello = () => call(`${BASE}/hello`);
    const n = bodies.length;
    // Warm-up: every body once in every form.
    await measure(n * 4, () => hello());
    for (const form of forms) await measure(n, post(form));
    const per: Record<string, number[]> = { hello: [], full: [], compact: [], lean: [] };
    let gcFull = 0;
    let cpuFull = 0;
    for (let r = 0; r < ROUNDS; r++) {
      per.hello!.push((await measure(n * 2, hello)).cpu);
      for (const form of forms) {
        const m = await measure(n, post(form));
        per[form]!.push(m.cpu);
        if (form === 'full') {
          gcFull += m.gc;
          cpuFull += (m.cpu * n) / 1000;
        }
      }
    }
    const h = middle(per.hello!);
    console.log(
      `${slug.padEnd(16)}${fmt(h)}${forms.map((f) => `${fmt(middle(per[f]!))}${fmt(h / middle(per[f]!), 2)}`).join('')}${fmt((gcFull / cpuFull) * 100)}`,
    );
    // Bytes per step of each form over the recorded bodies.
    const row: string[] = [];
    for (const form of forms) {
      const lengths: number[] = [];
      const withoutState: number[] = [];
      for (let i = 0; i < n; i++) {
        const text = await (await post(form)(i)).text();
        lengths.push(Buffer.byteLength(text));
        const body = JSON.parse(text);
        const carried = body.stateToken ?? body.state;
        withoutState.push(Buffer.byteLength(text) - Buffer.byteLength(JSON.stringify(carried ?? null)));
      }
      row.push(`${form} ${middle(lengths)}/${quantile(lengths, 1)}`);
      if (form === 'lean') {
        const goal = LEAN_EXTRA[slug] ?? LEAN_DEFAULT;
        row.push(`lean without its state ${middle(withoutState)}/${quantile(withoutState, 1)} (target <= ${goal})`);
        figures.push({
          name: `${slug}: lean step bytes beyond the state (max)`,
          value: quantile(withoutState, 1),
          unit: 'B',
          target: goal,
          want: 'atMost',
        });
      }
    }
    sizes.push(`${slug.padEnd(16)}${row.join(', ')}`);
  }
  if (inspector && profileFile) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    inspector.disconnect();
  }
  console.log('(x hello: hello CPU / this CPU, target >= 0.25 full and >= 0.40 lean; gc %: GC time / CPU of the full-form runs)');
  console.log('\nbytes per step, median/max:');
  for (const line of sizes) console.log(line);
  printFigures('lean response figures (target: at most 1,500 B beyond the state, 2,500 B for Lantern Volley)', figures);
} finally {
  gc.disconnect();
  await server.dispose();
}
