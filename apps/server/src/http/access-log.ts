import pino, { type Logger } from 'pino';

/**
 * The request log, batched: a request only pushes its fields onto an array (no formatting, no write on its
 * path); the lines are formatted together and handed to the logger's own stream every second, or as soon as
 * 512 are waiting, and synchronously at exit. The lines are the ones pino would write for
 * `logger.info({ requestId, method, path, route, game, status, ms }, 'request')` (`logger.error` for a 5xx).
 *
 * `sample` (LOG_SAMPLE) is the share of successful (status < 400) requests logged, every 1/sample-th one;
 * every refused or failed request is logged whatever the rate.
 */
export interface AccessLog {
  request(requestId: string, method: string, path: string, route: string, game: string, status: number, ms: number): void;
  /** Writes what is waiting now (called on a timer and at exit). */
  flush(): void;
  stop(): void;
}

const FLUSH_MS = 1000;
const FLUSH_AT = 512;
/** Fields of one request, flat: a batch is one array, not an object per request. */
const FIELDS = 8;

export function createAccessLog(logger: Logger, sample = 1): AccessLog {
  const stream = (logger as unknown as Record<symbol, { write(s: string): unknown; flushSync?(): void } | undefined>)[
    pino.symbols.streamSym
  ];
  if (!logger.isLevelEnabled('info') || !stream) return { request() {}, flush() {}, stop() {} };
  const every = sample >= 1 ? 1 : sample <= 0 ? Number.POSITIVE_INFINITY : Math.round(1 / sample);
  // pino's numbers: 30 info, 50 error (a 5xx is the server's failure, so it is logged at error level).
  const head = `{"level":`;
  const base = `","service":"hearth-server","pid":${process.pid},"requestId":`;
  let batch: (string | number)[] = [];
  let seen = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    let out = '';
    for (let i = 0; i < items.length; i += FIELDS) {
      out += `${head}${(items[i + 6] as number) >= 500 ? 50 : 30},"time":"${new Date(items[i] as number).toISOString()}${base}${JSON.stringify(items[i + 1])},"method":${JSON.stringify(items[i + 2])},"path":${JSON.stringify(items[i + 3])},"route":${JSON.stringify(items[i + 4])},"game":${JSON.stringify(items[i + 5])},"status":${items[i + 6]},"ms":${Math.round((items[i + 7] as number) * 1000) / 1000},"msg":"request"}\n`;
    }
    stream.write(out);
  };
  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();
  // The logger's own exit hook may have flushed its stream already: write these lines through synchronously.
  const atExit = () => {
    flush();
    try {
      stream.flushSync?.();
    } catch {
      // stdout already gone: nothing left to save
    }
  };
  process.once('exit', atExit);

  return {
    request(requestId, method, path, route, game, status, ms) {
      if (status < 400 && every > 1 && seen++ % every !== 0) return;
      batch.push(Date.now(), requestId, method, path, route, game, status, ms);
      if (batch.length >= FLUSH_AT * FIELDS && !scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
      process.off('exit', atExit);
    },
  };
}
