// The scorecard of `hearth agent run`: per game the runs' median, mean and best score, and where the
// challenge baselines of the same seeds are known (the shipped random bot = 0, the strong bot = 100), the mean
// normalised score over those seeds.
import type { AgentRun } from './driver.ts';

export interface Baseline {
  random: number;
  strong: number;
}

export interface GameScore {
  slug: string;
  runs: number;
  median: number;
  mean: number;
  best: number;
  /** Mean normalised score over the runs whose seed has a baseline, and how many those are. */
  normalised: { mean: number; seeds: number } | null;
  ends: Record<string, number>;
}

export function normalise(score: number, b: Baseline): number {
  const span = b.strong - b.random;
  return span === 0 ? (score >= b.strong ? 100 : 0) : ((score - b.random) / span) * 100;
}

export function scorecard(runs: readonly AgentRun[], baselines: ReadonlyMap<string, ReadonlyMap<number, Baseline>>): GameScore[] {
  const bySlug = new Map<string, AgentRun[]>();
  for (const r of runs) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r]);
  return [...bySlug].map(([slug, rs]) => {
    const scores = rs.map((r) => r.score).sort((a, b) => a - b);
    const mid = scores.length >> 1;
    const median = scores.length % 2 ? scores[mid]! : (scores[mid - 1]! + scores[mid]!) / 2;
    const known = rs.flatMap((r) => {
      const b = baselines.get(slug)?.get(r.seed);
      return b ? [normalise(r.score, b)] : [];
    });
    const ends: Record<string, number> = {};
    for (const r of rs) ends[r.end] = (ends[r.end] ?? 0) + 1;
    return {
      slug,
      runs: rs.length,
      median,
      mean: scores.reduce((a, b) => a + b, 0) / scores.length,
      best: scores[scores.length - 1]!,
      normalised: known.length > 0 ? { mean: known.reduce((a, b) => a + b, 0) / known.length, seeds: known.length } : null,
      ends,
    };
  });
}

export function formatScorecard(card: readonly GameScore[]): string {
  const head = ['game', 'runs', 'median', 'mean', 'best', 'normalised', 'ends'];
  const rows = card.map((g) => [
    g.slug,
    String(g.runs),
    fmt(g.median),
    fmt(g.mean),
    fmt(g.best),
    g.normalised ? `${fmt(g.normalised.mean)} (${g.normalised.seeds} ${g.normalised.seeds === 1 ? 'seed' : 'seeds'})` : '-',
    Object.entries(g.ends)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
