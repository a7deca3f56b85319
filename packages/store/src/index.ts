// @hearth/store: runs, players, leaderboards, challenges and agent sessions (issue 13) over SQLite or PostgreSQL.
export { decodeCursor, encodeCursor } from './boards.ts';
export { CHALLENGE_SETS, CURRENT_CHALLENGE } from './challenge-sets.ts';
export { decodeActions, encodeActions, runHash } from './encode.ts';
export { openStore, type StoreOptions, storeOptionsFromEnv } from './open.ts';
export { AGENT_MAX, checkFreeText, checkName, NAME_PATTERN, NAME_RULE, NOTES_MAX } from './players.ts';
export type { BoardStore, ChallengeStore, GameSessionStore, RunStore, Store } from './store.ts';
export type * from './types.ts';
