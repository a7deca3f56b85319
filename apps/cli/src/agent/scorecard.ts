// The scorecard of `hearth agent run`, and the printing of a server's scorecard (`hearth scorecard show`): per game
// the runs' median, mean and best score and, on a challenge set's seeds, the progress 0-100 with its 95% interval
// and "k of N seeds played", computed by the same function as the server's (@hearth/store/challenges).
import { type ChallengeSet, type GameProgress, setProgress } from '@hearth/store/challenges';
import type { AgentEnd } from './driver.ts';

/** A finished run as the scorecard needs it (from the driver, or read back from its record on a resume). */
export interface RunResult {
  slug: string;
  seed: number;
  score: number;
  turns: number;
  end: AgentEnd | string;
  refusals: number;
  steps: number;
  ms: number;
  usage: { input: number | null; output: number | null; cost: number | null };
}

export interface GameScore {
  slug: string;
  runs: number;
  median: number;
  mean: number;
  best: number;
  /** On a set's seeds: the progress, its interval, k of N; null with `why` otherwise. */
  progress: Omit<GameProgress, 'perSeed'> | null;
  why: string | null;
  ends: Record<string, number>;
  refusals: number;
  steps: number;
  ms: number;
  usage: RunResult['usage'];
}

const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

export function scorecard(runs: readonly RunResult[], set: ChallengeSet | null, seedsText: string): GameScore[] {
  const bySlug = new Map<string, RunResult[]>();
  for (const r of runs) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r]);
  const progress = set
    ? setProgress(
        set,
        runs.map((r) => ({ game: r.slug, seed: r.seed, score: r.score, counts: true })),
      )
    : [];
  return [...bySlug].map(([slug, rs]) => {
    const scores = rs.map((r) => r.score).sort((a, b) => a - b);
    const mid = scores.length >> 1;
    const median = scores.length % 2 ? scores[mid]! : (scores[mid - 1]! + scores[mid]!) / 2;
    const ends: Record<string, number> = {};
    for (const r of rs) ends[r.end] = (ends[r.end] ?? 0) + 1;
    const p = progress.find((g) => g.game === slug);
    let gp: GameScore['progress'] = null;
    if (p) {
      const { perSeed: _perSeed, ...rest } = p;
      gp = rest;
    }
    return {
      slug,
      runs: rs.length,
      median,
      mean: scores.reduce((a, b) => a + b, 0) / scores.length,
      best: scores[scores.length - 1]!,
      progress: gp,
      why: gp
        ? null
        : set
          ? `${set.id} has no ${slug}`
          : `no baseline for seeds ${seedsText} (progress is measured on a challenge set's seeds): use --seeds season-2`,
      ends,
      refusals: rs.reduce((a, r) => a + r.refusals, 0),
      steps: rs.reduce((a, r) => a + r.steps, 0),
      ms: rs.reduce((a, r) => a + r.ms, 0),
      usage: rs.reduce(
        (u, r) => ({ input: add(u.input, r.usage.input), output: add(u.output, r.usage.output), cost: add(u.cost, r.usage.cost) }),
        {
          input: null as number | null,
          output: null as number | null,
          cost: null as number | null,
        },
      ),
    };
  });
}

/** One decimal, everywhere a score or a progress is printed. */
export const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** "24.6 [14.1, 35.0]" or "40.0 (one seed: no interval)". */
export function progressText(p: { progress: number; interval: { low: number | null; high: number | null } }): string {
  const { low, high } = p.interval;
  return low === null || high === null
    ? `${p.progress.toFixed(1)} (no interval)`
    : `${p.progress.toFixed(1)} [${low.toFixed(1)}, ${high.toFixed(1)}]`;
}

/** A table: numbers right-aligned where `right` says so. */
export function table(head: string[], rows: string[][], right: (i: number) => boolean): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

export function formatScorecard(card: readonly GameScore[]): string {
  const head = ['game', 'runs', 'median', 'mean', 'best', 'progress [95% CI]', 'seeds', 'refused', 'ends'];
  const rows = card.map((g) => [
    g.slug,
    String(g.runs),
    fmt(g.median),
    fmt(g.mean),
    fmt(g.best),
    g.progress ? progressText(g.progress) : '-',
    g.progress ? `${g.progress.played} of ${g.progress.seeds}` : '-',
    String(g.refusals),
    Object.entries(g.ends)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  ]);
  const notes = card.filter((g) => g.why).map((g) => `${g.slug}: ${g.why}`);
  const above = card
    .filter((g) => (g.progress?.aboveStrong ?? 0) > 0)
    .map((g) => `${g.slug}: ${g.progress!.aboveStrong} seeds above the strong bot`);
  const used = card.filter((g) => g.usage.input !== null || g.usage.output !== null || g.usage.cost !== null);
  const usage = used.map(
    (g) =>
      `${g.slug}: usage reported: input ${g.usage.input ?? '-'}, output ${g.usage.output ?? '-'}, cost ${g.usage.cost === null ? '-' : g.usage.cost.toFixed(4)}`,
  );
  return [table(head, rows, (i) => i >= 1 && i <= 4), ...above, ...usage, ...notes].join('\n');
}

/** A server's scorecard report (GET /api/scorecards/{id}), as far as the text shows it. */
type ServerReport = {
  scorecard: {
    id: string;
    player: string;
    challenge: string;
    closed: boolean;
    tags: Record<string, unknown>;
    url: string;
    attempts?: number;
    page?: string;
  };
  progress: number;
  interval?: { low: number | null; high: number | null; method: string } | null;
  complete?: boolean;
  identical?: number;
  cost?: { text: string };
  totals?: { runs: number; retries?: number; fallbacks?: number; usage?: { input: number | null; output: number | null } };
  games: Array<
    Omit<GameProgress, 'perSeed'> & {
      totals: { actions: number; refusals: number; steps: number; ms: number };
      perSeed: Array<{
        seed: number;
        score: number | null;
        progress: number;
        uncapped: number | null;
        counted: boolean;
        runId: number | null;
        identicalTo: { text: string } | null;
        summary: { refusals: number; ms: number } | null;
        attempts?: Array<{
          attempt: number;
          score: number;
          progress: number;
          uncapped: number | null;
          runId: number;
          identicalTo: { text: string } | null;
          summary: { refusals: number; ms: number } | null;
        }>;
      }>;
    }
  >;
};
type ReportGame = ServerReport['games'][number];

/** A server's scorecard report (GET /api/scorecards/{id}) as text: the games, then every played seed. */
export function formatReport(report: Record<string, unknown>): string {
  const r = report as ServerReport;
  const c = r.scorecard;
  const k = c.attempts ?? 1;
  const out = [
    ...reportHeader(r),
    '',
    table(
      ['game', 'progress [95% CI]', 'seeds', 'above strong', 'actions', 'refused'],
      r.games.map((g) => [
        g.game,
        progressText(g),
        `${g.played} of ${g.seeds}`,
        String(g.aboveStrong),
        String(g.totals.actions),
        String(g.totals.refusals),
      ]),
      (i) => i >= 3,
    ),
  ];
  for (const g of r.games) out.push(...seedLines(g, k));
  out.push('', `the report: ${c.url}`, ...(c.page ? [`on the web: ${c.page}`] : []));
  return out.join('\n');
}

/** Whose scorecard on which set, open or closed; the overall progress; the runs' totals. */
function reportHeader(r: ServerReport): string[] {
  const c = r.scorecard;
  const tags = ['model', 'agent', 'prompt']
    .filter((k) => c.tags[k] !== null && c.tags[k] !== undefined)
    .map((k) => `${k} ${String(c.tags[k])}`)
    .join(', ');
  const k = c.attempts ?? 1;
  const iv =
    r.interval && r.interval.low !== null && r.interval.high !== null
      ? ` [${r.interval.low.toFixed(1)}, ${r.interval.high.toFixed(1)}]`
      : '';
  const t = r.totals;
  return [
    `scorecard ${c.id} on ${c.challenge} by ${c.player}${tags ? ` (${tags})` : ''}: ${c.closed ? 'closed' : 'open'}${r.complete === undefined ? '' : r.complete ? ', complete' : ', incomplete'}${k > 1 ? `, ${k} attempts per seed` : ''}`,
    `overall progress ${r.progress.toFixed(1)}${iv} (the mean of the games${iv ? '; 95% percentile bootstrap over seeds' : ''})`,
    ...(t
      ? [
          `${t.runs} runs; tokens in ${t.usage?.input ?? '-'}, out ${t.usage?.output ?? '-'}; cost ${r.cost?.text ?? 'unknown'}; ${t.retries ?? 0} retries, ${t.fallbacks ?? 0} fallbacks; ${r.identical ?? 0} identical to an earlier run (counted, disclosed per seed)`,
        ]
      : []),
  ];
}

/** A game's played seeds (every attempt when there are several), none when it has none. */
function seedLines(g: ReportGame, k: number): string[] {
  const played = g.perSeed.flatMap((s) =>
    (s.attempts ?? (s.runId === null ? [] : [{ attempt: 0, ...s, runId: s.runId, score: s.score ?? 0 }])).map((a) => ({
      seed: s.seed,
      ...a,
    })),
  );
  if (played.length === 0) return [];
  return [
    '',
    `${g.game} (${g.playedText})`,
    table(
      ['seed', ...(k > 1 ? ['attempt'] : []), 'score', 'progress', 'uncapped', 'run', 'note'],
      played.map((s) => [
        String(s.seed),
        ...(k > 1 ? [String(s.attempt)] : []),
        fmt(s.score),
        s.progress.toFixed(1),
        s.uncapped === null ? '-' : s.uncapped.toFixed(1),
        String(s.runId),
        [s.summary ? `${s.summary.refusals} refused` : '', s.identicalTo ? s.identicalTo.text : ''].filter(Boolean).join('; '),
      ]),
      (i) => i >= 1 && i <= (k > 1 ? 5 : 4),
    ),
  ];
}
