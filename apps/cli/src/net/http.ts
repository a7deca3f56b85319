// One JSON call to a hearth server: the parsed body and the status, or a clear error (never a stack trace).
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const apiUrl = (server: string, path: string): string => `${server.replace(/\/+$/, '')}${path}`;

/** How long one call may take, answer and body, before it is given up: a server that takes the request and never answers. */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
export const HTTP_TIMEOUT_ENV = 'HEARTH_HTTP_TIMEOUT_MS';

/** The call timeout: HEARTH_HTTP_TIMEOUT_MS (a whole number of milliseconds, at least 1), else 30 s. */
export function httpTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const given = env[HTTP_TIMEOUT_ENV];
  if (given === undefined || given === '') return DEFAULT_HTTP_TIMEOUT_MS;
  const ms = /^\d{1,10}$/.test(given.trim()) ? Number(given.trim()) : 0;
  if (ms < 1)
    throw new Error(`${HTTP_TIMEOUT_ENV} must be a whole number of milliseconds (at least 1), not ${JSON.stringify(given.slice(0, 40))}`);
  return ms;
}

/** How often a 429 or 503 is retried (waiting what Retry-After says, at most MAX_WAIT_S each) before it is the answer. */
export const BUSY_RETRIES = 8;
const MAX_WAIT_S = 60;

/**
 * One JSON call; a 429 or 503 answer is retried after its Retry-After (else 1, 2, 4... s), up to `busyRetries`
 * times (default BUSY_RETRIES), each wait reported to `onWait`; the last answer is returned whatever it is.
 */
export async function callJson(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** The body as JSON text already (sent as it is). */
    rawBody?: string;
    timeoutMs?: number;
    busyRetries?: number;
    onWait?: (seconds: number, status: number) => void;
  } = {},
): Promise<JsonAnswer> {
  const retries = init.busyRetries ?? BUSY_RETRIES;
  for (let attempt = 0; ; attempt++) {
    const answer = await callJsonOnce(url, init);
    if ((answer.status !== 429 && answer.status !== 503) || attempt >= retries) return answer;
    const given = Number(answer.retryAfter);
    const wait = Math.min(MAX_WAIT_S, Number.isFinite(given) && given >= 0 && answer.retryAfter !== null ? given : 2 ** attempt);
    init.onWait?.(wait, answer.status);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

async function callJsonOnce(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; rawBody?: string; timeoutMs?: number },
): Promise<JsonAnswer & { retryAfter: string | null }> {
  const timeoutMs = init.timeoutMs ?? httpTimeoutMs();
  // One deadline for the answer and its body: a server that sends headers and then stalls is given up too.
  const signal = AbortSignal.timeout(timeoutMs);
  const failure = (error: unknown) => {
    if (signal.aborted)
      return new Error(
        `${url}: no answer within ${timeoutMs / 1000} s (the server took the request but did not answer; ${HTTP_TIMEOUT_ENV} sets the wait)`,
      );
    return new Error(
      `${url}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
    );
  };
  let res: Response;
  let text: string;
  try {
    const payload = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    res = await fetch(url, {
      method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
      headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(payload === undefined ? {} : { body: payload }),
      signal,
    });
    text = await res.text();
  } catch (error) {
    throw failure(error);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's 502/503/504 page: busy, not an answer of the API (retried like a 503 when it says when).
    if (res.status === 503 || res.status === 429)
      return {
        status: res.status,
        body: { ok: false, reason: `http_${res.status}`, message: text.slice(0, 120) },
        retryAfter: res.headers.get('retry-after'),
      };
    throw new Error(`${url} answered HTTP ${res.status} with a body that is not JSON: ${text.slice(0, 120)}`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new Error(`${url} answered HTTP ${res.status} with ${text.slice(0, 120)}`);
  return { status: res.status, body: body as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
}

/** The server's refusal in one line: "reason: message". */
export const refusalText = (body: Record<string, unknown>): string =>
  `${String(body.reason ?? body.error ?? 'error')}: ${String(body.message ?? JSON.stringify(body))}`;
