import type { GameRecord } from './record.ts';

export interface Summary {
  game: string;
  policy: string;
  games: number;
  errors: number;
  refused: number;
  maxTurns: number;
  mean: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  meanTurns: number;
  steps: number;
}

/** Linear-interpolated quantile of sorted values (q in [0, 1]). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Score statistics over the games that did not error (an errored game has no meaningful score). */
export function summarize(records: readonly GameRecord[]): Summary {
  const ok = records.filter((r) => r.end !== 'error');
  const scores = ok.map((r) => r.score).sort((a, b) => a - b);
  const steps = records.reduce((sum, r) => sum + r.turns, 0);
  const first = records[0];
  return {
    game: first?.game ?? '',
    policy: first?.policy ?? '',
    games: records.length,
    errors: records.length - ok.length,
    refused: records.filter((r) => r.end === 'refused').length,
    maxTurns: records.filter((r) => r.end === 'max_turns').length,
    mean: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : Number.NaN,
    median: quantile(scores, 0.5),
    p10: quantile(scores, 0.1),
    p90: quantile(scores, 0.9),
    min: scores[0] ?? Number.NaN,
    max: scores[scores.length - 1] ?? Number.NaN,
    meanTurns: ok.length ? ok.reduce((a, r) => a + r.turns, 0) / ok.length : Number.NaN,
    steps,
  };
}

/** Groups records by (game, policy), in first-seen order. */
export function groupRecords(records: readonly GameRecord[]): GameRecord[][] {
  const groups = new Map<string, GameRecord[]>();
  for (const r of records) {
    const key = `${r.game}\u0000${r.policy}`;
    let g = groups.get(key);
    if (!g) {
      g = [];
      groups.set(key, g);
    }
    g.push(r);
  }
  return [...groups.values()];
}

const fmt = (x: number) => (Number.isNaN(x) ? '-' : Number.isInteger(x) ? String(x) : x.toFixed(1));

/** The summary table as aligned text; steps/s only when a timing is known (a run, not a merge). */
export function formatSummary(summaries: readonly Summary[], timing?: { elapsedMs: number; workers: number; startupMs?: number }): string {
  const head = ['game', 'policy', 'games', 'errors', 'mean', 'median', 'p10', 'p90', 'max', 'turns/game'];
  if (timing) head.push('steps/s', 'games/s');
  const rows = summaries.map((s) => {
    const row = [
      s.game,
      s.policy,
      String(s.games),
      String(s.errors),
      fmt(s.mean),
      fmt(s.median),
      fmt(s.p10),
      fmt(s.p90),
      fmt(s.max),
      fmt(s.meanTurns),
    ];
    if (timing) {
      const secs = Math.max(timing.elapsedMs, 1) / 1000;
      row.push(String(Math.round(s.steps / secs)), (s.games / secs).toFixed(1));
    }
    return row;
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  if (timing) {
    const startup =
      timing.startupMs !== undefined
        ? ` (after ${(timing.startupMs / 1000).toFixed(1)} s of startup: spawning workers, loading the game)`
        : '';
    out.push(`${(timing.elapsedMs / 1000).toFixed(1)} s on ${timing.workers} worker${timing.workers === 1 ? '' : 's'}${startup}`);
  }
  return out.join('\n');
}
