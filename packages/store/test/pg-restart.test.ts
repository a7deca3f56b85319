// A PostgreSQL restart cuts every pooled connection: the store must neither crash the process (an unhandled
// 'error' from an idle client) nor stay broken afterwards.
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../src/index.ts';
import { type PgCluster, startPostgres } from './pg-harness.ts';

const started = await startPostgres();
const skip = 'skip' in started ? started.skip : null;
if (skip) console.warn(`skipping the PostgreSQL restart test: ${skip}`);
const cluster = skip ? null : (started as PgCluster);
afterAll(() => cluster?.stop());

it.skipIf(!cluster)(`survives a database restart${skip ? ` (skipped: ${skip})` : ''}`, { timeout: 60_000 }, async () => {
  const errors: Error[] = [];
  const store = await openStore({ databaseUrl: await cluster!.createDatabase(), onConnectionError: (e) => errors.push(e) });
  try {
    await store.games.create({ id: 'before', owner: 'o', slug: 'cragwake', seed: 1, wire: 'w', actions: [], turns: 0 });
    // Several idle connections in the pool when the server goes away.
    await Promise.all(Array.from({ length: 5 }, () => store.games.get('before')));
    await cluster!.restart();
    for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(errors.length).toBeGreaterThan(0);
    // The next queries get fresh connections.
    let health = await store.health();
    for (let i = 0; i < 20 && !health.ok; i++) health = await store.health();
    expect(health.ok).toBe(true);
    expect((await store.games.get('before'))?.wire).toBe('w');
  } finally {
    await store.close();
  }
});
