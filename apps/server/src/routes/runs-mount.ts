import { canonicalJson } from '@hearth/engine';
import { CHALLENGE_SETS, ConfigError, openStore, type Store, type StoreHealth, type StoreOptions } from '@hearth/store';
import { fail, methodNotAllowed } from '../http/answer.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import type { Router } from '../http/router.ts';
import { registerBoardRoutes } from './boards.ts';
import { CHALLENGE_METHODS, registerChallengeRoutes } from './challenges.ts';
import type { ServerContext } from './context.ts';
import { PLAYER_METHODS, registerPlayerRoutes } from './players.ts';
import { RUN_METHODS, registerRunRoutes } from './runs.ts';
import { runsSettings } from './runs-docs.ts';
import { registerScorecardRoutes, SCORECARD_METHODS } from './scorecards.ts';

export interface RunsOptions {
  /** An open store (the caller closes it), or where to open one (DATABASE_URL / DATA_DIR; closed by dispose). */
  store?: Store;
  database?: StoreOptions;
  /** Most actions in a submitted run (MAX_RUN_ACTIONS, default the verify limit). */
  maxRunActions?: number;
  /** Per player name: default 1 run every 5 s sustained, bursts of 20 (RUN_RATE_PER_MINUTE / RUN_RATE_BURST); false: none. */
  perPlayer?: { perSecond: number; burst: number } | false;
  /** Rate-limit tokens a submission costs its client beyond the request (default 4; plus 1 per 100 actions). */
  submitCost?: number;
  /** Clock for the daily board (tests). */
  now?: () => number;
}

export const DEFAULT_PER_PLAYER = { perSecond: 0.2, burst: 20 };

export interface RunsMount {
  store: Store | null;
  health(timeoutMs?: number): Promise<StoreHealth | null>;
  close(): Promise<void>;
}

/**
 * Mounts runs, leaderboards and challenges. Without a store configured those routes answer 503 no_database,
 * so a server made for other tests needs no database; the entry point always configures one.
 */
export async function mountRuns(router: Router, ctx: ServerContext, options: RunsOptions | undefined): Promise<RunsMount> {
  const patterns = { ...RUN_METHODS, ...CHALLENGE_METHODS, ...SCORECARD_METHODS, ...PLAYER_METHODS };
  const own = options?.store === undefined && options?.database !== undefined;
  let store = options?.store ?? null;
  let unavailable: StoreHealth | null = null;
  if (!store && options?.database) {
    try {
      store = await openStore({
        onConnectionError: (err) => ctx.logger.warn({ err: err.message }, 'a database connection failed; the pool opens another'),
        onQuery: (seconds, failed) => ctx.metrics.dbQuery(seconds, failed),
        ...options.database,
      });
    } catch (error) {
      // A PostgreSQL that cannot be reached, or a DATA_DIR that cannot be written: refuse to start (ConfigError:
      // one sentence). A SQLite native addon missing beside a bundle copied elsewhere leaves play working.
      if (options.database.databaseUrl || error instanceof ConfigError) throw error;
      const message = (error as Error).message;
      ctx.logger.error({ err: error }, 'SQLite database unavailable: runs, leaderboards and challenges are off');
      unavailable = { ok: false, kind: 'sqlite', ms: 0, where: options.database.dataDir ?? 'data', migration: null, error: message };
    }
  }
  if (!store) {
    for (const pattern of Object.keys(patterns)) {
      router.all(pattern, (x) => {
        x.route = pattern;
        return fail(503, 'no_database', 'this server runs without a database: runs, leaderboards and challenges are off');
      });
    }
    return { store: null, health: async () => unavailable, close: async () => {} };
  }
  ctx.metrics.watchPool(() => store.stats());
  await loadChallengeSets(store);
  const sets = new Map((await store.challenges.list()).map((set) => [set.id, set]));
  const perPlayer = options?.perPlayer === false ? null : createRateLimiter(options?.perPlayer ?? DEFAULT_PER_PLAYER);
  const maxRunActions = options?.maxRunActions ?? ctx.maxVerifyActions;
  const submitCost = options?.submitCost ?? 4;
  runsSettings.set(ctx, {
    maxRunActions,
    submitCost,
    perPlayer: options?.perPlayer === false ? null : (options?.perPlayer ?? DEFAULT_PER_PLAYER),
  });
  registerRunRoutes(router, ctx, { store, maxRunActions, perPlayer, submitCost, sets, now: options?.now });
  registerBoardRoutes(router, ctx, store, options?.now);
  registerChallengeRoutes(router, ctx, sets, options?.now);
  registerScorecardRoutes(router, ctx, store, sets, options?.now);
  registerPlayerRoutes(router, ctx, store, options?.now);
  for (const [pattern, methods] of Object.entries(patterns)) {
    router.all(pattern, (x) => {
      x.route = pattern;
      return methodNotAllowed(pattern, methods, x.method);
    });
  }
  return {
    store,
    health: (timeoutMs) => store.health(timeoutMs),
    async close() {
      perPlayer?.stop();
      if (own) await store.close();
    },
  };
}

/** Writes the checked-in challenge sets where the database differs (every instance does this at start). */
async function loadChallengeSets(store: Store): Promise<void> {
  for (const set of CHALLENGE_SETS) {
    for (let attempt = 0; ; attempt++) {
      const stored = await store.challenges.get(set.id);
      if (stored && canonicalJson(stored) === canonicalJson(set)) break;
      try {
        await store.challenges.put(set);
        break;
      } catch (error) {
        // Another instance starting at the same moment wrote it first: read again.
        if (attempt >= 2) throw error;
      }
    }
  }
}
