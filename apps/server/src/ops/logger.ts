import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs, one line per event, on stdout (fd 1), through sonic-boom in the main thread: no
 * worker-thread transport, so the bundle runs without node_modules. Lines are buffered (flushed at 4 KiB,
 * every second, and synchronously at exit), which keeps a log line per request cheap: a synchronous write
 * per line cost about a third of a bare request's CPU in bench/overhead.bench.ts.
 */
export function createLogger(level = 'info'): Logger {
  const options = { level, base: { service: 'hearth-server', pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
  if (level === 'silent') return pino(options, pino.destination({ dest: 1, sync: true }));
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout already gone: nothing left to save
    }
  });
  return pino(options, destination);
}
