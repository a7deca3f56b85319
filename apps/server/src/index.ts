export { type BodyLimits, checkShape } from './http/body.ts';
export { type ConnectionOptions, DEFAULT_CONNECTIONS, type Listening, listen } from './http/listen.ts';
export { readEnv } from './ops/config.ts';
export { createLogger } from './ops/logger.ts';
export {
  createReplayPool,
  DEFAULT_REPLAY_QUEUE,
  DEFAULT_REPLAY_THREADS,
  PoolBusyError,
  type ReplayJob,
  type ReplayJobJson,
  type ReplayOutcome,
  type ReplayPool,
} from './replay/pool.ts';
export { type Chooser, sampleFromSchema } from './routes/schema-sample.ts';
export {
  createServer,
  DEFAULT_LIMITS,
  DEFAULT_MAX_VERIFY_ACTIONS,
  DEFAULT_RATE_LIMIT,
  type HearthServer,
  type ServerOptions,
} from './server.ts';
export { createAesCodec } from './state/aes-codec.ts';
export { createHmacSealer, SEAL_FIELD } from './state/hmac-sealer.ts';
export { deriveKeys } from './state/keys.ts';
