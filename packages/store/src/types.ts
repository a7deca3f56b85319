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
  /** The budgeted challenge sets this run counts for (the caller checked seed, version and budget: challengeMiss). */
  challenges?: readonly string[];
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
  /** Score of the shipped random bot on this seed (progress 0). */
  random: number;
  /** Score of the shipped greedy bot on this seed (shown for reference; absent in season-1). */
  greedy?: number;
  /** Score of the shipped strong bot on this seed (progress 100). */
  strong: number;
}

/**
 * What a run may spend to count for a set: at most `actions` actions, and at most `perType[t]` actions whose
 * `type` is t (Sunloaf: { NEXT_DAY: 9 }, so a run ends at the end of day 10). A longer run is refused for the
 * set, never truncated.
 */
export interface ChallengeBudget {
  actions: number;
  perType?: Record<string, number>;
  /** The budget in words, e.g. "10 days (at most 9 NEXT_DAY actions), at most 300 actions". */
  text: string;
}

/** One game of a set: the rules version it is pinned to, its budget and its seeds with their baselines. */
export interface ChallengeGame {
  /** The game's rules version (spec.version) a run must have been verified against; null: any (season-1). */
  version: string | null;
  /** null: no budget beyond the submission limit (season-1). */
  budget: ChallengeBudget | null;
  seeds: ChallengeSeed[];
}

/**
 * A fixed challenge set. `format` 1 (season-1): unpinned, unbudgeted, progress unclipped, as first published.
 * `format` 2 (season-2 on): every game pinned to a rules version with a budget, progress clipped to [0, 100].
 */
export interface ChallengeSet {
  id: string;
  title: string;
  description: string;
  format: 1 | 2;
  /** Per game slug, in the set's order. */
  games: Record<string, ChallengeGame>;
}

/** Why a run does not count for a set's game, or null when it does. */
export type ChallengeMiss =
  | { reason: 'not_in_set'; message: string }
  | { reason: 'version_mismatch'; message: string }
  | { reason: 'over_budget'; message: string };

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

/** What a scorecard is tagged with: the model, the agent's and the prompt's versions, and free metadata. */
export interface ScorecardTags {
  model: string | null;
  agent: string | null;
  prompt: string | null;
  meta: Record<string, string | number | boolean | null>;
}

/** A batch of runs on one challenge set, opened and closed around an evaluation. */
export interface Scorecard {
  id: string;
  challenge: string;
  player: string;
  /** "agent" when tagged with a model or an agent, else "human". */
  kind: PlayerKind;
  tags: ScorecardTags;
  /** How many times each seed of the set may be played (k); a seed's progress is the mean of its k attempts. */
  attempts: number;
  closed: boolean;
  openedAt: number;
  closedAt: number | null;
}

export interface NewScorecard {
  challenge: string;
  player: string;
  key?: string | null;
  tags: ScorecardTags;
  /** 1 to MAX_ATTEMPTS (challenge-sets.ts); default 1. */
  attempts?: number;
  now?: number;
}

export type OpenScorecardResult =
  | { status: 'opened'; scorecard: Scorecard; playerKey?: string }
  | { status: 'key_required' }
  | { status: 'wrong_key' };

/** What an episode record sums to (the harness and MCP send it with the run). */
export interface EpisodeSummary {
  /** Lines the agent sent: accepted actions plus refusals. */
  steps: number;
  refusals: number;
  /** Lines that asked again at the same turn after a malformed reply or a refused action (model adapters). */
  retries: number;
  /** Actions played by the documented fallback after the retries of a step ran out. */
  fallbacks: number;
  /** Total time the agent took to answer, milliseconds. */
  ms: number;
  /** Summed usage the agent reported on its own lines; null where it reported none. */
  usage: { input: number | null; output: number | null; cost: number | null };
}

/** One played attempt of a seed of a scorecard. */
export interface ScorecardEntry {
  game: string;
  seed: number;
  /** 0-based; below the scorecard's attempts. */
  attempt: number;
  runId: number;
  /** Who stored the run: the scorecard's player, or another player whose identical run came first. */
  runPlayer: string;
  /** False: the run was first stored by another player (`runPlayer`). */
  own: boolean;
  /** True: the run was already stored (by anyone, earlier) when it joined this scorecard. Counted, and disclosed. */
  identical: boolean;
  score: number;
  actions: number;
  summary: EpisodeSummary | null;
  hasRecord: boolean;
  createdAt: number;
}

export interface NewScorecardEntry {
  scorecard: string;
  game: string;
  seed: number;
  /** 0-based attempt (default 0). */
  attempt?: number;
  runId: number;
  own: boolean;
  /** The run was already stored when it was sent. */
  identical?: boolean;
  score: number;
  actions: number;
  summary?: EpisodeSummary | null;
  /** The episode record, JSON lines. */
  record?: string | null;
  now?: number;
}

export type AddEntryResult = 'added' | 'unknown' | 'closed' | 'seed_played';

/** One finished run of a named player, for their stats (not verified: it is the player's own record). */
export interface Play {
  /** UTC day of `at`, YYYY-MM-DD. */
  day: string;
  score: number;
  seed: number;
  /** Milliseconds since the epoch when it finished. */
  at: number;
  /** The seed was that day's daily. */
  daily?: boolean;
}

export type PlaysAnswer = { plays: Play[] } | 'unknown_player' | 'key_required' | 'wrong_key';
