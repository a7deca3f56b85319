// Both back ends for the server's runs tests: a SQLite file in a temporary folder and, where PostgreSQL is
// installed, a database in a throwaway cluster (@hearth/store/testing); skipped with a printed reason otherwise.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore, type Store, type StoreOptions } from '@hearth/store';
import { type PgCluster, startPostgres } from '@hearth/store/testing';
import type { ServerOptions } from '../src/server.ts';
import { startServer } from './helpers/start.ts';

export interface RunBackends {
  names: ('sqlite' | 'postgres')[];
  /** Options of a new, empty database of that kind. */
  fresh(name: 'sqlite' | 'postgres'): Promise<StoreOptions>;
  /**
   * A test server over a store on a new, empty database of that kind; both are closed by dispose(). `runs` adds
   * to the runs options (the store, perPlayer off), `extra` to the server's.
   */
  serve(
    name: 'sqlite' | 'postgres',
    runs?: Record<string, unknown>,
    extra?: Partial<ServerOptions>,
  ): Promise<{ store: Store; url: string }>;
  cluster: PgCluster | null;
  dispose(): Promise<void>;
}

export async function setupRunBackends(): Promise<RunBackends> {
  const started = await startPostgres();
  const cluster = 'skip' in started ? null : started;
  if ('skip' in started) console.warn(`skipping PostgreSQL run tests: ${started.skip}`);
  const dirs: string[] = [];
  const open: { store: Store; close(): Promise<void> }[] = [];
  const backends: RunBackends = {
    names: cluster ? ['sqlite', 'postgres'] : ['sqlite'],
    cluster,
    async fresh(name) {
      if (name === 'postgres') {
        if (!cluster) throw new Error('no PostgreSQL');
        return { databaseUrl: await cluster.createDatabase() };
      }
      const dir = mkdtempSync(join(tmpdir(), 'hearth-runs-'));
      dirs.push(dir);
      return { dataDir: dir };
    },
    async serve(name, runs = {}, extra = {}) {
      const store = await openStore(await backends.fresh(name));
      const server = await startServer({ runs: { store, perPlayer: false, ...runs }, ...extra });
      open.push({ store, close: server.close });
      return { store, url: server.url };
    },
    async dispose() {
      for (const o of open) {
        await o.close();
        await o.store.close();
      }
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      await cluster?.stop();
    },
  };
  return backends;
}

export interface Golden {
  slug: string;
  seed: number;
  actions: unknown[];
  score: number;
  stateHash: string;
}

/** A checked-in golden replay of a real game (a known-good action list). */
export function golden(slug: string, file: string): Golden {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../../packages/${slug}/golden/${file}`, import.meta.url)), 'utf8'));
}
