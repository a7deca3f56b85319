// The leaderboard server's HTTP API from stdio (submit_run, open_scorecard, close_scorecard): one JSON call to
// --server, with a timeout; the server replays a run before storing it. A 429 or 503 is waited out for what its
// Retry-After says (at most 30 s, three times: @hearth/client's busy policy) and sent again, as every client here does.
import { sendUntilNotBusy } from '@hearth/client';
import type { ApiCaller } from './table.ts';

export function httpApi(
  server: string,
  fetchImpl: typeof fetch = fetch,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): ApiCaller {
  return async ({ method, path, body, key }) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers.authorization = `Bearer ${key}`;
    const res = await sendUntilNotBusy(
      () =>
        fetchImpl(new URL(path, server).toString(), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        }),
      { sleep },
    );
    const text = await res.text();
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: `http_${res.status}`, message: text.slice(0, 200) };
    }
  };
}
