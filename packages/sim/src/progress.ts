import type { Progress } from './run.ts';

export interface ProgressSink {
  update(p: Progress): void;
  done(): void;
}

const rate = (n: number, ms: number) => (ms > 0 ? (n * 1000) / ms : 0);
const clock = (secs: number) => {
  if (!Number.isFinite(secs)) return '--:--';
  const s = Math.round(secs);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (x: number) => String(x).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
};

/** The figures on every progress line: games/s, steps/s and the ETA from the games rate so far. */
export function progressText(p: Progress): string {
  const gps = rate(p.games, p.elapsedMs);
  const eta = gps > 0 ? (p.total - p.games) / gps : Number.POSITIVE_INFINITY;
  return `${p.games}/${p.total} games  ${gps.toFixed(1)} games/s  ${Math.round(rate(p.steps, p.elapsedMs))} steps/s  ETA ${clock(eta)}`;
}

/**
 * A redrawn bar on a terminal; on anything else (a log, a batch job) plain lines, at most one every
 * `intervalMs` plus the last one, so logs stay readable.
 */
export function createProgress(
  stream: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean },
  intervalMs = 5000,
): ProgressSink {
  const tty = Boolean((stream as { isTTY?: boolean }).isTTY);
  let last = Number.NEGATIVE_INFINITY;
  let lastProgress: Progress | null = null;
  let printed = false;
  return {
    update(p) {
      lastProgress = p;
      if (tty) {
        if (p.elapsedMs - last < 100 && p.games < p.total) return;
        last = p.elapsedMs;
        const width = 24;
        const filled = p.total > 0 ? Math.round((width * p.games) / p.total) : width;
        stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progressText(p)}\u001b[K`);
        printed = true;
      } else if (p.elapsedMs - last >= intervalMs || p.games === p.total) {
        last = p.elapsedMs;
        stream.write(`progress ${progressText(p)}\n`);
      }
    },
    done() {
      if (tty && printed) stream.write('\n');
      else if (!tty && lastProgress && lastProgress.games < lastProgress.total) stream.write(`progress ${progressText(lastProgress)}\n`);
    },
  };
}
