// The busy policy every shipped client follows (429/503 with Retry-After waited out, bounded), and the HTTP engine
// following it.
import { describe, expect, it } from 'vitest';
import { busyWaitMs, httpEngine, sendUntilNotBusy } from '../src/index.ts';

const answer = (status: number, retryAfter?: string, body = '{"ok":true}') => ({
  status,
  headers: { get: (name: string) => (name === 'retry-after' ? (retryAfter ?? null) : null) },
  read: 0,
  async text() {
    this.read++;
    return body;
  },
});

describe('busyWaitMs', () => {
  it('waits Retry-After seconds on a 429 or 503 only', () => {
    expect(busyWaitMs(answer(429, '2'), 0)).toBe(2000);
    expect(busyWaitMs(answer(503, '0'), 0)).toBe(0);
    expect(busyWaitMs(answer(503, '1.5'), 2)).toBe(1500);
    for (const status of [200, 400, 404, 500, 502]) expect(busyWaitMs(answer(status, '2'), 0)).toBeNull();
  });
  it('answers at once without a Retry-After in seconds, past the bound, or with the retries spent', () => {
    expect(busyWaitMs(answer(429), 0)).toBeNull();
    expect(busyWaitMs(answer(429, ''), 0)).toBeNull();
    expect(busyWaitMs(answer(429, 'Wed, 21 Oct 2026 07:28:00 GMT'), 0)).toBeNull();
    expect(busyWaitMs(answer(429, '-1'), 0)).toBeNull();
    expect(busyWaitMs(answer(429, '31'), 0)).toBeNull();
    expect(busyWaitMs(answer(429, '30'), 0)).toBe(30_000);
    expect(busyWaitMs(answer(429, '11'), 0, { maxWaitSeconds: 10 })).toBeNull();
    expect(busyWaitMs(answer(429, '1'), 3)).toBeNull();
    expect(busyWaitMs(answer(429, '1'), 0, { retries: 0 })).toBeNull();
  });
});

describe('sendUntilNotBusy', () => {
  it('sends again after each wait, reads and drops the busy bodies, and returns the first other answer unread', async () => {
    const answers = [answer(429, '1'), answer(503, '2'), answer(200)];
    const waits: number[] = [];
    let sent = 0;
    const got = await sendUntilNotBusy(async () => answers[sent++]!, { sleep: async (ms) => void waits.push(ms) });
    expect(sent).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(got).toBe(answers[2]);
    expect(answers.map((a) => a.read)).toEqual([1, 1, 0]);
  });
  it('gives up after the retries with the last busy answer', async () => {
    let sent = 0;
    const got = await sendUntilNotBusy(
      async () => {
        sent++;
        return answer(429, '0');
      },
      { retries: 2, sleep: async () => {} },
    );
    expect(sent).toBe(3);
    expect(got.status).toBe(429);
  });
});

describe('httpEngine', () => {
  it('waits out a busy server and returns what it then answers', async () => {
    const queue = [answer(503, '1', '{"ok":false,"reason":"overloaded"}'), answer(200, undefined, '{"ok":true,"games":[]}')];
    const waits: number[] = [];
    const engine = httpEngine('http://hearth.invalid', { fetch: async () => queue.shift()!, sleep: async (ms) => void waits.push(ms) });
    expect(await engine.games()).toEqual([]);
    expect(waits).toEqual([1000]);
    expect(queue).toHaveLength(0);
  });
  it('passes a busy answer it will not wait for on as the server said it', async () => {
    const engine = httpEngine('http://hearth.invalid', {
      fetch: async () => answer(429, '120', '{"ok":false,"reason":"rate_limited","message":"slow down"}'),
      sleep: async () => {
        throw new Error('must not wait 120 s');
      },
    });
    await expect(engine.games()).rejects.toMatchObject({ reason: 'rate_limited' });
  });
});
