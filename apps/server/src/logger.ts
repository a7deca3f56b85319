import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs, one line per event, written synchronously to stdout (fd 1): no worker-thread
 * transport, so the bundle runs without node_modules and nothing is lost on exit.
 */
export function createLogger(level = 'info'): Logger {
  return pino(
    { level, base: { service: 'hearth-server', pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: true }),
  );
}
