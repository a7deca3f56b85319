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

export async function callJson(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<JsonAnswer> {
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
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
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
    throw new Error(`${url} answered HTTP ${res.status} with a body that is not JSON: ${text.slice(0, 120)}`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new Error(`${url} answered HTTP ${res.status} with ${text.slice(0, 120)}`);
  return { status: res.status, body: body as Record<string, unknown> };
}

/** The server's refusal in one line: "reason: message". */
export const refusalText = (body: Record<string, unknown>): string =>
  `${String(body.reason ?? body.error ?? 'error')}: ${String(body.message ?? JSON.stringify(body))}`;
