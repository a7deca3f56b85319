// @hearth/store: runs, players, leaderboards, challenges and agent sessions (issue 13) over SQLite or PostgreSQL.
export { decodeCursor, encodeCursor } from './boards.ts';
export {
  budgetAllows,
  CHALLENGE_SETS,
  CURRENT_CHALLENGE,
  challengeById,
  challengeMiss,
  type GameProgress,
  INTERVAL_METHOD,
  meanInterval,
  overBudget,
  type PlayedSeed,
  progressOf,
  type SeedProgress,
  setProgress,
  tQuantile975,
} from './challenge-sets.ts';
export { decodeActions, encodeActions, runHash } from './encode.ts';
export {
  type EpisodeEnd,
  type EpisodeHeader,
  type EpisodeStep,
  episodeLine,
  parseEpisode,
  RECORD_FORMAT,
  summarise,
  type Usage,
  usageOf,
  viewHash,
} from './episode.ts';
export { ConfigError, DatabaseUnavailableError, isUnavailable } from './errors.ts';
export { checkDatabaseUrl, DEFAULT_DB_TIMEOUTS, describeDatabase, openStore, type StoreOptions, storeOptionsFromEnv } from './open.ts';
export { AGENT_MAX, checkFreeText, checkName, NAME_PATTERN, NAME_RULE, NOTES_MAX } from './players.ts';
export { isScorecardId } from './scorecards.ts';
export type { BoardStore, ChallengeStore, GameSessionStore, PoolStats, RunStore, ScorecardStore, Store } from './store.ts';
export type * from './types.ts';
