// One JSON call to a hearth server: the parsed body and the status, or a clear error (never a stack trace).
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const apiUrl = (server: string, path: string): string => `${server.replace(/\/+$/, '')}${path}`;

export async function callJson(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<JsonAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (error) {
    throw new Error(
      `${url}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
    );
  }
  const text = await res.text();
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
