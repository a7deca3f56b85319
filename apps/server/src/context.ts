import type { Game, Wire } from '@hearth/engine';
import { DatabaseUnavailableError, isUnavailable } from '@hearth/store';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { BodyLimits } from './body.ts';
import { sendJson } from './compress.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { PoolBusyError, type ReplayJob, type ReplayJobJson, type ReplayPool } from './replay-pool.ts';
import type { HmacSealer } from './sealing.ts';

/** Hono environment of every route: Node bindings (absent under app.request in tests) and per-request labels. */
export type AppEnv = {
  /**
   * Node bindings; `client` is set only by in-process requests made on a client's behalf (the MCP server's
   * submit_run, the runs of a batch), `record` by a batch for its run's episode record (inflated, outside the body limit).
   */
  Bindings: Partial<HttpBindings> & { client?: string; admin?: boolean; record?: string };
  Variables: { route: string; game: string; requestId: string };
};

export type AppContext = Context<AppEnv>;

export interface ServedGame {
  game: Game;
  /** The wire with this server's sealer or codec (the MCP server's steps; a token game's routes). */
  wire: Wire;
  /** The same game's wire without a sealer: responses carry the engine state, which writeResponse seals as it writes. */
  engineWire: Wire;
  /** The HMAC sealer of a plain-state game (the sealed path: sealing.ts); null for token games. */
  sealer: HmacSealer | null;
  /** JSON of the spec, made once: it is most of every init response. */
  specJson: string;
}

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
  charge(c: AppContext, cost: number): number;
  /** Absolute base URL for links in the index and docs (PUBLIC_URL, else from the request's Host). */
  baseUrl(c: AppContext): string;
}

/** The uniform error body `{ ok: false, reason, message }` (stable snake_case reason), counted as a refusal. */
export function fail(
  ctx: ServerContext,
  c: AppContext,
  status: number,
  reason: string,
  message: string,
  headers: Record<string, string> = {},
) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  ctx.metrics.refusal(c.get('route') ?? 'unmatched', c.get('game') ?? '', reason);
  return sendJson(c, { ok: false, reason, message }, status as 400);
}

/** Tokens a replay of `actions` actions costs beyond the request itself: one per 100 actions replayed. */
export const replayCost = (actions: number): number => Math.floor(actions / 100);

/** 429 rate_limited for a request whose weight (charge()) the client cannot afford now. */
export function rateLimited(ctx: ServerContext, c: AppContext, wait: number) {
  return fail(ctx, c, 429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, { 'retry-after': String(wait) });
}

/**
 * Runs a replay on the pool; a full queue answers 503 `busy` with Retry-After, a failed worker 500. Routes:
 * `const outcome = await replayOrRespond(ctx, c, job); if (outcome instanceof Response) return outcome;`
 */
export async function replayOrRespond(ctx: ServerContext, c: AppContext, job: ReplayJob | ReplayJobJson) {
  try {
    return await ctx.replayPool.run(job);
  } catch (error) {
    if (error instanceof PoolBusyError) {
      return fail(ctx, c, 503, 'busy', `every replay worker is busy and the queue is full; retry in ${error.retryAfterSeconds} s`, {
        'retry-after': String(error.retryAfterSeconds),
      });
    }
    ctx.logger.error({ requestId: c.get('requestId'), err: error }, 'replay failed');
    return fail(ctx, c, 500, 'internal_error', `internal error (request id ${c.get('requestId')})`);
  }
}

/**
 * 503 `database_unavailable` with Retry-After: the database could not answer (unreachable, restarting, frozen
 * past its timeout, out of connections). Every route gets it without doing anything: a store method rejects
 * with DatabaseUnavailableError and the app's error handler answers this. A route that catches store errors
 * itself should answer with this too: `if (isUnavailable(error)) return databaseUnavailable(ctx, c, error)`.
 */
export function databaseUnavailable(ctx: ServerContext, c: AppContext, error: unknown) {
  const wait = error instanceof DatabaseUnavailableError ? error.retryAfterSeconds : 5;
  ctx.logger.warn({ requestId: c.get('requestId'), route: c.get('route'), err: (error as Error)?.message }, 'database unavailable');
  return fail(
    ctx,
    c,
    503,
    'database_unavailable',
    `the database is not answering just now; retry in ${wait} s (play and verify still work)`,
    {
      'retry-after': String(wait),
    },
  );
}
export { isUnavailable };

/** 404 unknown_game for a slug the server does not serve, naming the games it does. */
export function unknownGame(ctx: ServerContext, c: AppContext, slug: string) {
  return fail(
    ctx,
    c,
    404,
    'unknown_game',
    `no game ${JSON.stringify(slug.slice(0, 64))}; the games are: ${[...ctx.games.keys()].join(', ')}`,
  );
}
