// @hearth/store: runs, players, leaderboards, challenges and agent sessions (issue 13) over SQLite or PostgreSQL.
// The challenge sets and the episode record format: everything `@hearth/store/challenges` exports, from that one module.

export { decodeCursor, encodeCursor } from './boards.ts';
export * from './challenges.ts';
export { decodeActions, encodeActions, runHash } from './encode.ts';
export { ConfigError, DatabaseUnavailableError, isUnavailable } from './errors.ts';
export { checkDatabaseUrl, DEFAULT_DB_TIMEOUTS, describeDatabase, openStore, type StoreOptions, storeOptionsFromEnv } from './open.ts';
export { AGENT_MAX, checkFreeText, checkName, NAME_PATTERN, NAME_RULE, NOTES_MAX } from './players.ts';
export { checkPlay, PLAYS_KEPT, PLAYS_PER_REQUEST } from './plays.ts';
export { isScorecardId } from './scorecards.ts';
export type {
  BoardStore,
  ChallengeStore,
  GameSessionStore,
  PlayRefusal,
  PlayStore,
  PoolStats,
  RunStore,
  ScorecardStore,
  Store,
} from './store.ts';
export type * from './types.ts';
