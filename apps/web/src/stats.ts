// A player's statistics per game: every finished run as a play (its UTC day, score, seed, whether it was that
// day's daily), and what they add up to (played, best, the streak of dailies played and the longest one, a
// calendar of dailies, a score distribution). Kept in localStorage (`hearth:plays:<slug>`); for a named player
// (this browser holds the name's key) every play also goes to the server (`/api/players/<name>/plays`), so the
// key taken to another browser brings the history and the streak with it. Scores are the engine's; days are the
// browser's clock in UTC. Nothing here is a rule.
import { callApi, savedKey, savedName } from './api.ts';
import { readHistory, utcDay } from './saved.ts';

export interface Play {
  /** UTC day the run finished, YYYY-MM-DD. */
  day: string;
  score: number;
  seed: number;
  /** Milliseconds since the epoch when it finished. */
  at: number;
  /** The seed was that day's daily (known only when the server said so). */
  daily?: boolean;
}

/** How many plays a browser keeps per game (the oldest drop off; the server keeps them all). */
export const PLAYS_MAX = 2000;
const DAY_MS = 86_400_000;
const key = (slug: string) => `hearth:plays:${slug}`;

const isPlay = (p: unknown): p is Play => {
  const x = p as Play;
  return !!x && typeof x.day === 'string' && typeof x.score === 'number' && typeof x.seed === 'number' && typeof x.at === 'number';
};
const idOf = (p: Play) => `${p.at}:${p.seed}:${p.score}`;

/** This browser's plays of a game, oldest first (the personal history seeds them the first time). */
export function readPlays(slug: string): Play[] {
  try {
    const raw = localStorage.getItem(key(slug));
    if (raw) {
      const list = JSON.parse(raw);
      if (Array.isArray(list)) return list.filter(isPlay);
    }
  } catch {
    // blocked or damaged: start from the history
  }
  return readHistory(slug)
    .map((e) => ({ day: e.day, score: e.score, seed: e.seed, at: e.at, ...(e.daily ? { daily: true } : {}) }))
    .sort((a, b) => a.at - b.at);
}

function writePlays(slug: string, plays: Play[]): void {
  try {
    localStorage.setItem(key(slug), JSON.stringify(plays.slice(-PLAYS_MAX)));
  } catch {
    // storage full or blocked: the stats only lose this play
  }
}

/** Plays from two sources as one list, each play once, oldest first. */
export function mergePlays(a: readonly Play[], b: readonly Play[]): Play[] {
  const byId = new Map<string, Play>();
  for (const p of [...a, ...b]) byId.set(idOf(p), { ...byId.get(idOf(p)), ...p });
  return [...byId.values()].sort((x, y) => x.at - y.at);
}

/** Records a finished run (once: a reload of a finished game is the same play) and sends it to the server. */
export function recordPlay(slug: string, play: Play): void {
  const plays = readPlays(slug);
  if (plays.some((p) => p.seed === play.seed && p.score === play.score && Math.abs(p.at - play.at) < 5_000)) return;
  writePlays(slug, [...plays, play]);
  void sendPlays(slug, [play]);
}

export interface Stats {
  played: number;
  best: number | undefined;
  /** Dailies played on consecutive UTC days, ending today (or yesterday, while today's is still open). */
  streak: number;
  longest: number;
  dailies: number;
  /** The last `weeks` weeks of dailies, Monday first: each day with its best daily score, if played. */
  calendar: { day: string; score: number | undefined; today: boolean }[];
  /** The scores in up to eight equal bins. */
  distribution: { from: number; to: number; count: number }[];
}

const dayOf = (t: number) => utcDay(t);

export function statsOf(plays: readonly Play[], now: number, weeks = 6): Stats {
  const dailyBest = new Map<string, number>();
  for (const p of plays) if (p.daily) dailyBest.set(p.day, Math.max(dailyBest.get(p.day) ?? Number.NEGATIVE_INFINITY, p.score));
  const days = [...dailyBest.keys()].sort();
  let longest = 0;
  let run = 0;
  let last: number | undefined;
  for (const d of days) {
    const t = Date.parse(`${d}T00:00:00Z`);
    run = last !== undefined && t - last === DAY_MS ? run + 1 : 1;
    longest = Math.max(longest, run);
    last = t;
  }
  let streak = 0;
  for (let t = dailyBest.has(dayOf(now)) ? now : now - DAY_MS; dailyBest.has(dayOf(t)); t -= DAY_MS) streak++;
  // the calendar ends with this week; weeks start on Monday
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const weekday = (new Date(today).getUTCDay() + 6) % 7;
  const start = today - (weekday + 7 * (weeks - 1)) * DAY_MS;
  const calendar = Array.from({ length: weeks * 7 }, (_, i) => {
    const day = dayOf(start + i * DAY_MS);
    return { day, score: dailyBest.get(day), today: day === dayOf(now) };
  });
  const scores = plays.map((p) => p.score);
  return {
    played: plays.length,
    best: scores.length ? Math.max(...scores) : undefined,
    streak,
    longest,
    dailies: dailyBest.size,
    calendar,
    distribution: distributionOf(scores),
  };
}

/** Up to eight bins of equal width (whole numbers) from the lowest score to the highest. */
export function distributionOf(scores: readonly number[], bins = 8): Stats['distribution'] {
  if (scores.length === 0) return [];
  const lo = Math.min(...scores);
  const hi = Math.max(...scores);
  const width = Math.max(1, Math.ceil((hi - lo + 1) / bins));
  const n = Math.min(bins, Math.ceil((hi - lo + 1) / width));
  const out = Array.from({ length: n }, (_, i) => ({ from: lo + i * width, to: lo + (i + 1) * width - 1, count: 0 }));
  for (const s of scores) (out[Math.min(n - 1, Math.floor((s - lo) / width))] as { count: number }).count++;
  return out;
}

/** The named player whose plays go to the server: the saved name, when this browser holds its key. */
export function namedPlayer(): { player: string; key: string } | undefined {
  const player = savedName();
  const k = player ? savedKey(player) : null;
  return player && k ? { player, key: k } : undefined;
}

const playsPath = (player: string, slug: string) => `api/players/${encodeURIComponent(player)}/plays?game=${encodeURIComponent(slug)}`;

/** Sends plays to the server for the named player (nothing without one; a failure only waits for the next sync). */
export async function sendPlays(slug: string, plays: readonly Play[]): Promise<boolean> {
  const who = namedPlayer();
  if (!who || plays.length === 0) return false;
  const r = await callApi(`api/players/${encodeURIComponent(who.player)}/plays`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.key}` },
    body: JSON.stringify({ game: slug, plays }),
  });
  return r.ok;
}

export type ServerPlays =
  | { ok: true; player: string; plays: Play[] }
  | { ok: false; message: string; unreachable?: boolean; unclaimed?: boolean };

/**
 * The named player's plays of a game as the server keeps them, after sending it this browser's (so a play made
 * while the server was away reaches it now). Without a name, nothing to ask.
 */
export async function syncPlays(slug: string): Promise<ServerPlays | undefined> {
  const who = namedPlayer();
  if (!who) return undefined;
  await sendPlays(slug, readPlays(slug));
  const r = await callApi<{ plays: Play[] }>(playsPath(who.player, slug), { headers: { authorization: `Bearer ${who.key}` } });
  if (!r.ok)
    return {
      ok: false,
      message: r.message,
      ...(r.unreachable ? { unreachable: true } : {}),
      ...(r.reason === 'unknown_player' ? { unclaimed: true } : {}),
    };
  const plays = (r.plays ?? []).filter(isPlay);
  writePlays(slug, mergePlays(readPlays(slug), plays));
  return { ok: true, player: who.player, plays };
}
