import { accessSync, constants, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type LogEvent, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { createBoardStore } from './boards.ts';
import { createChallengeStore } from './challenge-store.ts';
import { ConfigError, DatabaseUnavailableError, guarded, isUnavailable, mapStoreError } from './errors.ts';
import { migrationProvider } from './migrations/index.ts';
import { createPlayStore } from './plays.ts';
import { createRunStore } from './runs.ts';
import type { Database, Dialect } from './schema.ts';
import { createScorecardStore } from './scorecards.ts';
import { createGameSessionStore } from './sessions.ts';
import { sqliteNativeBinding } from './sqlite-binding.ts';
import type { PoolStats, Store } from './store.ts';

export interface StoreOptions {
  /** postgres://user:pass@host:port/db (or postgresql://): use PostgreSQL. Without it, a SQLite file. */
  databaseUrl?: string;
  /** Folder of the SQLite file (created if missing; must be writable); default ./data. */
  dataDir?: string;
  /** SQLite file name inside dataDir; default hearth.sqlite. */
  fileName?: string;
  /** PostgreSQL pool size per process; default 10 (DB_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL: most time opening one connection may take (DB_CONNECT_TIMEOUT_MS, default 5000). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: most time a query waits for a connection, a free one from the pool or a new one
   * (DB_ACQUIRE_TIMEOUT_MS, default 5000).
   */
  acquireTimeoutMs?: number;
  /**
   * PostgreSQL: most time one statement may run (DB_QUERY_TIMEOUT_MS, default 5000): the server cancels it
   * (statement_timeout), and the client gives up 1 s later if the server does not answer at all (frozen).
   */
  queryTimeoutMs?: number;
  /**
   * Called when a PostgreSQL connection fails outside a query (server restart, network), idle in the pool or
   * checked out: the pool drops it and opens another on the next query. Default: one line on stderr. Every
   * client has this listener for its whole life (unhandled, pg's 'error' event would crash the process).
   */
  onConnectionError?: (error: Error) => void;
  /** Called after every statement with its duration in seconds and whether it failed (query-latency metrics). */
  onQuery?: (seconds: number, failed: boolean) => void;
  /** Path of better-sqlite3's native addon (SQLITE_NATIVE_BINDING; default: found, see sqlite-binding.ts). */
  sqliteNativeBinding?: string;
}

export const DEFAULT_DB_TIMEOUTS = { connectTimeoutMs: 5_000, acquireTimeoutMs: 5_000, queryTimeoutMs: 5_000 };

const positiveInt = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a whole number of at least 1, got ${JSON.stringify(raw)}`);
  return n;
};

/** The schemes DATABASE_URL may have; anything else is refused rather than tried as PostgreSQL. */
const PG_SCHEMES = new Set(['postgres:', 'postgresql:']);

/** Checks a DATABASE_URL: a postgres:// or postgresql:// URL with a host, or a ConfigError naming the variable. */
export function checkDatabaseUrl(raw: string, name = 'DATABASE_URL'): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a URL: expected postgres://user:password@host:5432/database`);
  }
  if (!PG_SCHEMES.has(url.protocol)) {
    throw new ConfigError(
      `${name} has the scheme ${JSON.stringify(url.protocol.replace(/:$/, ''))}: only postgres:// and postgresql:// are supported (unset it for the SQLite file under DATA_DIR)`,
    );
  }
  if (!url.hostname && !url.searchParams.get('host'))
    throw new ConfigError(`${name} names no host: expected postgres://user:password@host:5432/database`);
}

/** DATABASE_URL, DATA_DIR and the DB_* pool settings, as the server and the MCP server read them (ConfigError on a bad value). */
export function storeOptionsFromEnv(env: NodeJS.ProcessEnv): StoreOptions {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl) checkDatabaseUrl(databaseUrl);
  const options: StoreOptions = { databaseUrl, dataDir: env.DATA_DIR || undefined };
  const set = <K extends keyof StoreOptions>(key: K, value: StoreOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('poolSize', positiveInt(env, 'DB_POOL_SIZE'));
  set('connectTimeoutMs', positiveInt(env, 'DB_CONNECT_TIMEOUT_MS'));
  set('acquireTimeoutMs', positiveInt(env, 'DB_ACQUIRE_TIMEOUT_MS'));
  set('queryTimeoutMs', positiveInt(env, 'DB_QUERY_TIMEOUT_MS'));
  return options;
}

/** Where the database is, for operators' logs: host:port/database (never the password), or the SQLite file. */
export function describeDatabase(options: StoreOptions): string {
  if (!options.databaseUrl) return resolve(options.dataDir ?? 'data', options.fileName ?? 'hearth.sqlite');
  try {
    const url = new URL(options.databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

interface Opened {
  db: Kysely<Database>;
  stats: () => PoolStats | null;
  releaseLock: () => void;
}

/**
 * The PostgreSQL driver is imported only here, when a DATABASE_URL is configured: a server on the SQLite file never
 * loads it (about 11 MB of the process). Bundles contain it (esbuild keeps a dynamic import of a package inside the
 * file), so nothing is resolved at run time.
 */
async function openPostgres(options: StoreOptions, log: (event: LogEvent) => void): Promise<Opened> {
  const { default: pg } = await import('pg');
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_DB_TIMEOUTS.connectTimeoutMs;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_DB_TIMEOUTS.acquireTimeoutMs;
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_DB_TIMEOUTS.queryTimeoutMs;
  const max = options.poolSize ?? 10;
  const onError =
    options.onConnectionError ?? ((e: Error) => process.stderr.write(`hearth store: a PostgreSQL connection failed: ${e.message}\n`));
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cancels a statement that runs too long; the client stops waiting a second later, when the
    // server cannot even cancel (frozen, or the network dropped without a reset).
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1_000,
    idle_in_transaction_session_timeout: Math.max(10_000, queryTimeoutMs * 2),
    // A peer that vanished without a FIN is noticed by TCP keep-alive, not only by the next query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // bigint columns (seeds, times, counts, run ids) as numbers: every value stored here is within 2^53.
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // Idle clients report through the pool; a checked-out client's 'error' (57P01 on a restart while a query
  // holds it) has no pool listener at that moment, so every client gets its own for its whole life.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));

  // What kysely sees as the pool: acquisition is bounded, and a connection that failed at the connection level
  // (reset, terminated, a timed-out query still pending on it) is destroyed on release instead of reused.
  const guardedPool = {
    async connect() {
      let timer: NodeJS.Timeout | undefined;
      const pending = pool.connect();
      const client = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new DatabaseUnavailableError(new Error(`no database connection within ${acquireTimeoutMs} ms`))),
            acquireTimeoutMs,
          );
        }),
      ])
        .catch((error) => {
          // A connection that arrives after we gave up goes straight back.
          pending.then(
            (late) => late.release(),
            () => {},
          );
          throw error;
        })
        .finally(() => clearTimeout(timer));
      let broken = false;
      return {
        query: async (text: string, values: unknown[]) => {
          try {
            return await client.query(text, values);
          } catch (error) {
            if (isUnavailable(error)) broken = true;
            throw error;
          }
        },
        release: (destroy?: boolean) => client.release(destroy || broken ? true : undefined),
      };
    },
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: guardedPool as unknown as pg.Pool }),
    log,
  });
  return {
    db,
    stats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    releaseLock: () => {},
  };
}

function openSqlite(options: StoreOptions, log: (event: LogEvent) => void): Opened {
  const dir = resolve(options.dataDir ?? 'data');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR ${dir} cannot be used for the SQLite database (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): make it a writable folder, or set DATABASE_URL`,
    );
  }
  const where = resolve(dir, options.fileName ?? 'hearth.sqlite');
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
  const releaseLock = () => {
    if (!lock.open) return;
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
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log }), stats: () => null, releaseLock };
}

/** Opens the database, applies every pending migration, and returns the Store. */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  if (options.databaseUrl) checkDatabaseUrl(options.databaseUrl, 'databaseUrl');
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const where = describeDatabase(options);
  const onQuery = options.onQuery;
  const log = (event: LogEvent) => onQuery?.(event.queryDurationMillis / 1000, event.level === 'error');
  const { db, stats, releaseLock } = dialect === 'postgres' ? await openPostgres(options, log) : openSqlite(options, log);

  // Both orders of landing parallel migrations work: a database that already ran 004 still gets 003.
  const migrator = new Migrator({ db, provider: migrationProvider(dialect), allowUnorderedMigrations: true });
  let migrated: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    migrated = await migrator.migrateToLatest();
  } catch (error) {
    await db.destroy().catch(() => {});
    throw unreachable(error, where);
  } finally {
    releaseLock();
  }
  const { error, results } = migrated;
  if (error) {
    await db.destroy().catch(() => {});
    if (isUnavailable(error)) throw unreachable(error, where);
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
  const migrations = await migrator.getMigrations();
  const latest = migrations.filter((m) => m.executedAt).pop()?.name ?? null;

  return {
    kind: dialect,
    runs: guarded(createRunStore(db)),
    boards: guarded(createBoardStore(db)),
    challenges: guarded(createChallengeStore(db)),
    scorecards: guarded(createScorecardStore(db)),
    games: guarded(createGameSessionStore(db)),
    plays: guarded(createPlayStore(db)),
    stats,
    async health(timeoutMs = DEFAULT_DB_TIMEOUTS.queryTimeoutMs) {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return { ok: true, kind: dialect, ms: elapsed(), where, migration: latest };
      } catch (e) {
        const mapped = mapStoreError(e) as Error;
        return { ok: false, kind: dialect, ms: elapsed(), where, migration: latest, error: mapped.message };
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => db.destroy(),
  };
}

/** A start that could not reach the database says so (not "migration failed"), with where it looked. */
function unreachable(error: unknown, where: string): unknown {
  if (!isUnavailable(error)) return error;
  const cause = error as { code?: string; message?: string };
  return new DatabaseUnavailableError(
    new Error(`cannot reach the database at ${where}: ${[cause.code, cause.message].filter(Boolean).join(' ') || String(error)}`),
  );
}
