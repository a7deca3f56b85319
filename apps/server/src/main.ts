// Entry point: `node dist/server.mjs` (or `tsx src/main.ts`). Reads the environment, serves the registry's games.
import { registry } from '@hearth/games';
import { readEnv } from './config.ts';
import { listen } from './listen.ts';
import { createLogger } from './logger.ts';
import { createServer } from './server.ts';

const config = readEnv(process.env);
const logger = createLogger(config.options.logLevel);
const server = await createServer({ ...config.options, registry, logger });
const running = await listen(server, { port: config.port, host: config.host });
logger.info({ port: running.port, url: running.url }, 'listening');

const stop = (signal: string) => {
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  running.close(Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000)).then(() => {
    logger.info('stopped');
    process.exit(0);
  });
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
