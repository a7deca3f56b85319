export { type BodyLimits, checkShape } from './body.ts';
export { readEnv } from './config.ts';
export { type ConnectionOptions, DEFAULT_CONNECTIONS, type Listening, listen } from './listen.ts';
export { createLogger } from './logger.ts';
export {
  createReplayPool,
  DEFAULT_REPLAY_QUEUE,
  DEFAULT_REPLAY_THREADS,
  PoolBusyError,
  type ReplayJob,
  type ReplayJobJson,
  type ReplayOutcome,
  type ReplayPool,
} from './replay-pool.ts';
export { type Chooser, sampleFromSchema } from './schema-sample.ts';
export { createAesCodec, createHmacSealer, deriveKeys, SEAL_FIELD } from './sealing.ts';
export {
  createServer,
  DEFAULT_LIMITS,
  DEFAULT_MAX_VERIFY_ACTIONS,
  DEFAULT_RATE_LIMIT,
  type HearthServer,
  type ServerOptions,
} from './server.ts';
