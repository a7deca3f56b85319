import type { Generated } from 'kysely';

// The tables as kysely sees them. Times are integer milliseconds since the epoch (bigint columns) and booleans
// are 0/1 integers, so one set of column types means the same thing in SQLite and PostgreSQL.

export interface PlayersTable {
  id: Generated<number>;
  /** As the player typed it (shown on boards). */
  name: string;
  /** Lower-cased name: the unique claim, so "Alice" and "alice" are one player. */
  name_key: string;
  /** SHA-256 (hex) of the player key; the key itself is returned once and never stored. */
  key_hash: string;
  created_at: number;
}

export interface RunsTable {
  id: Generated<number>;
  game: string;
  seed: number;
  /** Canonical JSON of the action list, deflated (node:zlib). */
  actions: Uint8Array;
  action_count: number;
  /** SHA-256 (hex) of game + seed + canonical actions: one stored run per distinct game. */
  hash: string;
  player_id: number;
  agent: string | null;
  kind: 'human' | 'agent';
  notes: string | null;
  score: number;
  turns: number;
  game_over: number;
  end_reason: string | null;
  state_hash: string;
  /** The game's rules version (spec.version) the run was verified against. */
  version: string;
  /** The UTC date (YYYY-MM-DD) whose daily seed this run played, when it was submitted on that date. */
  daily: string | null;
  created_at: number;
}

export interface ChallengesTable {
  id: string;
  title: string;
  description: string;
  /** 1: season-1 (unpinned, unbudgeted, unclipped); 2: pinned, budgeted, clipped (migration 003). */
  format: Generated<number>;
  updated_at: number;
}

/** A game of a set: its pinned rules version and its budget (JSON), both null for season-1. */
export interface ChallengeGamesTable {
  challenge: string;
  game: string;
  position: number;
  version: string | null;
  budget: string | null;
}

/** The runs that count for a budgeted set (their seed, version and budget matched when they were stored). */
export interface ChallengeRunsTable {
  challenge: string;
  run_id: number;
  game: string;
  seed: number;
  player_id: number;
}

export interface ScorecardsTable {
  id: string;
  challenge: string;
  player_id: number;
  kind: 'human' | 'agent';
  model: string | null;
  agent: string | null;
  prompt: string | null;
  /** JSON object of free metadata. */
  meta: string;
  closed: number;
  opened_at: number;
  closed_at: number | null;
  /** How many times each seed may be played (migration 005). */
  attempts: Generated<number>;
}

/** One played attempt of a seed of a scorecard: the run (or the identical run someone stored first) and its record. */
export interface ScorecardEntriesTable {
  scorecard: string;
  game: string;
  seed: number;
  attempt: number;
  run_id: number;
  own: number;
  identical: number;
  score: number;
  actions: number;
  steps: number | null;
  refusals: number | null;
  retries: number | null;
  fallbacks: number | null;
  ms: number | null;
  usage_input: number | null;
  usage_output: number | null;
  usage_cost: number | null;
  record: Uint8Array | null;
  created_at: number;
}

export interface ChallengeSeedsTable {
  challenge: string;
  game: string;
  position: number;
  seed: number;
  /** Mean score of the shipped random bot on this seed (normalised score 0). */
  random_score: number;
  /** Score of the shipped strong bot on this seed (normalised score 100). */
  strong_score: number;
  /** Score of the shipped greedy bot (null for season-1). */
  greedy_score: number | null;
}

export interface GameSessionsTable {
  id: string;
  owner: string;
  slug: string;
  seed: number;
  wire: string;
  /** JSON array of the actions played so far. */
  actions: string;
  turns: number;
  version: number;
  created_at: number;
  updated_at: number;
}

/** A player's best run in one board scope: 'all' or 'daily:YYYY-MM-DD' (kept by submit). */
export interface BestRunsTable {
  game: string;
  scope: string;
  player_id: number;
  run_id: number;
  score: number;
  created_at: number;
}

/** A named player's plays for their stats (006-player-plays): never a leaderboard entry. */
export interface PlayerPlaysTable {
  player_id: number;
  game: string;
  at: number;
  seed: number;
  score: number;
  day: string;
  daily: number;
}

export interface Database {
  best_runs: BestRunsTable;
  players: PlayersTable;
  runs: RunsTable;
  challenges: ChallengesTable;
  challenge_seeds: ChallengeSeedsTable;
  challenge_games: ChallengeGamesTable;
  challenge_runs: ChallengeRunsTable;
  scorecards: ScorecardsTable;
  scorecard_entries: ScorecardEntriesTable;
  game_sessions: GameSessionsTable;
  player_plays: PlayerPlaysTable;
}

export type Dialect = 'sqlite' | 'postgres';
