import type { Game, Wire } from '@hearth/engine';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { BodyLimits } from './body.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

/** Hono environment of every route: Node bindings (absent under app.request in tests) and per-request labels. */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { route: string; game: string; requestId: string };
};

export type AppContext = Context<AppEnv>;

export interface ServedGame {
  game: Game;
  wire: Wire;
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
  return c.json({ ok: false, reason, message }, status as 400);
}
