// Entry point: `node dist/server.mjs` (or `tsx src/main.ts`). Reads the environment, serves the registry's games.
// WORKERS=N (N > 1) runs N processes with node:cluster sharing the port; the primary hands them one secret and
// starts a worker again when one dies.
import cluster from 'node:cluster';
import { registry } from '@hearth/games';
import { ConfigError, DatabaseUnavailableError } from '@hearth/store';
import { listen } from './http/listen.ts';
import { type EnvConfig, readEnv } from './ops/config.ts';
import { createLogger, type Logger } from './ops/logger.ts';
import { createServer } from './server.ts';
import { randomSecret } from './state/keys.ts';

/** A configuration error, or a database that cannot be reached at start: one sentence on stderr, exit 1, no stack. */
function refuse(error: unknown): never {
  process.stderr.write(`hearth-server: ${(error as Error).message}\n`);
  process.exit(1);
}

let config: EnvConfig;
try {
  config = readEnv(process.env);
} catch (error) {
  if (error instanceof ConfigError) refuse(error);
  throw error;
}
const logger = createLogger(config.options.logLevel);

/** A fatal error is logged (with its stack, in the JSON line) and the log written out before the process exits. */
function fatal(log: Logger, error: unknown, what: string): never {
  log.fatal({ err: error }, what);
  log.flush();
  process.exit(1);
}
process.on('uncaughtException', (error) => fatal(logger, error, 'uncaught exception; exiting'));
process.on('unhandledRejection', (error) => fatal(logger, error, 'unhandled rejection; exiting'));

if (config.workers > 1 && cluster.isPrimary) {
  // Every worker must seal with the same secret, or a state from one would be refused by another.
  if (!process.env.STATE_SECRET) {
    logger.warn('STATE_SECRET is not set: the workers share a random secret, so states will not survive a restart or work across machines');
  }
  const env = { STATE_SECRET: process.env.STATE_SECRET || randomSecret(), HEARTH_WORKER: '1' };
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork(env);
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < config.workers; i++) fork();
  let stopping = false;
  // A worker that dies soon after starting (its database down at start, say) is started again after a growing
  // pause (1 s doubling to 30 s), not in a tight loop; one that ran a while is replaced at once.
  let backoffMs = 0;
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (!stopping) {
      backoffMs = lived < 10_000 ? Math.min(30_000, Math.max(1_000, backoffMs * 2)) : 0;
      logger.error({ worker: worker.process.pid, code, signal, restartInMs: backoffMs }, 'worker died; starting another');
      setTimeout(() => {
        if (!stopping) fork();
      }, backoffMs).unref();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info('stopped');
      logger.flush();
      process.exit(0);
    }
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    logger.info({ signal }, 'shutting down: workers drain, then finish their in-flight requests');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} else {
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer({ ...config.options, registry, logger });
  } catch (error) {
    logger.flush();
    if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) refuse(error);
    throw error;
  }
  const running = await listen(server, { port: config.port, host: config.host, connections: config.connections, admin: config.admin });
  logger.info(
    {
      port: running.port,
      url: running.url,
      adminPort: running.admin?.port ?? null,
      trustProxy: typeof config.options.trustProxy === 'object' ? (config.options.trustProxy?.list ?? null) : null,
    },
    'listening',
  );
  const stop = (signal: string) => {
    logger.info(
      { signal, drainMs: config.connections.drainMs },
      'shutting down: draining (readiness 503), then finishing in-flight requests',
    );
    running.close().then(() => {
      logger.info('stopped');
      logger.flush();
      process.exit(0);
    });
  };
  // A second signal during the drain: stop accepting now (requests in flight still finish).
  process.once('SIGTERM', () => {
    stop('SIGTERM');
    process.once('SIGTERM', () => running.close({ drainMs: 0 }));
  });
  process.once('SIGINT', () => {
    stop('SIGINT');
    process.once('SIGINT', () => running.close({ drainMs: 0 }));
  });
}
