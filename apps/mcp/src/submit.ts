// submit_run from stdio: POST the run to a hearth server's /api/runs (the server replays it before storing it).
import type { RunSubmission, Submitter } from './table.ts';

export function httpSubmitter(server: string, fetchImpl: typeof fetch = fetch): Submitter {
  const url = new URL('/api/runs', server).toString();
  return async ({ key, ...run }: RunSubmission) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key) headers.authorization = `Bearer ${key}`;
    const res = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(run), signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: `http_${res.status}`, message: text.slice(0, 200) };
    }
  };
}
