// The fixed challenge sets and the arithmetic every surface shares (server, CLI harness, MCP): whether a run
// counts for a set, its progress 0-100 per seed, and a set score with its 95% interval. Pure: no database, so
// `@hearth/store/challenges` can be imported by a client without the store.
import season1 from '../challenges/season-1.json' with { type: 'json' };
import season2 from '../challenges/season-2.json' with { type: 'json' };
import type { ChallengeBudget, ChallengeGame, ChallengeMiss, ChallengeSeed, ChallengeSet } from './types.ts';

/** Season-1 as first published ({ id, title, description, games: { slug: seeds[] } }): unpinned, unbudgeted. */
function firstFormat(set: { id: string; title: string; description: string; games: Record<string, ChallengeSeed[]> }): ChallengeSet {
  const games: Record<string, ChallengeGame> = {};
  for (const [slug, seeds] of Object.entries(set.games)) games[slug] = { version: null, budget: null, seeds };
  return { id: set.id, title: set.title, description: set.description, format: 1, games };
}

/**
 * The fixed challenge sets, written by the simulator (`pnpm --filter @hearth/sim challenges`: the shipped
 * random, greedy and strong bots played on every seed under the set's budget) and checked in; servers load them
 * into the database at start. Season-1 is frozen as published (its baselines came from the rules of its day).
 */
export const CHALLENGE_SETS: readonly ChallengeSet[] = [firstFormat(season1), season2 as ChallengeSet];
/** The set a challenge board or the harness uses when none is named. */
export const CURRENT_CHALLENGE = 'season-2';

/** Actions of each `type` in a list (the budget's perType limits count these). */
function typeCounts(actions: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of actions) {
    const type = a !== null && typeof a === 'object' ? (a as { type?: unknown }).type : undefined;
    if (typeof type === 'string') counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts;
}

/** Why `actions` exceed `budget`, or null when they fit. */
export function overBudget(budget: ChallengeBudget, actions: readonly unknown[]): string | null {
  if (actions.length > budget.actions) return `${actions.length} actions; the budget is ${budget.text}`;
  if (budget.perType) {
    const counts = typeCounts(actions);
    for (const [type, max] of Object.entries(budget.perType)) {
      const n = counts.get(type) ?? 0;
      if (n > max) return `${n} ${type} actions; the budget is ${budget.text}`;
    }
  }
  return null;
}

/** Whether the next action would leave the budget (the harness stops the agent before it, never after). */
export function budgetAllows(budget: ChallengeBudget, played: readonly unknown[], next: unknown): boolean {
  return overBudget(budget, [...played, next]) === null;
}

/**
 * Whether a verified run counts for a set: its seed is one of the game's seeds, it was verified against the
 * pinned rules version, and its actions fit the budget. Null when it counts.
 */
export function challengeMiss(
  set: ChallengeSet,
  run: { game: string; seed: number; version: string; actions: readonly unknown[] },
): ChallengeMiss | null {
  const g = set.games[run.game];
  const inSet = g?.seeds.some((s) => s.seed === run.seed) ?? false;
  if (!g || !inSet) return { reason: 'not_in_set', message: `seed ${run.seed} of ${run.game} is not in ${set.id}` };
  if (g.version !== null && g.version !== run.version)
    return {
      reason: 'version_mismatch',
      message: `${set.id} pins ${run.game} rules ${g.version}; this run was verified against ${run.version}`,
    };
  const over = g.budget ? overBudget(g.budget, run.actions) : null;
  if (over) return { reason: 'over_budget', message: `over ${set.id}'s budget for ${run.game}: ${over}` };
  return null;
}

/**
 * Progress on one seed: 100 x (score - random) / (strong - random), clipped to [0, 100] for format-2 sets.
 * When the strong bot does no better than the random one on a seed, reaching the strong score is 100, else 0.
 * `uncapped` is the same ratio without the clip (an above-strong run shows above 100 there).
 */
export function progressOf(seed: ChallengeSeed, score: number): { progress: number; uncapped: number } {
  const span = seed.strong - seed.random;
  const uncapped = span > 0 ? (100 * (score - seed.random)) / span : score >= seed.strong ? 100 : 0;
  return { progress: Math.min(100, Math.max(0, uncapped)), uncapped };
}

/** The 97.5% quantile of Student's t with `df` degrees of freedom (the 95% two-sided interval's factor). */
export function tQuantile975(df: number): number {
  // Bisection on the CDF, written with the regularised incomplete beta function: exact to 1e-10.
  let lo = 0;
  let hi = 1000;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (studentCdf(mid, df) < 0.975) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function studentCdf(t: number, df: number): number {
  const x = df / (df + t * t);
  const tail = 0.5 * incompleteBeta(x, df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

function logGamma(z: number): number {
  // Lanczos (g = 7, n = 9), accurate to about 1e-15 for z > 0.5.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - logGamma(1 - z);
  const zz = z - 1;
  let a = c[0]!;
  const t = zz + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (zz + i);
  return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(a);
}

/** I_x(a, b) by its continued fraction (Numerical Recipes' betacf). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = 1 + num / c;
    c = Math.abs(c) < tiny ? tiny : c;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = 1 + num / c;
    c = Math.abs(c) < tiny ? tiny : c;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return (front * f) / a;
}

/**
 * The mean of per-seed values with its 95% Student-t interval, mean +- t(0.975, n - 1) x s / sqrt(n) (s the
 * sample standard deviation), clipped to [0, 100]. One value: no interval (null).
 */
export function meanInterval(values: readonly number[]): { mean: number; low: number | null; high: number | null } {
  const n = values.length;
  if (n === 0) return { mean: 0, low: null, high: null };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, low: null, high: null };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const half = tQuantile975(n - 1) * Math.sqrt(variance / n);
  return { mean, low: Math.max(0, mean - half), high: Math.min(100, mean + half) };
}

/** A played seed (one attempt of it) as a scorecard holds it. */
export interface PlayedSeed {
  game: string;
  seed: number;
  /** 0-based attempt (default 0). */
  attempt?: number;
  score: number;
  /** False: not counted (season-1's boards; a scorecard counts every run it holds, identical ones included). */
  counts: boolean;
}

/** Most attempts a scorecard may declare per seed. */
export const MAX_ATTEMPTS = 10;

export interface AttemptProgress {
  attempt: number;
  score: number;
  progress: number;
  uncapped: number;
}

export interface SeedProgress {
  seed: number;
  random: number;
  greedy: number | null;
  strong: number;
  /** The mean score of the attempts played; null when none was (the seed counts 0 in the mean). */
  score: number | null;
  /** The mean progress over the k attempts the scorecard declares, an attempt not played counting 0. */
  progress: number;
  /** The mean uncapped ratio of the attempts played, null when none was. */
  uncapped: number | null;
  /** Attempts played (of the scorecard's k). */
  attemptsPlayed: number;
  /** Each attempt played, in order. */
  attempts: AttemptProgress[];
}

export interface GameProgress {
  game: string;
  version: string | null;
  budget: ChallengeBudget | null;
  /** Mean progress over the game's N seeds, a seed not played counting 0, with its 95% interval. */
  progress: number;
  interval: { low: number | null; high: number | null; method: string };
  /** Seeds with at least one attempt played. */
  played: number;
  seeds: number;
  /** Attempts per seed (k). */
  attempts: number;
  /** Every seed played k times. */
  complete: boolean;
  /** "k of N seeds" as words. */
  playedText: string;
  /** Seeds where the run scored above the strong bot (their progress is 100; `uncapped` shows by how much). */
  aboveStrong: number;
  perSeed: SeedProgress[];
}

export const INTERVAL_METHOD =
  "Student's t, 95%: mean +- t(0.975, N - 1) x s / sqrt(N) over the set's N seeds (a seed's value is the mean of its k attempts, a seed or attempt not played counts 0), clipped to [0, 100]";

/** Per game of the set, the progress of the played seeds (the set's order), each seed's the mean of its `attempts`. */
export function setProgress(set: ChallengeSet, played: readonly PlayedSeed[], attempts = 1): GameProgress[] {
  const k = Math.max(1, attempts);
  return Object.entries(set.games).map(([game, g]) => {
    const mine = new Map<number, PlayedSeed[]>();
    for (const p of played) if (p.game === game && p.counts) mine.set(p.seed, [...(mine.get(p.seed) ?? []), p]);
    const perSeed = g.seeds.map((s): SeedProgress => {
      const runs = (mine.get(s.seed) ?? [])
        .filter((p) => (p.attempt ?? 0) < k)
        .sort((a, b) => (a.attempt ?? 0) - (b.attempt ?? 0))
        .map((p) => ({ attempt: p.attempt ?? 0, score: p.score, ...progressOf(s, p.score) }));
      const n = runs.length;
      const sum = (f: (a: AttemptProgress) => number) => runs.reduce((acc, a) => acc + f(a), 0);
      return {
        seed: s.seed,
        random: s.random,
        greedy: s.greedy ?? null,
        strong: s.strong,
        score: n === 0 ? null : sum((a) => a.score) / n,
        progress: sum((a) => a.progress) / k,
        uncapped: n === 0 ? null : sum((a) => a.uncapped) / n,
        attemptsPlayed: n,
        attempts: runs,
      };
    });
    const stats = meanInterval(perSeed.map((s) => s.progress));
    const playedCount = perSeed.filter((s) => s.attemptsPlayed > 0).length;
    return {
      game,
      version: g.version,
      budget: g.budget,
      progress: stats.mean,
      interval: { low: stats.low, high: stats.high, method: INTERVAL_METHOD },
      played: playedCount,
      seeds: g.seeds.length,
      attempts: k,
      complete: perSeed.every((s) => s.attemptsPlayed >= k),
      playedText: `${playedCount} of ${g.seeds.length} seeds played${k > 1 ? ` (${perSeed.reduce((a, s) => a + s.attemptsPlayed, 0)} of ${k * g.seeds.length} attempts)` : ''}`,
      aboveStrong: perSeed.filter((s) => s.attempts.some((a) => a.score > s.strong)).length,
      perSeed,
    };
  });
}

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_METHOD = `percentile bootstrap, 95%: ${BOOTSTRAP_RESAMPLES} resamples; each resample draws every game's N seeds with replacement (a seed's value the mean of its attempts) and takes the mean of the games' means; the interval is the 2.5th and 97.5th percentiles of those means; the resampling is seeded by the scorecard id, so the interval is the same every time`;

/** A small seeded generator (mulberry32) for the bootstrap: statistics, not game rules. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash of a text (the bootstrap's seed). */
export function textSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The overall progress (the mean of the games' progress) with its 95% percentile-bootstrap interval over seeds,
 * stratified by game (BOOTSTRAP_METHOD). `seed` fixes the resampling (the scorecard id's textSeed).
 */
export function overallInterval(
  games: readonly { perSeed: readonly { progress: number }[] }[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): { progress: number; low: number | null; high: number | null; method: string } {
  const values = games.map((g) => g.perSeed.map((s) => s.progress)).filter((v) => v.length > 0);
  if (values.length === 0) return { progress: 0, low: null, high: null, method: BOOTSTRAP_METHOD };
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const progress = mean(values.map(mean));
  if (values.every((v) => v.length < 2)) return { progress, low: null, high: null, method: BOOTSTRAP_METHOD };
  const next = mulberry32(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let total = 0;
    for (const v of values) {
      let sum = 0;
      for (let i = 0; i < v.length; i++) sum += v[Math.floor(next() * v.length)]!;
      total += sum / v.length;
    }
    means[r] = total / values.length;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.round(q * (resamples - 1))))]!;
  return { progress, low: at(0.025), high: at(0.975), method: BOOTSTRAP_METHOD };
}

export const PAIRED_METHOD =
  "paired Student's t, 95%: over the set's N seeds, d = progress(A) - progress(B) per seed (each the mean of its attempts, not played = 0); mean(d) +- t(0.975, N - 1) x sd(d) / sqrt(N)";

/** A paired comparison of per-seed values (same seeds, same order): the mean difference A - B with its interval. */
export function pairedComparison(
  a: readonly number[],
  b: readonly number[],
): {
  difference: number;
  low: number | null;
  high: number | null;
  wins: number;
  ties: number;
  losses: number;
  seeds: number;
  method: string;
} {
  if (a.length !== b.length) throw new Error('a paired comparison needs the same seeds on both sides');
  const d = a.map((x, i) => x - b[i]!);
  const n = d.length;
  const difference = n === 0 ? 0 : d.reduce((s, x) => s + x, 0) / n;
  let low: number | null = null;
  let high: number | null = null;
  if (n >= 2) {
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - difference) ** 2, 0) / (n - 1));
    const half = tQuantile975(n - 1) * (sd / Math.sqrt(n));
    low = difference - half;
    high = difference + half;
  }
  return {
    difference,
    low,
    high,
    wins: d.filter((x) => x > 0).length,
    ties: d.filter((x) => x === 0).length,
    losses: d.filter((x) => x < 0).length,
    seeds: n,
    method: PAIRED_METHOD,
  };
}

/** The set's game for a seed, or null: what a harness needs to play `--seeds <set id>`. */
export function challengeById(id: string): ChallengeSet | null {
  return CHALLENGE_SETS.find((s) => s.id === id) ?? null;
}
