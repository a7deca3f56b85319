import type {
  AddEntryResult,
  BoardPage,
  BoardQuery,
  ChallengeSet,
  GameSession,
  GameSessionUpdate,
  NameCheck,
  NewGameSession,
  NewRun,
  NewScorecard,
  NewScorecardEntry,
  OpenScorecardResult,
  Play,
  PlaysAnswer,
  RunRecord,
  Scorecard,
  ScorecardEntry,
  StoreHealth,
  SubmitResult,
} from './types.ts';

/** Verified runs and their players. The caller replays first; the store only records what was verified. */
export interface RunStore {
  /** Stores the run (claiming the name when new, else checking the key), or returns the existing duplicate. */
  submit(run: NewRun): Promise<SubmitResult>;
  get(id: number): Promise<RunRecord | null>;
  /** The stored run with this game, seed and action list, if any (cheap: one indexed lookup by hash). */
  findDuplicate(game: string, seed: number, actions: readonly unknown[]): Promise<RunRecord | null>;
  /** Whether `key` may submit under `name` (checked again inside submit; this lets a caller refuse before replaying). */
  checkName(name: string, key: string | null | undefined): Promise<NameCheck>;
  /** The player's place on the game's all-time board (by their best run), or null without a run there. */
  rankOf(game: string, player: string): Promise<number | null>;
  count(game?: string): Promise<number>;
}

/** Leaderboards, computed by the database. */
export interface BoardStore {
  page(query: BoardQuery): Promise<BoardPage>;
}

/** Fixed challenge sets with the shipped bots' baselines per seed. */
export interface ChallengeStore {
  /** Inserts or replaces a set (its seeds and baselines) in one transaction. */
  put(set: ChallengeSet): Promise<void>;
  get(id: string): Promise<ChallengeSet | null>;
  list(): Promise<ChallengeSet[]>;
}

/** Scorecards: a batch of runs on one challenge set under tags (model, agent, prompt), opened and closed. */
export interface ScorecardStore {
  /** Opens a scorecard for a player (claiming the name when new, else checking the key). */
  open(card: NewScorecard): Promise<OpenScorecardResult>;
  get(id: string): Promise<Scorecard | null>;
  /** Its played seeds, per game in the order they were added. */
  entries(id: string): Promise<ScorecardEntry[]>;
  /** Adds a stored run (or the identical run someone stored first) to an open scorecard: one per seed and attempt. */
  add(entry: NewScorecardEntry): Promise<AddEntryResult>;
  /** Closes it (no more runs); null when there is no such scorecard. Closing twice keeps the first time. */
  close(id: string, now?: number): Promise<Scorecard | null>;
  /** The episode record of a played seed's attempt (default 0; JSON lines), null when none was sent. */
  record(id: string, game: string, seed: number, attempt?: number): Promise<string | null>;
  /** The most recently closed scorecards of a set, at most `limit`. */
  closed(challenge: string, limit: number): Promise<Scorecard[]>;
}

/**
 * A named player's plays (finished runs played under the name, submitted or not) for their stats. Both calls
 * take the name's key: a name no one claimed is `unknown_player`, a missing or wrong key is refused.
 */
export interface PlayStore {
  /** Adds plays (the same play twice is kept once); refused whole when the key does not open the name. */
  add(name: string, key: string | null, game: string, plays: readonly Play[]): Promise<{ added: number } | PlayRefusal>;
  /** The newest `limit` plays of a game, oldest first. */
  list(name: string, key: string | null, game: string, limit?: number): Promise<PlaysAnswer>;
}

export type PlayRefusal = 'unknown_player' | 'key_required' | 'wrong_key';

/** Agent game sessions for the MCP server. */
export interface GameSessionStore {
  create(session: NewGameSession): Promise<GameSession>;
  get(id: string): Promise<GameSession | null>;
  /** Applies the update only if the stored version is `expectedVersion` (then version + 1); false otherwise. */
  update(id: string, update: GameSessionUpdate, expectedVersion: number): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Deletes every session last updated before `beforeMs`; returns how many. */
  purgeIdle(beforeMs: number): Promise<number>;
}

/** A PostgreSQL pool's connections now: open (total), idle, and queries waiting for one; max is the pool size. */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/**
 * Every method of runs, boards, challenges and games rejects with DatabaseUnavailableError (errors.ts) when the
 * database could not answer; the pool reconnects by itself on the next call.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly runs: RunStore;
  readonly boards: BoardStore;
  readonly challenges: ChallengeStore;
  readonly scorecards: ScorecardStore;
  readonly games: GameSessionStore;
  readonly plays: PlayStore;
  /** `select 1` within `timeoutMs` (default the query timeout); never rejects. */
  health(timeoutMs?: number): Promise<StoreHealth>;
  /** The PostgreSQL pool's connections (null on SQLite). */
  stats(): PoolStats | null;
  close(): Promise<void>;
}
