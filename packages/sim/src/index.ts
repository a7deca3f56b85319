// @hearth/sim: the simulator and its game-independent bots. The worker entry is `@hearth/sim/worker` (src/worker.ts).
// The search helpers (rolloutPolicy, candidateActions, enumerateSchema) are the engine's: a game builds its own bots from them.
export { bundleModule, devWorkerUrl, loadableModule } from './bundle.ts';
export { simMain, usage } from './cli.ts';
export { mergeRecords, readJsonl } from './merge.ts';
export { type PlayOptions, playSeeds } from './play.ts';
export { greedyPolicy } from './policy/greedy.ts';
export { isRunEnding, randomPolicy } from './policy/random.ts';
export { builtinPolicies, policyFromModule, policyNames, resolvePolicy } from './policy/resolve.ts';
export { strongPolicy } from './policy/strong.ts';
export type { Policy, PolicyContext, PolicyFactory } from './policy/types.ts';
export { createProgress, progressText } from './progress.ts';
export { type EndReason, type GameRecord, parseRecordLine, recordLine } from './record.ts';
export { histogramSvg, perSeedSvg, renderReport } from './report.ts';
export { type Progress, type RunOptions, type RunResult, runSim } from './run.ts';
export { BatchServer, benchInProcess, FRAME, PROTOCOL, serveMain, serveUsage } from './serve.ts';
export {
  autoShard,
  countSeeds,
  MAX_SEEDS_PER_RUN,
  parseSeedRanges,
  parseSeeds,
  parseShard,
  type SeedRanges,
  type Shard,
  shardBlock,
  shardRanges,
  shardSeeds,
} from './shard.ts';
export { type ActionCodec, type ActionLabel, actionCodec } from './spaces.ts';
export { scalarStats, statsReader } from './stats.ts';
export { formatSummary, groupRecords, quantile, type Summary, summarize } from './summary.ts';
export { type ActionSpace, listSpace, type VectorOptions, VectorSim } from './vector.ts';
export { createWorkerApi, type PolicyRef, type WorkerApi, type WorkerConfig } from './worker-api.ts';
