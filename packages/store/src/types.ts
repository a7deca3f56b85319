// The records the Store hands out. Times are milliseconds since the epoch.

export type PlayerKind = 'human' | 'agent';

/** A stored, verified run: everything needed to replay it and to show it. */
export interface RunRecord {
  id: number;
  game: string;
  seed: number;
  actions: unknown[];
  player: string;
  agent: string | null;
  kind: PlayerKind;
  notes: string | null;
  score: number;
  turns: number;
  gameOver: boolean;
  end: string | null;
  stateHash: string;
  /** The game's rules version (spec.version) it was verified against. */
  version: string;
  daily: string | null;
  createdAt: number;
}

/** What the replay established about a run, and who submits it. */
export interface NewRun {
  game: string;
  seed: number;
  actions: unknown[];
  player: string;
  /** The player key presented (Authorization: Bearer), if any. */
  key?: string | null;
  agent?: string | null;
  notes?: string | null;
  score: number;
  turns: number;
  gameOver: boolean;
  end: string | null;
  stateHash: string;
  version: string;
  /** The UTC date whose daily seed this is, when submitted on that date (the caller knows the daily seeds). */
  daily?: string | null;
  /** Defaults to Date.now(). */
  now?: number;
}

export type SubmitResult =
  | { status: 'stored'; run: RunRecord; rank: number; playerKey?: string }
  | { status: 'duplicate'; run: RunRecord; rank: number }
  | { status: 'key_required' }
  | { status: 'wrong_key' };

/** Who may submit under a name: a new name is claimed by the run, a claimed one needs its key. */
export type NameCheck = 'unclaimed' | 'ok' | 'key_required' | 'wrong_key';

export type BoardKind = 'all' | 'daily' | 'challenge';

export interface BoardQuery {
  game: string;
  board: BoardKind;
  /** board=daily: the UTC date, YYYY-MM-DD. */
  date?: string;
  /** board=challenge: the challenge set id. */
  challenge?: string;
  /** Only runs with exactly this agent text. */
  agent?: string;
  kind?: PlayerKind;
  limit: number;
  /** From a previous page's nextCursor. */
  cursor?: string | null;
}

export interface BoardRow {
  rank: number;
  player: string;
  /** all/daily: the best run's score; challenge: the mean normalised score over the set's seeds (missing = 0). */
  score: number;
  runId: number;
  agent: string | null;
  kind: PlayerKind;
  createdAt: number;
  /** challenge only: raw total of the best scores, and how many of the set's seeds the player has run. */
  raw?: number;
  seeds?: number;
}

export interface BoardPage {
  rows: BoardRow[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ChallengeSeed {
  seed: number;
  /** Mean score of the shipped random bot on this seed (normalised 0). */
  random: number;
  /** Score of the shipped strong bot on this seed (normalised 100). */
  strong: number;
}

export interface ChallengeSet {
  id: string;
  title: string;
  description: string;
  /** Per game slug, the seeds in order with their bot baselines. */
  games: Record<string, ChallengeSeed[]>;
}

/** An MCP agent's game, held server-side so the agent sends only a game id and an action. */
export interface GameSession {
  id: string;
  owner: string;
  slug: string;
  seed: number;
  /** Opaque to the store: what the MCP server needs to resume (e.g. the sealed state or token). */
  wire: string;
  actions: unknown[];
  turns: number;
  /** 1 at creation, +1 on every successful update (optimistic concurrency). */
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface NewGameSession {
  id: string;
  owner: string;
  slug: string;
  seed: number;
  wire: string;
  actions: unknown[];
  turns: number;
  /** Defaults to Date.now(). */
  now?: number;
}

export interface GameSessionUpdate {
  wire: string;
  actions: unknown[];
  turns: number;
  now?: number;
}

export interface StoreHealth {
  ok: boolean;
  kind: 'sqlite' | 'postgres';
  /** Round trip of `select 1`, milliseconds. */
  ms: number;
  /** SQLite: the file; PostgreSQL: host:port/database (never the password). */
  where: string;
  migration: string | null;
  error?: string;
}
