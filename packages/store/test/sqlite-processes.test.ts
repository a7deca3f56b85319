// Several processes on one SQLite file (the server's WORKERS=N): concurrent submit transactions wait for each
// other instead of failing with SQLITE_BUSY, and nothing is lost.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../src/index.ts';
import { migrationProvider } from '../src/migrations/index.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'hearth-procs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const child = fileURLToPath(new URL('./fixtures/submit-many.ts', import.meta.url));

it('four processes opening one new SQLite file at once all migrate it (one applies, the others wait or retry)', {
  timeout: 120_000,
}, async () => {
  const fresh = join(dir, 'fresh');
  const opener = fileURLToPath(new URL('./fixtures/open-only.ts', import.meta.url));
  const outs = await Promise.all([1, 2, 3, 4].map(() => run(process.execPath, ['--import', 'tsx', opener, fresh])));
  const latest = Object.keys(await migrationProvider('sqlite').getMigrations())
    .sort()
    .pop();
  expect(outs.map((o) => o.stdout)).toEqual([latest, latest, latest, latest]);
});

it('three processes submitting to one SQLite file at once', { timeout: 120_000 }, async () => {
  // Migrate once first, as a server's first start would.
  await (await openStore({ dataDir: dir })).close();
  const outs = await Promise.all(['a', 'b', 'c'].map((who) => run(process.execPath, ['--import', 'tsx', child, dir, who, '150'])));
  const totals: Record<string, number> = {};
  for (const { stdout } of outs)
    for (const [k, v] of Object.entries(JSON.parse(stdout) as Record<string, number>)) totals[k] = (totals[k] ?? 0) + v;
  // Each of the 10 names is claimed by exactly one process; the others' runs under it need the key they lack.
  const store = await openStore({ dataDir: dir });
  try {
    expect(totals.stored).toBe(await store.runs.count());
    expect((totals.stored ?? 0) + (totals.key_required ?? 0)).toBe(450);
    expect(totals.stored).toBeGreaterThanOrEqual(150);
    const board = await store.boards.page({ game: 'cragwake', board: 'all', limit: 100 });
    expect(board.rows).toHaveLength(10);
  } finally {
    await store.close();
  }
});
