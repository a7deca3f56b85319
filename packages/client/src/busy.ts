// The one busy policy every client here follows: a 429 or 503 that carries a Retry-After (seconds) is waited out
// and the request sent again, a bounded number of times and never for longer than a bound per wait; anything else
// (including a busy answer without Retry-After, or with a wait past the bound) is the answer. The HTTP engine, the
// MCP server's calls to --server and the web app's API calls all send through sendUntilNotBusy.

/** How a client waits out busy answers. */
export interface BusyPolicy {
  /** Times a busy answer is waited out and the request sent again (default 3; 0: answer at once). */
  retries?: number;
  /** The longest single wait honoured, in seconds (default 30); a longer Retry-After is answered at once. */
  maxWaitSeconds?: number;
  /** How to wait (tests). */
  sleep?: (ms: number) => Promise<void>;
}

/** The part of a fetch answer the policy reads. */
export interface BusyAnswer {
  status: number;
  headers?: { get(name: string): string | null };
  text?(): Promise<string>;
}

export const BUSY_RETRIES = 3;
export const BUSY_MAX_WAIT_SECONDS = 30;

/**
 * The milliseconds to wait before sending again after `answer` (the `attempt`-th, from 0), or null when it is the
 * answer: not a 429/503, no Retry-After in seconds, a wait past the bound, or the retries spent.
 */
export function busyWaitMs(answer: BusyAnswer, attempt: number, policy: BusyPolicy = {}): number | null {
  if (answer.status !== 429 && answer.status !== 503) return null;
  if (attempt >= (policy.retries ?? BUSY_RETRIES)) return null;
  const header = answer.headers?.get('retry-after');
  if (header === null || header === undefined || header.trim() === '') return null;
  const seconds = Number(header);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > (policy.maxWaitSeconds ?? BUSY_MAX_WAIT_SECONDS)) return null;
  return seconds * 1000;
}

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Sends (`send()` makes one request) until an answer is not a busy one the policy waits out, and returns that answer
 * unread. A busy answer's body is read and dropped before waiting, so its connection is free for the next request.
 */
export async function sendUntilNotBusy<A extends BusyAnswer>(send: () => Promise<A>, policy: BusyPolicy = {}): Promise<A> {
  const sleep = policy.sleep ?? pause;
  for (let attempt = 0; ; attempt++) {
    const answer = await send();
    const wait = busyWaitMs(answer, attempt, policy);
    if (wait === null) return answer;
    await answer.text?.().catch(() => '');
    await sleep(wait);
  }
}
