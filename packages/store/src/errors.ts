/**
 * The store's error mapping. Every method of a Store rejects with a DatabaseUnavailableError when the database
 * could not answer (unreachable, restarting, frozen past a timeout, out of connections, a SQLite file busy or
 * unwritable): callers answer 503 `database_unavailable` with Retry-After, and the client may retry. Anything
 * else (a bug, a constraint the caller should have checked) stays as it was thrown.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'database_unavailable';
  /** Seconds a client should wait before retrying (the Retry-After of the 503). */
  readonly retryAfterSeconds: number;
  constructor(cause: unknown, retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS) {
    super(`the database is unavailable: ${describe(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A configuration value the store cannot use (the server prints its message alone, without a stack). */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_RETRY_AFTER_SECONDS = 5;

const describe = (cause: unknown): string => {
  const e = cause as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(cause);
  return code && !message.includes(code) ? `${code} ${message}` : message;
};

/** Socket errors: the database host cannot be reached or the connection broke. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "wrong": connection exceptions (class 08), insufficient
 * resources (53: too many connections, disk full, out of memory), operator intervention (57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now, 57014 statement timeout), idle-in-transaction timeout (25P03).
 */
const PG_CLASSES = ['08', '53'];
const PG_CODES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '57014', '25P03', '40001', '40P01']);

/** pg and pg-pool report their own failures by message only. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Postgres connection has been discarded',
  'the database system is starting up',
  'the database system is shutting down',
];

/** better-sqlite3 codes that mean the file cannot be used now (locked past busy_timeout, I/O, full, read-only). */
const SQLITE_PREFIXES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_PROTOCOL',
  'SQLITE_NOMEM',
];

/** Whether an error thrown by a database call means the database could not answer (as opposed to a bug). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (error === null || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && (PG_CLASSES.includes(code.slice(0, 2)) || PG_CODES.has(code))) return true;
  if (code.startsWith('SQLITE_') && SQLITE_PREFIXES.some((p) => code.startsWith(p))) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (PG_MESSAGES.some((m) => message.includes(m))) return true;
  if (message === 'The database connection is not open') return true;
  // AggregateError (a host with several addresses, every one refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some(isUnavailable)) return true;
  return e.cause !== undefined && e.cause !== error && isUnavailable(e.cause);
}

/** The error a store method rejects with: unavailability as DatabaseUnavailableError, anything else unchanged. */
export function mapStoreError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  return isUnavailable(error) ? new DatabaseUnavailableError(error) : error;
}

/** The same object with every method's rejection passed through mapStoreError (`this` is still the original). */
export function guarded<T extends object>(target: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(target)) {
    out[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...a: unknown[]) => unknown).apply(target, args);
            } catch (error) {
              throw mapStoreError(error);
            }
          }
        : value;
  }
  return out as T;
}
