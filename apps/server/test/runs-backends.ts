// Both back ends for the server's runs tests: a SQLite file in a temporary folder and, where PostgreSQL is
// installed, a database in a throwaway cluster (@hearth/store/pg-harness); skipped with a printed reason otherwise.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoreOptions } from '@hearth/store';
import { type PgCluster, startPostgres } from '@hearth/store/pg-harness';

export interface RunBackends {
  names: ('sqlite' | 'postgres')[];
  /** Options of a new, empty database of that kind. */
  fresh(name: 'sqlite' | 'postgres'): Promise<StoreOptions>;
  cluster: PgCluster | null;
  dispose(): Promise<void>;
}

export async function setupRunBackends(): Promise<RunBackends> {
  const started = await startPostgres();
  const cluster = 'skip' in started ? null : started;
  if ('skip' in started) console.warn(`skipping PostgreSQL run tests: ${started.skip}`);
  const dirs: string[] = [];
  return {
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
    async dispose() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      await cluster?.stop();
    },
  };
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
