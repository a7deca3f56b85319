import { storeOptionsFromEnv } from '@hearth/store';
import { type ConnectionOptions, DEFAULT_CONNECTIONS } from './listen.ts';
import { DEFAULT_REPLAY_QUEUE, DEFAULT_REPLAY_THREADS } from './replay-pool.ts';
import { DEFAULT_PER_PLAYER } from './runs-mount.ts';
import { DEFAULT_MAX_VERIFY_ACTIONS, type ServerOptions } from './server.ts';

/** Everything the server reads from the environment, in one place (documented in README.md). */
export interface EnvConfig {
  port: number;
  host: string | undefined;
  options: Omit<ServerOptions, 'registry'>;
  /** Connection cap, timeouts and the shutdown sequence (listen.ts). */
  connections: ConnectionOptions;
}

const int = (raw: string | undefined, name: string, fallback: number, min: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
};

const fraction = (raw: string | undefined, name: string, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!(n >= 0 && n <= 1)) throw new Error(`${name} must be a number from 0 to 1, got ${JSON.stringify(raw)}`);
  return n;
};

export function readEnv(env: NodeJS.ProcessEnv): EnvConfig {
  const perSecond = int(env.RATE_LIMIT_RPS, 'RATE_LIMIT_RPS', 30, 0);
  const burst = int(env.RATE_LIMIT_BURST, 'RATE_LIMIT_BURST', Math.max(1, perSecond * 10), 1);
  return {
    port: int(env.PORT, 'PORT', 8787, 0),
    host: env.HOST || undefined,
    connections: {
      maxConnections: int(env.MAX_CONNECTIONS, 'MAX_CONNECTIONS', DEFAULT_CONNECTIONS.maxConnections, 1),
      keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_CONNECTIONS.keepAliveTimeoutMs, 0),
      headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS', DEFAULT_CONNECTIONS.headersTimeoutMs, 1),
      requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS', DEFAULT_CONNECTIONS.requestTimeoutMs, 1),
      drainMs: int(env.SHUTDOWN_DRAIN_MS, 'SHUTDOWN_DRAIN_MS', DEFAULT_CONNECTIONS.drainMs, 0),
      shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_CONNECTIONS.shutdownTimeoutMs, 0),
    },
    options: {
      secret: env.STATE_SECRET || undefined,
      logLevel: env.LOG_LEVEL || 'info',
      rateLimit: perSecond === 0 ? false : { perSecond, burst },
      limits: {
        maxBytes: int(env.MAX_BODY_BYTES, 'MAX_BODY_BYTES', 1024 * 1024, 1024),
      },
      maxVerifyActions: int(env.MAX_VERIFY_ACTIONS, 'MAX_VERIFY_ACTIONS', DEFAULT_MAX_VERIFY_ACTIONS, 1),
      publicUrl: env.PUBLIC_URL || undefined,
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      kernel: env.KERNEL === 'js' ? 'js' : 'wasm',
      helloRoute: env.HELLO_ROUTE === '1',
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
