// What every route shares: the served games, the limits, metrics and logger, the replay pool, the rate limit's
// extra charge and where public links point; and the answers several routes give alike.
import { DatabaseUnavailableError, isUnavailable } from '@hearth/store';
import { type Answer, fail } from '../http/answer.ts';
import type { BodyLimits } from '../http/body.ts';
import type { Exchange } from '../http/exchange.ts';
import type { InProcessOptions } from '../http/fetch.ts';
import type { Logger } from '../ops/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { PoolBusyError, type ReplayJob, type ReplayJobJson, type ReplayOutcome, type ReplayPool } from '../replay/pool.ts';
import type { ServedGame } from '../state/served-game.ts';

export type { ServedGame };

/** What the routes share: the loaded games, the limits, and where the public URLs point. */
export interface ServerContext {
  games: Map<string, ServedGame>;
  limits: BodyLimits;
  maxVerifyActions: number;
  metrics: Metrics;
  logger: Logger;
  /** Replays (/verify, run submissions) in worker threads; run() rejects with PoolBusyError when its queue is full. */
  replayPool: ReplayPool;
  /**
   * Charges this request's client `cost` more rate-limit tokens (beyond the one every request pays): 0 when
   * it may go ahead, else the seconds to wait. Always 0 with rate limiting off.
   */
  charge(x: Exchange, cost: number): number;
  /** Absolute base URL for links in the index and docs (PUBLIC_URL, else from the request's Host). */
  baseUrl(x: Exchange): string;
  /** Whether the request came through a configured proxy (its X-Forwarded-* headers are believed). */
  viaProxy(x: Exchange): boolean;
  /** This server's own handler in-process (a Fetch Request; a path is relative to http://localhost). */
  request(input: string, init: RequestInit, options: InProcessOptions): Promise<Response>;
}

/** Tokens a replay of `actions` actions costs beyond the request itself: one per 100 actions replayed. */
export const replayCost = (actions: number): number => Math.floor(actions / 100);

/** 429 rate_limited for a request whose weight (charge()) the client cannot afford now. */
export function rateLimited(wait: number): Answer {
  return fail(429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, { 'retry-after': String(wait) });
}

/**
 * Runs a replay on the pool; a full queue answers 503 `busy` with Retry-After, a failed worker 500. Routes:
 * `const outcome = await replayOrAnswer(ctx, x, job); if (isAnswer(outcome)) return outcome;`
 */
export async function replayOrAnswer(ctx: ServerContext, x: Exchange, job: ReplayJob | ReplayJobJson): Promise<ReplayOutcome | Answer> {
  try {
    return await ctx.replayPool.run(job);
  } catch (error) {
    if (error instanceof PoolBusyError) {
      return fail(503, 'busy', `every replay worker is busy and the queue is full; retry in ${error.retryAfterSeconds} s`, {
        'retry-after': String(error.retryAfterSeconds),
      });
    }
    ctx.logger.error({ requestId: x.requestId, err: error }, 'replay failed');
    return fail(500, 'internal_error', `internal error (request id ${x.requestId})`);
  }
}

/**
 * 503 `database_unavailable` with Retry-After: the database could not answer (unreachable, restarting, frozen
 * past its timeout, out of connections). Every route gets it without doing anything: a store method rejects
 * with DatabaseUnavailableError and the handler's error step answers this. A route that catches store errors
 * itself should answer with this too: `if (isUnavailable(error)) return databaseUnavailable(ctx, x, error)`.
 */
export function databaseUnavailable(ctx: ServerContext, x: Exchange, error: unknown): Answer {
  const wait = error instanceof DatabaseUnavailableError ? error.retryAfterSeconds : 5;
  ctx.logger.warn({ requestId: x.requestId, route: x.route, err: (error as Error)?.message }, 'database unavailable');
  return fail(503, 'database_unavailable', `the database is not answering just now; retry in ${wait} s (play and verify still work)`, {
    'retry-after': String(wait),
  });
}
export { isUnavailable };

/** 404 unknown_game for a slug the server does not serve, naming the games it does. */
export function unknownGame(ctx: ServerContext, slug: string): Answer {
  return fail(404, 'unknown_game', `no game ${JSON.stringify(slug.slice(0, 64))}; the games are: ${[...ctx.games.keys()].join(', ')}`);
}
