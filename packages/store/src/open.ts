import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { createBoardStore } from './boards.ts';
import { createChallengeStore } from './challenges.ts';
import { migrationProvider } from './migrations/index.ts';
import { createRunStore } from './runs.ts';
import type { Database, Dialect } from './schema.ts';
import { createScorecardStore } from './scorecards.ts';
import { createGameSessionStore } from './sessions.ts';
import { sqliteNativeBinding } from './sqlite-binding.ts';
import type { Store } from './store.ts';

export interface StoreOptions {
  /** postgres://user:pass@host:port/db: use PostgreSQL. Without it, a SQLite file. */
  databaseUrl?: string;
  /** Folder of the SQLite file (created if missing); default ./data. */
  dataDir?: string;
  /** SQLite file name inside dataDir; default hearth.sqlite. */
  fileName?: string;
  /** PostgreSQL pool size per process; default 10. */
  poolSize?: number;
  /**
   * Called when an idle PostgreSQL connection fails (server restart, network): the pool drops it and opens
   * another on the next query. Default: one line on stderr. (Unhandled, pg would crash the process.)
   */
  onConnectionError?: (error: Error) => void;
  /** Path of better-sqlite3's native addon (SQLITE_NATIVE_BINDING; default: found, see sqlite-binding.ts). */
  sqliteNativeBinding?: string;
}

/** DATABASE_URL and DATA_DIR, as the server and the MCP server read them. */
export function storeOptionsFromEnv(env: NodeJS.ProcessEnv): StoreOptions {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || undefined };
}

/** Opens the database, applies every pending migration, and returns the Store. */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  let dialect: Dialect;
  let db: Kysely<Database>;
  let where: string;
  let releaseLock = () => {};
  if (options.databaseUrl) {
    dialect = 'postgres';
    const url = new URL(options.databaseUrl);
    where = `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // bigint columns (seeds, times, counts) as numbers: every value stored here is within 2^53.
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    pool.on(
      'error',
      options.onConnectionError ?? ((e) => process.stderr.write(`hearth store: idle PostgreSQL connection failed: ${e.message}\n`)),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const dir = resolve(options.dataDir ?? 'data');
    mkdirSync(dir, { recursive: true });
    where = resolve(dir, options.fileName ?? 'hearth.sqlite');
    const nativeBinding = sqliteNativeBinding(options.sqliteNativeBinding);
    // Never fall back to better-sqlite3's own lookup: inside an ES module bundle it crashes the process.
    if (!nativeBinding) {
      throw new Error('better-sqlite3 native addon not found: set SQLITE_NATIVE_BINDING or put better_sqlite3.node beside the bundle');
    }
    // Processes opening one file together (WORKERS=N) take turns: kysely's migrator has no lock on SQLite, so
    // an exclusive transaction on a lock file beside it serialises everything up to the end of the migrations.
    const lock = new BetterSqlite3(`${where}.migrate-lock`, { nativeBinding });
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE');
    releaseLock = () => {
      lock.exec('COMMIT');
      lock.close();
    };
    let file: BetterSqlite3.Database;
    try {
      file = new BetterSqlite3(where, { nativeBinding });
      file.pragma('busy_timeout = 5000');
      // WAL: readers never wait for the writer; NORMAL sync is durable across process crashes in WAL mode.
      file.pragma('journal_mode = WAL');
      file.pragma('synchronous = NORMAL');
      file.pragma('foreign_keys = ON');
    } catch (error) {
      releaseLock();
      throw error;
    }
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  let migrated: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    migrated = await migrator.migrateToLatest();
  } finally {
    releaseLock();
  }
  const { error, results } = migrated;
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
  const migrations = await migrator.getMigrations();
  const latest = migrations.filter((m) => m.executedAt).pop()?.name ?? null;

  return {
    kind: dialect,
    runs: createRunStore(db),
    boards: createBoardStore(db),
    challenges: createChallengeStore(db),
    scorecards: createScorecardStore(db),
    games: createGameSessionStore(db),
    async health() {
      const started = performance.now();
      try {
        await sql`select 1`.execute(db);
        return { ok: true, kind: dialect, ms: Math.round((performance.now() - started) * 100) / 100, where, migration: latest };
      } catch (e) {
        const ms = Math.round((performance.now() - started) * 100) / 100;
        return { ok: false, kind: dialect, ms, where, migration: latest, error: (e as Error).message };
      }
    },
    close: () => db.destroy(),
  };
}
