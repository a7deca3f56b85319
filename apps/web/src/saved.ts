// What this browser keeps of a player's games, in localStorage (absent or blocked storage only means nothing is
// kept; play goes on): the game in progress per game (seed + actions, so a reload or a closed tab resumes it
// exactly by replaying them through the engine), and a personal history of finished runs (best, the last runs,
// the streak of UTC days played), each with its actions so a run not yet submitted can still be submitted.
// Nothing here is a rule: scores are the engine's, dates are the browser's clock in UTC.

export interface CurrentGame {
  seed: number;
  actions: unknown[];
  score: number;
  over: boolean;
  /** The stored run's id once submitted (a finished run without it is "not submitted"). */
  runId?: string;
}

export interface HistoryEntry {
  seed: number;
  score: number;
  actions: unknown[];
  /** UTC day the run finished, YYYY-MM-DD. */
  day: string;
  /** Milliseconds since the epoch when it finished (ordering only). */
  at: number;
  /** Whether the seed was that day's daily seed (known only when the server said so). */
  daily?: boolean;
  runId?: string;
  rank?: number;
}

/** How many finished runs the history keeps per game (the oldest drop off). */
export const HISTORY_MAX = 30;

const store = (): Storage | undefined => {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
};

function read<T>(key: string): T | undefined {
  try {
    const raw = store()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}
function write(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the URL still carries the game
  }
}

const currentKey = (slug: string) => `hearth:current:${slug}`;
const historyKey = (slug: string) => `hearth:history:${slug}`;

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function readCurrent(slug: string): CurrentGame | undefined {
  const c = read<CurrentGame>(currentKey(slug));
  return c && typeof c.seed === 'number' && Array.isArray(c.actions) ? c : undefined;
}
export function saveCurrent(slug: string, game: CurrentGame): void {
  write(currentKey(slug), game);
}
export function clearCurrent(slug: string): void {
  try {
    store()?.removeItem(currentKey(slug));
  } catch {
    // nothing kept anyway
  }
}

export function readHistory(slug: string): HistoryEntry[] {
  const h = read<HistoryEntry[]>(historyKey(slug));
  return Array.isArray(h) ? h.filter((e) => e && typeof e.score === 'number' && typeof e.day === 'string') : [];
}

/** Same run: same seed and the same actions (a reload of a finished game must not count it twice). */
export const sameRun = (a: { seed: number; actions: unknown[] }, b: { seed: number; actions: unknown[] }) =>
  a.seed === b.seed && a.actions.length === b.actions.length && JSON.stringify(a.actions) === JSON.stringify(b.actions);

/** Adds a finished run (or updates it when it is already there, e.g. once submitted). Newest first. */
export function recordRun(slug: string, entry: HistoryEntry): HistoryEntry[] {
  const list = readHistory(slug);
  const at = list.findIndex((e) => sameRun(e, entry));
  if (at >= 0) list[at] = { ...list[at], ...entry, day: list[at]?.day ?? entry.day, at: list[at]?.at ?? entry.at };
  else list.unshift(entry);
  const kept = list.slice(0, HISTORY_MAX);
  write(historyKey(slug), kept);
  return kept;
}

/** Marks a finished run as submitted in the history and in the current game. */
export function markSubmitted(slug: string, run: { seed: number; actions: unknown[] }, runId: string, rank?: number): void {
  const list = readHistory(slug);
  const e = list.find((x) => sameRun(x, run));
  if (e) {
    e.runId = runId;
    if (rank !== undefined) e.rank = rank;
    write(historyKey(slug), list);
  }
  const c = readCurrent(slug);
  if (c && sameRun(c, run)) saveCurrent(slug, { ...c, runId });
}

/** The days in a row (UTC) with at least one finished run, ending today, or yesterday when today has none yet. */
export function streakOf(history: HistoryEntry[], now: number): number {
  const days = new Set(history.map((e) => e.day));
  const dayMs = 86_400_000;
  let t = days.has(utcDay(now)) ? now : now - dayMs;
  let n = 0;
  while (days.has(utcDay(t))) {
    n++;
    t -= dayMs;
  }
  return n;
}

export interface HistorySummary {
  best: number | undefined;
  runs: number;
  streak: number;
  last: HistoryEntry[];
  unsubmitted: number;
}

export function summarize(history: HistoryEntry[], now: number, lastN = 5): HistorySummary {
  return {
    best: history.length ? Math.max(...history.map((e) => e.score)) : undefined,
    runs: history.length,
    streak: streakOf(history, now),
    last: history.slice(0, lastN),
    unsubmitted: history.filter((e) => !e.runId).length,
  };
}
