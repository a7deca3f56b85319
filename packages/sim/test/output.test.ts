import { describe, expect, it } from 'vitest';
import { createProgress, formatSummary, type GameRecord, progressText, quantile, summarize } from '../src/index.ts';

const sink = (isTTY: boolean) => {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (s: string) => chunks.push(s) } };
};

describe('progress', () => {
  it('states games/s, steps/s and the ETA', () => {
    expect(progressText({ games: 50, total: 200, steps: 5000, elapsedMs: 10_000 })).toBe(
      '50/200 games  5.0 games/s  500 steps/s  ETA 00:30',
    );
  });

  it('redraws one line on a terminal and prints throttled plain lines otherwise', () => {
    const tty = sink(true);
    const bar = createProgress(tty.stream);
    for (let g = 1; g <= 10; g++) bar.update({ games: g, total: 10, steps: g * 10, elapsedMs: g * 200 });
    bar.done();
    expect(tty.chunks.every((c) => c.startsWith('\r[') || c === '\n')).toBe(true);
    expect(tty.chunks.at(-2)).toContain('[########################] 10/10 games');
    expect(tty.chunks.at(-1)).toBe('\n');

    const log = sink(false);
    const lines = createProgress(log.stream, 1000);
    for (let g = 1; g <= 10; g++) lines.update({ games: g, total: 10, steps: g * 10, elapsedMs: g * 300 });
    lines.done();
    expect(log.chunks.every((c) => c.startsWith('progress ') && c.endsWith('\n') && !c.includes('\r'))).toBe(true);
    // The first update, then at most one per second of progress, then the last one.
    expect(log.chunks.map((c) => c.split(' ')[1])).toEqual(['1/10', '5/10', '9/10', '10/10']);
  });
});

describe('summary', () => {
  const rec = (seed: number, score: number, end: GameRecord['end'] = 'game_over'): GameRecord => ({
    seed,
    game: 'g',
    policy: 'p',
    score,
    turns: 10,
    end,
    stats: {},
  });

  it('computes mean, median, p10/p90 and max over games that did not error', () => {
    const records = [rec(1, 10), rec(2, 20), rec(3, 30), rec(4, 40), rec(5, 1000, 'error'), rec(6, 50, 'max_turns')];
    const s = summarize(records);
    expect(s).toMatchObject({ games: 6, errors: 1, maxTurns: 1, mean: 30, median: 30, min: 10, max: 50, steps: 60 });
    expect(s.p10).toBeCloseTo(14);
    expect(s.p90).toBeCloseTo(46);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    const table = formatSummary([s], { elapsedMs: 2000, workers: 2, startupMs: 500 });
    expect(table).toMatch(/^game\s+policy\s+games\s+errors\s+mean\s+median\s+p10\s+p90\s+max\s+turns\/game\s+steps\/s\s+games\/s$/m);
    expect(table).toMatch(/g\s+p\s+6\s+1\s+30\s+30\s+14\s+46\s+50\s+10\s+30\s+3\.0/);
    expect(table).toContain('2.0 s on 2 workers (after 0.5 s of startup');
  });
});
