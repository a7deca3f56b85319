// The leaderboard server's HTTP API from stdio (submit_run, open_scorecard, close_scorecard): one JSON call to
// --server, with a timeout; the server replays a run before storing it. A 429 or 503 is waited out for what its
// Retry-After says (at most 30 s, three times) and sent again, as every client here does.
import type { ApiCaller } from './table.ts';

const BUSY_RETRIES = 3;
const MAX_WAIT_S = 30;

export function httpApi(
  server: string,
  fetchImpl: typeof fetch = fetch,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): ApiCaller {
  return async ({ method, path, body, key }) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers.authorization = `Bearer ${key}`;
    for (let attempt = 0; ; attempt++) {
      const res = await fetchImpl(new URL(path, server).toString(), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      const wait = Number(res.headers.get('retry-after') ?? Number.NaN);
      if ((res.status === 429 || res.status === 503) && attempt < BUSY_RETRIES && Number.isFinite(wait) && wait <= MAX_WAIT_S) {
        await sleep(Math.max(0, wait) * 1000);
        continue;
      }
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: `http_${res.status}`, message: text.slice(0, 200) };
      }
    }
  };
}
