// pnpm --filter @hearth/store bench: submissions/s and leaderboard reads/s on a SQLite file and on PostgreSQL
// (a throwaway cluster on loopback), with the cost of the replay that precedes a submission shown apart.
// Wall-clock rates with CONCURRENCY requests in flight; "cpu" is this process's CPU per operation (the
// PostgreSQL server's own CPU is another process and not in it). BENCH_RUNS / BENCH_READS scale the work.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import { type NewRun, openStore, type Store, type StoreOptions } from '../src/index.ts';
import { startPostgres } from '../test/pg-harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3000);
const READS = Number(process.env.BENCH_READS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function timed(n: number, op: (i: number) => Promise<unknown>) {
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await op(next++);
    }),
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: (n / ms) * 1000, cpuUs: (cpu.user + cpu.system) / n };
}

// A realistic action list: the longest Cragwake golden game, varied per run so every run is distinct.
const golden = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../cragwake/golden/greedy-seed-2026-to-no-move.replay.json', import.meta.url)), 'utf8'),
) as { seed: number; actions: unknown[] };
const newRun = (i: number, players: number): NewRun => ({
  game: 'cragwake',
  seed: i,
  actions: golden.actions,
  player: `player-${i % players}`,
  score: (i * 7919) % 50_000,
  turns: golden.actions.length,
  gameOver: true,
  end: 'game_over',
  stateHash: 'a'.repeat(64),
  version: '1',
});

async function bench(label: string, options: StoreOptions) {
  const store: Store = await openStore(options);
  // Claims first (one run per player), then keyed submissions: the steady state of a board.
  const players = Math.max(1, Math.floor(RUNS / 3));
  const keys = new Map<string, string>();
  for (let i = 0; i < players; i++) {
    const r = await store.runs.submit(newRun(i, players));
    if (r.status === 'stored' && r.playerKey) keys.set(`player-${i}`, r.playerKey);
  }
  const submit = await timed(RUNS, async (i) => {
    const run = newRun(players + i, players);
    const r = await store.runs.submit({ ...run, key: keys.get(run.player) });
    if (r.status !== 'stored') throw new Error(`submit: ${r.status}`);
  });
  const dup = await timed(RUNS, (i) => store.runs.findDuplicate('cragwake', players + i, golden.actions));
  const top = await timed(READS, () => store.boards.page({ game: 'cragwake', board: 'all', limit: 20 }));
  const kinds = await timed(READS, () => store.boards.page({ game: 'cragwake', board: 'all', kind: 'human', limit: 100 }));
  const count = await store.runs.count();
  await store.close();
  const f = (x: number) => x.toFixed(0).padStart(7);
  console.log(
    `${label.padEnd(9)} runs ${String(count).padStart(6)} players ${String(players).padStart(5)} | submit ${f(submit.perSecond)}/s cpu ${f(submit.cpuUs)} us` +
      ` | duplicate check ${f(dup.perSecond)}/s | board top 20 ${f(top.perSecond)}/s cpu ${f(top.cpuUs)} us | filtered board (kind, 100 rows) ${f(kinds.perSecond)}/s`,
  );
}

// The replay a submission needs first (in the server it runs on a worker thread): per game, one golden run.
const game = (await registry.load('cragwake'))!;
for (let i = 0; i < 20; i++) replay(game, golden.seed, golden.actions); // warm-up
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const reps = 200;
for (let i = 0; i < reps; i++) replay(game, golden.seed, golden.actions);
const replayMs = (performance.now() - t0) / reps;
const replayCpu = process.cpuUsage(cpu0);
console.log(
  `replay    cragwake ${golden.actions.length} actions: ${replayMs.toFixed(2)} ms wall, ${((replayCpu.user + replayCpu.system) / reps / 1000).toFixed(2)} ms cpu per run (${(1000 / replayMs).toFixed(0)} replays/s per thread)`,
);

const dir = mkdtempSync(join(tmpdir(), 'hearth-store-bench-'));
try {
  await bench('sqlite', { dataDir: dir });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pg = await startPostgres();
if ('skip' in pg) console.log(`postgres  skipped: ${pg.skip}`);
else {
  try {
    await bench('postgres', { databaseUrl: await pg.createDatabase() });
  } finally {
    await pg.stop();
  }
}
