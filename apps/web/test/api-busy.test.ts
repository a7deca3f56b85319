// The page's API calls wait out a busy server (429/503 with Retry-After) as every shipped client does, within the
// page's bound (10 s a wait, three times), and say the server's own words when they will not wait.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callApi, PAGE_BUSY } from '../src/api.ts';

const g = globalThis as { document?: unknown };
const reply = (status: number, body: unknown, retryAfter?: string) =>
  new Response(JSON.stringify(body), { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

describe('callApi and a busy server', () => {
  let before: unknown;
  beforeEach(() => {
    before = g.document;
    g.document = { baseURI: 'http://hearth.test/' };
  });
  afterEach(() => {
    g.document = before;
  });

  it('waits for Retry-After and sends the same request again', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const queue = [reply(429, { ok: false, reason: 'rate_limited', message: 'busy' }, '1'), reply(201, { ok: true, id: 7 })];
    const waits: number[] = [];
    const result = await callApi<{ id: number }>(
      '/api/runs',
      { method: 'POST', body: '{"game":"x"}' },
      async (url, init) => {
        sent.push({ url, body: init?.body });
        return queue.shift()!;
      },
      { ...PAGE_BUSY, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toEqual({ ok: true, id: 7 });
    expect(waits).toEqual([1000]);
    expect(sent).toEqual([
      { url: 'http://hearth.test/api/runs', body: '{"game":"x"}' },
      { url: 'http://hearth.test/api/runs', body: '{"game":"x"}' },
    ]);
  });

  it('answers at once with the server message when the wait is past the page bound', async () => {
    let sent = 0;
    const result = await callApi(
      '/api/runs',
      { method: 'POST', body: '{}' },
      async () => {
        sent++;
        return reply(503, { ok: false, reason: 'overloaded', message: 'The server is busy: try again in a minute.' }, '60');
      },
      { ...PAGE_BUSY, sleep: async () => expect.unreachable('no wait past 10 s') },
    );
    expect(sent).toBe(1);
    expect(result).toEqual({ ok: false, status: 503, reason: 'overloaded', message: 'The server is busy: try again in a minute.' });
  });
});
