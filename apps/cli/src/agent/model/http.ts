// One model API call with a timeout, retries with backoff that honour Retry-After, and a concurrency limit shared
// by every episode of a run. Keys travel in headers only: no error message, log line or record ever holds a header.

/** What the retries may wait on. */
export interface RetryPolicy {
  /** Longest one request may take (answer and body). */
  timeoutMs: number;
  /** Retries after a 429, a 5xx, a timeout or a dropped connection (0: none). */
  retries: number;
  /** First backoff when the server gives no Retry-After; doubles each retry (with jitter), at most maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { timeoutMs: 120_000, retries: 6, backoffMs: 1_000, maxBackoffMs: 60_000 };

/** The API refused for good (4xx other than 429), or kept failing through every retry: the evaluation stops. */
export class ModelApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retries: number,
  ) {
    super(message);
  }
}

/** At most `n` calls at once; the others wait their turn in order. */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(readonly n: number) {}
  async run<T>(f: () => Promise<T>): Promise<T> {
    if (this.active >= this.n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await f();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Seconds (or an HTTP date) of a Retry-After header, and `retry-after-ms`, as milliseconds; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms);
  const raw = headers.get('retry-after');
  if (raw === null) return null;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const RETRIED = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

/** A short reason from an API's error body ({ error: { message } } in both protocols), never the request. */
function apiMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof m === 'string') return m.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 200).replace(/\s+/g, ' ');
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * POSTs JSON and returns the parsed answer with the retries it took. A 429 or 5xx, a timeout or a network failure
 * is retried (waiting what Retry-After says, else an exponential backoff with jitter); another 4xx, or the last
 * failure, throws ModelApiError naming the status and the API's message. `onRetry` hears each wait.
 */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  policy: RetryPolicy,
  options: { signal?: AbortSignal; onRetry?: (why: string, waitMs: number) => void; random?: () => number } = {},
): Promise<{ body: Record<string, unknown>; retries: number }> {
  const payload = JSON.stringify(body);
  const random = options.random ?? Math.random;
  let last = '';
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw new ModelApiError(`${url}: interrupted`, null, attempt);
    let status: number | null = null;
    let wait: number | null = null;
    // One controller per request, its listener on the run's signal removed after (never piling up on it).
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), policy.timeoutMs);
    try {
      const signal = controller.signal;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload, signal });
      status = res.status;
      const text = await res.text();
      if (res.ok) {
        try {
          const parsed = JSON.parse(text) as unknown;
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
            return { body: parsed as Record<string, unknown>, retries: attempt };
        } catch {
          // below
        }
        last = `HTTP ${res.status} with a body that is not a JSON object: ${text.slice(0, 120)}`;
      } else {
        last = `HTTP ${res.status}: ${apiMessage(text)}`;
        if (!RETRIED.has(res.status)) throw new ModelApiError(`${url} refused the request, ${last}`, res.status, attempt);
        wait = retryAfterMs(res.headers);
      }
    } catch (error) {
      if (error instanceof ModelApiError) throw error;
      if (options.signal?.aborted) throw new ModelApiError(`${url}: interrupted`, null, attempt);
      const e = error as Error & { cause?: Error };
      last =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `no answer within ${policy.timeoutMs / 1000} s`
          : `${e.cause?.message ?? e.message}`;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
    if (attempt >= policy.retries) throw new ModelApiError(`${url} failed ${attempt + 1} times; the last: ${last}`, status, attempt);
    const backoff = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** attempt) * (0.5 + random() / 2);
    const ms = Math.min(policy.maxBackoffMs, wait ?? backoff);
    options.onRetry?.(last, ms);
    await sleep(ms, options.signal);
  }
}
