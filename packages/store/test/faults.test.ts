// Database faults, each on a real PostgreSQL (the throwaway cluster) or a real SQLite file: a restart while a
// client is checked out, a stopped server, a frozen one (SIGSTOP), and a backup restored. The store must not
// crash the process, must answer within its timeouts with DatabaseUnavailableError, and must come back by itself.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DatabaseUnavailableError, openStore, type Store } from '../src/index.ts';
import { newRunId, RUN_ID_EPOCH_MS } from '../src/runs.ts';
import { run } from './backends.ts';
import { type PgCluster, startPostgres } from './pg-harness.ts';

const started = await startPostgres();
const skip = 'skip' in started ? started.skip : null;
if (skip) console.warn(`skipping the PostgreSQL fault tests: ${skip}`);
const cluster = skip ? null : (started as PgCluster);
const dirs: string[] = [];
afterAll(async () => {
  await cluster?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Retries `probe` (bounded) until it resolves; returns how many attempts it took. */
async function until(probe: () => Promise<unknown>, attempts = 200): Promise<number> {
  for (let i = 1; ; i++) {
    try {
      await probe();
      return i;
    } catch (error) {
      if (i >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const timeouts = { connectTimeoutMs: 800, acquireTimeoutMs: 1000, queryTimeoutMs: 700 };

describe.skipIf(!cluster)(`PostgreSQL faults${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('a restart while queries hold connections: no crash, the queries fail as unavailable, the store comes back', {
    timeout: 60_000,
  }, async () => {
    const errors: Error[] = [];
    const store = await openStore({ databaseUrl: await cluster!.createDatabase(), ...timeouts, onConnectionError: (e) => errors.push(e) });
    try {
      await store.runs.submit(run({ actions: [0] }));
      // Connections checked out (pg-pool has no idle listener on them) when the admin shutdown (57P01) arrives.
      // settled at once, so a rejection during the restart is never an unhandled one
      const busy = Promise.allSettled(
        Array.from({ length: 4 }, (_, i) => store.boards.page({ game: 'cragwake', board: 'all', limit: 10 + i })),
      );
      const holding = Promise.allSettled(Array.from({ length: 20 }, () => store.runs.count()));
      await cluster!.restart();
      for (const outcome of await busy) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DatabaseUnavailableError);
      }
      for (const outcome of await holding) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DatabaseUnavailableError);
      }
      const tries = await until(async () => {
        const health = await store.health();
        if (!health.ok) throw new Error(health.error);
      });
      expect(tries).toBeLessThan(200);
      expect(await store.runs.count()).toBe(1);
      const again = await store.runs.submit(run({ player: 'after', actions: [1] }));
      expect(again.status).toBe('stored');
    } finally {
      await store.close();
    }
  });

  it('a stopped server: every call rejects with DatabaseUnavailableError within the timeouts; back after a start', {
    timeout: 60_000,
  }, async () => {
    const store = await openStore({ databaseUrl: await cluster!.createDatabase(), ...timeouts, onConnectionError: () => {} });
    try {
      await store.runs.submit(run({ actions: [0] }));
      await cluster!.halt();
      try {
        for (const call of [() => store.runs.count(), () => store.runs.submit(run({ actions: [2] })), () => store.challenges.list()]) {
          const began = performance.now();
          await expect(call()).rejects.toBeInstanceOf(DatabaseUnavailableError);
          expect(performance.now() - began).toBeLessThan(timeouts.acquireTimeoutMs + 2_000);
        }
        const health = await store.health(500);
        expect(health.ok).toBe(false);
        expect(health.error).toMatch(/database is unavailable/);
      } finally {
        await cluster!.start();
      }
      await until(() => store.runs.count());
      expect(await store.runs.count()).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('a frozen server (SIGSTOP): calls give up within the query timeout, health within its own; back after SIGCONT', {
    timeout: 60_000,
  }, async () => {
    const store = await openStore({ databaseUrl: await cluster!.createDatabase(), ...timeouts, onConnectionError: () => {} });
    try {
      await store.runs.submit(run({ actions: [0] }));
      // Idle pooled connections that will now hang, and a new connection that would hang in the handshake.
      await Promise.all(Array.from({ length: 3 }, () => store.runs.count()));
      cluster!.freeze();
      try {
        const began = performance.now();
        const results = await Promise.allSettled(Array.from({ length: 6 }, () => store.runs.count()));
        const took = performance.now() - began;
        for (const r of results) expect(r.status === 'rejected' && r.reason instanceof DatabaseUnavailableError).toBe(true);
        // Query timeout + the client's extra second, or the connect/acquire timeout, whichever applied: bounded.
        expect(took).toBeLessThan(timeouts.queryTimeoutMs + 1_000 + timeouts.acquireTimeoutMs + 2_000);
        const h0 = performance.now();
        expect((await store.health(300)).ok).toBe(false);
        expect(performance.now() - h0).toBeLessThan(1_500);
      } finally {
        cluster!.thaw();
      }
      await until(() => store.runs.count());
      expect(await store.runs.count()).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('starting against a server that is down says it cannot reach it (not "migration failed")', async () => {
    const url = await cluster!.createDatabase();
    const port = new URL(url).port;
    const wrong = url.replace(`:${port}/`, ':1/');
    await expect(openStore({ databaseUrl: wrong, ...timeouts })).rejects.toThrow(/cannot reach the database at 127\.0\.0\.1:1\//);
  });
});

describe('a DATA_DIR that cannot be used', () => {
  it('refuses with a ConfigError naming DATA_DIR (no degraded start)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-ro-'));
    dirs.push(dir);
    // A file where the folder should be: it cannot be created or written, even as root.
    const blocked = join(dir, 'file');
    copyFileSync(import.meta.filename, blocked);
    await expect(openStore({ dataDir: join(blocked, 'data') })).rejects.toThrow(/^DATA_DIR .* cannot be used for the SQLite database/);
    await expect(openStore({ dataDir: join(blocked, 'data') })).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('run ids and claims', () => {
  it('ids are time-ordered, never from a counter in the data: a restored SQLite backup issues no old id again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-restore-'));
    dirs.push(dir);
    const file = join(dir, 'hearth.sqlite');
    let store: Store = await openStore({ dataDir: dir });
    const key = (await store.runs.submit(run({ actions: [0] }))) as { playerKey: string };
    await store.runs.submit(run({ actions: [1], key: key.playerKey }));
    await store.close();
    copyFileSync(file, join(dir, 'backup.sqlite'));
    store = await openStore({ dataDir: dir });
    const lost = new Set<number>();
    for (let i = 2; i < 12; i++) {
      const r = await store.runs.submit(run({ actions: [i], key: key.playerKey }));
      if (r.status === 'stored') lost.add(r.run.id);
    }
    expect(lost.size).toBe(10);
    await store.close();
    // The restore: the backup file back in place (WAL and shared memory of the newer file removed).
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    copyFileSync(join(dir, 'backup.sqlite'), file);
    store = await openStore({ dataDir: dir });
    try {
      expect(await store.runs.count()).toBe(2);
      for (let i = 2; i < 22; i++) {
        const r = await store.runs.submit(run({ actions: [i], key: key.playerKey }));
        expect(r.status).toBe('stored');
        if (r.status === 'stored') expect(lost.has(r.run.id)).toBe(false);
      }
    } finally {
      await store.close();
    }
  });

  it('newRunId: later milliseconds give larger ids, within 2^53 for centuries, distinct low bits in one millisecond', () => {
    const t = RUN_ID_EPOCH_MS + 400 * 86_400_000;
    expect(newRunId(t + 1)).toBeGreaterThan(newRunId(t));
    expect(Number.isSafeInteger(newRunId(Date.UTC(2300, 0, 1)))).toBe(true);
    const same = new Set(Array.from({ length: 64 }, () => newRunId(t)));
    expect(same.size).toBeGreaterThan(50);
  });

  it('a first claim with a key the client chose: no key in the answer, and a retry after a lost answer succeeds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-claim-'));
    dirs.push(dir);
    const store = await openStore({ dataDir: dir });
    try {
      const chosen = `hk_${'q'.repeat(10)}${Buffer.from('a key of my own making').toString('base64url')}`;
      const first = await store.runs.submit(run({ player: 'Bob', actions: [7], key: chosen }));
      expect(first.status).toBe('stored');
      expect(first).not.toHaveProperty('playerKey');
      // The answer was lost: the retry is the same run (a duplicate), then a next run with the same key.
      expect((await store.runs.submit(run({ player: 'Bob', actions: [7], key: chosen }))).status).toBe('duplicate');
      expect((await store.runs.submit(run({ player: 'bob', actions: [8], key: chosen }))).status).toBe('stored');
      expect(await store.runs.checkName('BOB', chosen)).toBe('ok');
      expect((await store.runs.submit(run({ player: 'Bob', actions: [9], key: `${chosen}x` }))).status).toBe('wrong_key');
      // A key too short to be a chosen one: the server makes one as before, shown once.
      const weak = await store.runs.submit(run({ player: 'Carol', actions: [1], key: 'hk_short' }));
      expect(weak).toMatchObject({ status: 'stored', playerKey: expect.stringMatching(/^hk_/) });
    } finally {
      await store.close();
    }
  });
});
