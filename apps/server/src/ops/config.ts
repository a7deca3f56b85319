import { ConfigError, storeOptionsFromEnv } from '@hearth/store';
import { type ConnectionOptions, DEFAULT_CONNECTIONS } from '../http/listen.ts';
import { parseTrustProxy } from '../http/proxy.ts';
import { DEFAULT_REPLAY_QUEUE, DEFAULT_REPLAY_THREADS } from '../replay/pool.ts';
import { DEFAULT_PER_PLAYER } from '../routes/runs-mount.ts';
import { DEFAULT_MAX_VERIFY_ACTIONS, type ServerOptions } from '../server.ts';

export { ConfigError };

/** Everything the server reads from the environment, in one place (documented in README.md). */
export interface EnvConfig {
  port: number;
  /** Where to listen: HOST, else loopback when a proxy is configured (TRUST_PROXY), else every interface. */
  host: string | undefined;
  /** WORKERS: processes in a node:cluster (1: no cluster). */
  workers: number;
  /** ADMIN_PORT / ADMIN_HOST: a second listener for operators (/metrics, detailed health), or null. */
  admin: { port: number; host: string } | null;
  options: Omit<ServerOptions, 'registry'>;
  /** Connection cap, timeouts and the shutdown sequence (listen.ts). */
  connections: ConnectionOptions;
}

const int = (raw: string | undefined, name: string, fallback: number, min: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(raw)}`);
  return n;
};

const fraction = (raw: string | undefined, name: string, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!(n >= 0 && n <= 1)) throw new ConfigError(`${name} must be a number from 0 to 1, got ${JSON.stringify(raw)}`);
  return n;
};

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** A boolean variable: 1/true/yes/on or 0/false/no/off (any case); anything else is refused, never ignored. */
export function bool(raw: string | undefined, name: string, fallback: boolean): boolean {
  const value = raw?.trim() ?? '';
  if (value === '') return fallback;
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  throw new ConfigError(`${name} must be 1, true, yes or on (or 0, false, no, off), got ${JSON.stringify(raw)}`);
}

const oneOf = <T extends string>(raw: string | undefined, name: string, allowed: readonly T[], fallback: T): T => {
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(raw)}`);
};

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function publicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL like https://games.example.org, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must start with http:// or https://, got ${JSON.stringify(raw)}`);
  }
  if (url.search || url.hash) throw new ConfigError(`PUBLIC_URL must have no query or fragment, got ${JSON.stringify(raw)}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Reads and checks the environment; a bad value throws a ConfigError whose message is one sentence naming it. */
export function readEnv(env: NodeJS.ProcessEnv): EnvConfig {
  const perSecond = int(env.RATE_LIMIT_RPS, 'RATE_LIMIT_RPS', 30, 0);
  const burst = int(env.RATE_LIMIT_BURST, 'RATE_LIMIT_BURST', Math.max(1, perSecond * 10), 1);
  const secret = env.STATE_SECRET || undefined;
  if (secret !== undefined && secret.length < 16) throw new ConfigError('STATE_SECRET must be at least 16 characters');
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const adminPort = env.ADMIN_PORT ? int(env.ADMIN_PORT, 'ADMIN_PORT', 0, 0) : null;
  return {
    port: int(env.PORT, 'PORT', 8787, 0),
    // Behind a proxy, nobody but the proxy should reach an instance: loopback unless HOST says otherwise.
    host: env.HOST || (trustProxy ? '127.0.0.1' : undefined),
    workers: int(env.WORKERS, 'WORKERS', 1, 1),
    admin: adminPort === null ? null : { port: adminPort, host: env.ADMIN_HOST || '127.0.0.1' },
    connections: {
      maxConnections: int(env.MAX_CONNECTIONS, 'MAX_CONNECTIONS', DEFAULT_CONNECTIONS.maxConnections, 1),
      keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_CONNECTIONS.keepAliveTimeoutMs, 0),
      headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS', DEFAULT_CONNECTIONS.headersTimeoutMs, 1),
      requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS', DEFAULT_CONNECTIONS.requestTimeoutMs, 1),
      drainMs: int(env.SHUTDOWN_DRAIN_MS, 'SHUTDOWN_DRAIN_MS', DEFAULT_CONNECTIONS.drainMs, 0),
      shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_CONNECTIONS.shutdownTimeoutMs, 0),
    },
    options: {
      secret,
      logLevel: oneOf(env.LOG_LEVEL, 'LOG_LEVEL', LEVELS, 'info'),
      rateLimit: perSecond === 0 ? false : { perSecond, burst },
      limits: {
        maxBytes: int(env.MAX_BODY_BYTES, 'MAX_BODY_BYTES', 1024 * 1024, 1024),
      },
      maxVerifyActions: int(env.MAX_VERIFY_ACTIONS, 'MAX_VERIFY_ACTIONS', DEFAULT_MAX_VERIFY_ACTIONS, 1),
      publicUrl: publicUrl(env.PUBLIC_URL),
      trustProxy,
      trustForwardedHost: bool(env.TRUST_FORWARDED_HOST, 'TRUST_FORWARDED_HOST', false),
      metricsToken,
      readyTimeoutMs: int(env.READY_TIMEOUT_MS, 'READY_TIMEOUT_MS', 2_000, 1),
      kernel: oneOf<'wasm' | 'js'>(env.KERNEL, 'KERNEL', ['wasm', 'js'], 'wasm'),
      helloRoute: bool(env.HELLO_ROUTE, 'HELLO_ROUTE', false),
      logSample: fraction(env.LOG_SAMPLE, 'LOG_SAMPLE', 1),
      // MCP agents' games expire after this many idle minutes.
      mcpIdleMs: int(env.MCP_IDLE_MINUTES, 'MCP_IDLE_MINUTES', 120, 1) * 60_000,
      // Runs, leaderboards and challenges: a SQLite file under DATA_DIR (default ./data), or DATABASE_URL.
      runs: {
        database: storeOptionsFromEnv(env),
        maxRunActions: int(env.MAX_RUN_ACTIONS, 'MAX_RUN_ACTIONS', DEFAULT_MAX_VERIFY_ACTIONS, 1),
        perPlayer:
          env.RUN_RATE_PER_MINUTE === '0'
            ? false
            : {
                perSecond: int(env.RUN_RATE_PER_MINUTE, 'RUN_RATE_PER_MINUTE', DEFAULT_PER_PLAYER.perSecond * 60, 0) / 60,
                burst: int(env.RUN_RATE_BURST, 'RUN_RATE_BURST', DEFAULT_PER_PLAYER.burst, 1),
              },
      },
      replay: {
        threads: int(env.REPLAY_THREADS, 'REPLAY_THREADS', DEFAULT_REPLAY_THREADS, 1),
        maxQueue: int(env.REPLAY_QUEUE, 'REPLAY_QUEUE', DEFAULT_REPLAY_QUEUE, 0),
      },
    },
  };
}
