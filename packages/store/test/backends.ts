// Both back ends for one test file: a SQLite file in a temporary folder, and a database in a throwaway
// PostgreSQL cluster (skipped with a printed reason where PostgreSQL is not installed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NewRun, openStore, type Store, type StoreOptions } from '../src/index.ts';
import { type PgCluster, startPostgres } from './pg-harness.ts';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** Options that open the same database again (restart tests). */
  options: StoreOptions;
  open(): Promise<Store>;
}

export interface Backends {
  list: Backend[];
  /** Another empty database of the same kind. */
  fresh(name: 'sqlite' | 'postgres'): Promise<Backend>;
  dispose(): Promise<void>;
}

export async function setupBackends(): Promise<Backends> {
  const dirs: string[] = [];
  let cluster: PgCluster | null = null;
  const started = await startPostgres();
  if ('skip' in started) console.warn(`skipping PostgreSQL tests: ${started.skip}`);
  else cluster = started;
  const fresh = async (name: 'sqlite' | 'postgres'): Promise<Backend> => {
    if (name === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'hearth-store-'));
      dirs.push(dir);
      const options = { dataDir: dir };
      return { name, options, open: () => openStore(options) };
    }
    if (!cluster) throw new Error('no PostgreSQL');
    const options = { databaseUrl: await cluster.createDatabase() };
    return { name, options, open: () => openStore(options) };
  };
  const list = [await fresh('sqlite')];
  if (cluster) list.push(await fresh('postgres'));
  return {
    list,
    fresh,
    async dispose() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await cluster?.stop();
    },
  };
}

/** A run to store, with every field a plain default unless `over` says otherwise (the store tests' fixture). */
export const run = (over: Partial<NewRun>): NewRun => ({
  game: 'cragwake',
  seed: 1,
  actions: [{ type: 'a' }],
  player: 'alice',
  score: 10,
  turns: 1,
  gameOver: true,
  end: 'game_over',
  stateHash: 'h'.repeat(64),
  version: '1',
  ...over,
});
