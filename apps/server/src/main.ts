// Entry point: `node dist/server.mjs` (or `tsx src/main.ts`). Reads the environment, serves the registry's games.
// WORKERS=N (N > 1) runs N processes with node:cluster sharing the port; the primary hands them one secret.
import cluster from 'node:cluster';
import { registry } from '@hearth/games';
import { readEnv } from './config.ts';
import { listen } from './listen.ts';
import { createLogger } from './logger.ts';
import { randomSecret } from './sealing.ts';
import { createServer } from './server.ts';

const config = readEnv(process.env);
const logger = createLogger(config.options.logLevel);
const workers = Number(process.env.WORKERS ?? 1);

if (workers > 1 && cluster.isPrimary) {
  // Every worker must seal with the same secret, or a state from one would be refused by another.
  if (!process.env.STATE_SECRET) {
    logger.warn('STATE_SECRET is not set: the workers share a random secret, so states will not survive a restart or work across machines');
  }
  const env = { STATE_SECRET: process.env.STATE_SECRET || randomSecret(), HEARTH_WORKER: '1' };
  for (let i = 0; i < workers; i++) cluster.fork(env);
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      logger.error({ worker: worker.process.pid, code }, 'worker died; starting another');
      cluster.fork(env);
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info('stopped');
      process.exit(0);
    }
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    logger.info({ signal }, 'shutting down: workers finish their in-flight requests');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} else {
  const server = await createServer({ ...config.options, registry, logger });
  const running = await listen(server, { port: config.port, host: config.host, connections: config.connections });
  logger.info({ port: running.port, url: running.url }, 'listening');
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    running.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
