// A scorecard as published: per game progress with its interval, totals, every seed (each attempt) with links,
// the overall bootstrap interval, cost; and the same as CSV.
import {
  type ChallengeSet,
  type EpisodeSummary,
  type GameProgress,
  overallInterval,
  type Scorecard,
  type ScorecardEntry,
  setProgress,
  textSeed,
} from '@hearth/store';
import { runUrl, scorecardUrl } from './runs.ts';

type Usage = { input: number | null; output: number | null; cost: number | null };
const addUsage = (a: Usage, b: Usage | undefined): Usage => {
  const plus = (x: number | null, y: number | null | undefined) => (y === null || y === undefined ? x : (x ?? 0) + y);
  return { input: plus(a.input, b?.input), output: plus(a.output, b?.output), cost: plus(a.cost, b?.cost) };
};
const ZERO: Usage = { input: null, output: null, cost: null };

const identicalText = (e: ScorecardEntry) =>
  e.identical ? { runId: e.runId, player: e.runPlayer, text: `identical to run ${e.runId} by ${e.runPlayer}, earlier` } : null;

/** "1.23 $", or "unknown" when a played run reported no cost (no --price-in/--price-out, or no usage). */
function costOf(entries: readonly ScorecardEntry[]): { dollars: number | null; text: string } {
  if (entries.length === 0) return { dollars: null, text: 'unknown' };
  let dollars = 0;
  for (const e of entries) {
    const c = e.summary?.usage.cost;
    if (c === null || c === undefined) return { dollars: null, text: 'unknown' };
    dollars += c;
  }
  return { dollars, text: `$${dollars.toFixed(dollars < 1 ? 4 : 2)}` };
}

export type ScorecardReport = ReturnType<typeof scorecardReport>;

/** A closed scorecard never changes: its bootstrap interval (2,000 resamples) is computed once, at most CLOSED_KEPT kept. */
const CLOSED_KEPT = 2000;
const closedIntervals = new Map<string, ReturnType<typeof overallInterval>>();
function intervalOf(card: Scorecard, games: Parameters<typeof overallInterval>[0]) {
  const kept = card.closed ? closedIntervals.get(card.id) : undefined;
  if (kept) return kept;
  const computed = overallInterval(games, textSeed(card.id));
  if (card.closed) {
    if (closedIntervals.size >= CLOSED_KEPT) closedIntervals.delete(closedIntervals.keys().next().value as string);
    closedIntervals.set(card.id, computed);
  }
  return computed;
}

/**
 * The scorecard as published: per game progress with its interval, totals, and every seed (each attempt) with
 * links; the overall progress with its bootstrap interval when `overall` (the board leaves it out for rows it
 * does not show).
 */
export function scorecardReport(
  base: string,
  card: Scorecard,
  set: ChallengeSet,
  entries: readonly ScorecardEntry[],
  options: { overall?: boolean } = {},
) {
  const games = setProgress(
    set,
    entries.map((e) => ({ game: e.game, seed: e.seed, attempt: e.attempt, score: e.score, counts: true })),
    card.attempts,
  );
  const byKey = new Map(entries.map((e) => [`${e.game}\n${e.seed}\n${e.attempt}`, e]));
  const totals = { runs: entries.length, actions: 0, steps: 0, refusals: 0, retries: 0, fallbacks: 0, ms: 0, usage: ZERO };
  const recordUrl = (e: ScorecardEntry) =>
    e.hasRecord ? `${scorecardUrl(base, card.id)}/records/${e.game}/${e.seed}${e.attempt > 0 ? `?attempt=${e.attempt}` : ''}` : null;
  const gameOut = games.map((g: GameProgress) => {
    const t = { actions: 0, steps: 0, refusals: 0, retries: 0, fallbacks: 0, ms: 0, usage: ZERO };
    const perSeed = g.perSeed.map((s) => {
      const attempts = Array.from({ length: card.attempts }, (_, a) => byKey.get(`${g.game}\n${s.seed}\n${a}`)).flatMap((e) =>
        e ? [e] : [],
      );
      for (const e of attempts) {
        t.actions += e.actions;
        t.steps += e.summary?.steps ?? 0;
        t.refusals += e.summary?.refusals ?? 0;
        t.retries += e.summary?.retries ?? 0;
        t.fallbacks += e.summary?.fallbacks ?? 0;
        t.ms += e.summary?.ms ?? 0;
        t.usage = addUsage(t.usage, e.summary?.usage);
      }
      const first = attempts[0];
      const progressOfAttempt = new Map(s.attempts.map((a) => [a.attempt, a]));
      return {
        ...s,
        counted: attempts.length > 0,
        runId: first?.runId ?? null,
        runUrl: first ? runUrl(base, first.runId) : null,
        actions: first?.actions ?? null,
        summary: first?.summary ?? null,
        identicalTo: first ? identicalText(first) : null,
        recordUrl: first ? recordUrl(first) : null,
        attempts: attempts.map((e) => ({
          attempt: e.attempt,
          score: e.score,
          progress: progressOfAttempt.get(e.attempt)?.progress ?? 0,
          uncapped: progressOfAttempt.get(e.attempt)?.uncapped ?? null,
          runId: e.runId,
          runUrl: runUrl(base, e.runId),
          actions: e.actions,
          summary: e.summary,
          identicalTo: identicalText(e),
          recordUrl: recordUrl(e),
        })),
      };
    });
    totals.actions += t.actions;
    totals.steps += t.steps;
    totals.refusals += t.refusals;
    totals.retries += t.retries;
    totals.fallbacks += t.fallbacks;
    totals.ms += t.ms;
    totals.usage = addUsage(totals.usage, t.usage);
    return { ...g, totals: t, perSeed };
  });
  const progress = games.length === 0 ? 0 : games.reduce((a, g) => a + g.progress, 0) / games.length;
  const overall = options.overall === false ? null : intervalOf(card, games);
  return {
    ok: true as const,
    scorecard: {
      ...card,
      openedAt: new Date(card.openedAt).toISOString(),
      closedAt: card.closedAt === null ? null : new Date(card.closedAt).toISOString(),
      url: scorecardUrl(base, card.id),
      page: `${base}/#/scorecards/${card.id}`,
    },
    set: { id: set.id, title: set.title, format: set.format },
    progress,
    interval: overall ? { low: overall.low, high: overall.high, method: overall.method } : null,
    complete: games.every((g) => g.complete),
    runsExpected: games.reduce((a, g) => a + g.seeds * card.attempts, 0),
    identical: entries.filter((e) => e.identical).length,
    cost: costOf(entries),
    games: gameOut,
    totals,
  };
}

/** CSV of a report: one row per game, seed and attempt (k rows per seed; an attempt not played has an empty score). */
export function reportCsv(report: ScorecardReport): string {
  const head = [
    'game',
    'seed',
    'attempt',
    'played',
    'score',
    'progress',
    'uncapped',
    'random',
    'greedy',
    'strong',
    'run_id',
    'actions',
    'steps',
    'refusals',
    'retries',
    'fallbacks',
    'ms',
    'input_tokens',
    'output_tokens',
    'cost',
    'identical_to_run',
    'identical_to_player',
  ];
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const text = String(v);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = [head.join(',')];
  for (const g of report.games)
    for (const s of g.perSeed)
      for (let a = 0; a < report.scorecard.attempts; a++) {
        const e = s.attempts.find((x) => x.attempt === a);
        const sum: EpisodeSummary | null = e?.summary ?? null;
        rows.push(
          [
            g.game,
            s.seed,
            a,
            e ? 1 : 0,
            e?.score,
            e ? e.progress : 0,
            e?.uncapped,
            s.random,
            s.greedy,
            s.strong,
            e?.runId,
            e?.actions,
            sum?.steps,
            sum?.refusals,
            sum?.retries,
            sum?.fallbacks,
            sum?.ms,
            sum?.usage.input,
            sum?.usage.output,
            sum?.usage.cost,
            e?.identicalTo?.runId,
            e?.identicalTo?.player,
          ]
            .map(cell)
            .join(','),
        );
      }
  return `${rows.join('\n')}\n`;
}

/** Who a board row belongs to: a model tag and prompt id (agents), a player (people). */
