// Today's daily seed and the challenge seeds, as the server publishes them (GET /api/challenges[/{slug}]). The
// page never computes a daily seed itself: without the server there is none, and the pages say so.
import { type ApiResult, callApi } from './api.ts';

export interface Daily {
  game: string;
  /** The UTC date the seed belongs to, YYYY-MM-DD. */
  date: string;
  seed: number;
}
export interface ChallengeSeeds {
  id: string;
  title: string;
  seeds: number[];
  /** The set the server calls current (its default challenge board). */
  current?: boolean;
  /** 1: season-1 as first published; 2 on: pinned rules, a budget, progress clipped to 0-100. */
  format?: number;
}
export interface ChallengesOf {
  daily: Daily | undefined;
  /** The sets that include this game, the current one first, then in the server's order. */
  sets: ChallengeSeeds[];
}
export type ChallengesAnswer = { ok: true; byGame: Map<string, ChallengesOf> } | { ok: false; absent: boolean; message: string };

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function dailyOf(v: unknown): Daily | undefined {
  if (!isObj(v) || typeof v.game !== 'string' || typeof v.date !== 'string' || typeof v.seed !== 'number') return undefined;
  return { game: v.game, date: v.date, seed: v.seed };
}

/** The seeds of one game in one set (each seed is a number or `{ seed, random, strong }` with its baselines). */
function seedsOf(set: Record<string, unknown>, slug: string): number[] | undefined {
  const games = isObj(set.games) ? set.games : undefined;
  const g = games?.[slug];
  const raw = Array.isArray(g) ? g : isObj(g) && Array.isArray(g.seeds) ? g.seeds : undefined;
  if (!raw) return undefined;
  return raw.map((x) => (typeof x === 'number' ? x : isObj(x) ? x.seed : undefined)).filter((x): x is number => typeof x === 'number');
}

/** Reads `GET /api/challenges` (every game) or `/api/challenges/{slug}` into one shape. */
export function parseChallenges(body: Record<string, unknown>, slugs: string[]): Map<string, ChallengesOf> {
  const dailies = (Array.isArray(body.daily) ? body.daily : [body.daily]).map(dailyOf).filter((d): d is Daily => d !== undefined);
  const sets = Array.isArray(body.sets) ? body.sets.filter(isObj) : [];
  const out = new Map<string, ChallengesOf>();
  for (const slug of slugs) {
    const mine: ChallengeSeeds[] = [];
    for (const set of sets) {
      const seeds = seedsOf(set, slug);
      if (typeof set.id === 'string' && seeds)
        mine.push({
          id: set.id,
          title: typeof set.title === 'string' ? set.title : set.id,
          seeds,
          ...(set.current === true || body.current === set.id ? { current: true } : {}),
          ...(typeof set.format === 'number' ? { format: set.format } : {}),
        });
    }
    mine.sort((a, b) => Number(b.current === true) - Number(a.current === true));
    out.set(slug, { daily: dailies.find((d) => d.game === slug), sets: mine });
  }
  return out;
}

let cache: { at: number; body: Promise<ApiResult<Record<string, unknown>>> } | undefined;
/** How long one answer is reused by the pages (the daily changes once a day; a minute keeps it fresh). */
const TTL_MS = 60_000;

/**
 * Every game's daily and challenge seeds (one request, reused for a minute), read for the slugs asked: the answer
 * is kept whole, so a game page's one slug never hides the other games' dailies from the home page after it.
 */
export async function challenges(slugs: string[]): Promise<ChallengesAnswer> {
  const now = Date.now();
  if (!cache || now - cache.at >= TTL_MS) cache = { at: now, body: callApi<Record<string, unknown>>('api/challenges') };
  const r = await cache.body;
  if (!r.ok) return { ok: false, absent: r.absent === true, message: r.message };
  return { ok: true, byGame: parseChallenges(r, slugs) };
}

/** What a seed is for this game today: the daily, a challenge seed (k of N in a set), or nothing special. */
export function seedRole(
  of: ChallengesOf | undefined,
  seed: number,
): { daily?: Daily; challenge?: { set: ChallengeSeeds; index: number } } {
  if (!of) return {};
  const out: { daily?: Daily; challenge?: { set: ChallengeSeeds; index: number } } = {};
  if (of.daily?.seed === seed) out.daily = of.daily;
  for (const set of of.sets) {
    const index = set.seeds.indexOf(seed);
    if (index >= 0) {
      out.challenge = { set, index };
      break;
    }
  }
  return out;
}

/** The next UTC midnight after `now`, when the daily seed changes. */
export function nextReset(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** "resets at 00:00 UTC (in 2 h 14 min)" */
export function resetText(now: number): string {
  const mins = Math.max(1, Math.ceil((nextReset(now) - now) / 60_000));
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return `a new daily seed at 00:00 UTC (in ${h ? `${h} h ` : ''}${m} min)`;
}
