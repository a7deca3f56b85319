/**
 * Per-client token bucket: each client (by address) gets `burst` requests at once and `perSecond` more
 * every second. A client over the limit gets 429 with Retry-After. Buckets of idle clients are dropped
 * by a sweep, so memory stays bounded by the number of clients active in the last few seconds.
 */
export interface RateLimitOptions {
  /** Sustained requests per second per client; 0 turns rate limiting off. */
  perSecond: number;
  /** Requests a client may make at once before the sustained rate applies. */
  burst: number;
  /** Clock in milliseconds (injectable for tests). */
  now?: () => number;
}

export interface RateLimiter {
  /**
   * 0 when the request may go ahead (its `cost` in tokens taken, default 1), else whole seconds to wait (for
   * Retry-After; nothing taken). A cost above the burst is charged as the burst, so it can still pass.
   */
  take(client: string, cost?: number): number;
  readonly size: number;
  stop(): void;
}

const MAX_CLIENTS = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { perSecond, burst } = options;
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();
  // A bucket idle long enough to be full again is the same as no bucket.
  const refillMs = (burst / perSecond) * 1000;
  const sweep = setInterval(
    () => {
      const t = now();
      for (const [client, b] of buckets) if (t - b.at >= refillMs) buckets.delete(client);
    },
    Math.max(1000, Math.min(60_000, refillMs)),
  );
  sweep.unref();
  return {
    take(client, cost = 1) {
      const need = Math.min(burst, Math.max(0, cost));
      const t = now();
      let b = buckets.get(client);
      if (!b) {
        // A flood of new addresses cannot grow the map without bound: the oldest bucket makes room.
        if (buckets.size >= MAX_CLIENTS) buckets.delete(buckets.keys().next().value as string);
        b = { tokens: burst, at: t };
        buckets.set(client, b);
      } else {
        b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);
        b.at = t;
      }
      if (b.tokens >= need) {
        b.tokens -= need;
        return 0;
      }
      return Math.max(1, Math.ceil((need - b.tokens) / perSecond));
    },
    get size() {
      return buckets.size;
    },
    stop: () => clearInterval(sweep),
  };
}
