import { timingSafeEqual } from 'node:crypto';
import type { StoreHealth } from '@hearth/store';
import { type Answer, fail, json } from '../http/answer.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import type { ServerContext } from '../routes/context.ts';

/**
 * Liveness, readiness and health, and who may see the operator's views (/metrics, detailed health).
 *
 * - `GET /livez`: the process answers; never touches the database; 200 even while draining (a liveness probe
 *   that failed on a database outage would restart every instance at once).
 * - `GET /readyz`: 200 `ready` when not draining and the database (if any) answered `select 1` within
 *   READY_TIMEOUT_MS; else 503 `draining` or `database_unavailable` with Retry-After. Balancers route by it.
 * - `GET /healthz`: as before, 200 `ok` or `degraded` (the database is reported, not required: play never needs
 *   it), 503 `draining`. The public answer names no host, path or raw error; an operator's adds them.
 *
 * A database probe is shared: at most one `select 1` in flight and its answer reused for a second, so a flood
 * of probes costs the database one query a second per instance.
 */
export interface HealthOptions {
  /** Draining (SHUTDOWN_DRAIN_MS after SIGTERM): readiness and /healthz answer 503. */
  draining(): boolean;
  /** The database's health, or null without a database. */
  database(timeoutMs: number): Promise<StoreHealth | null>;
  /** Most time readiness waits for the database (READY_TIMEOUT_MS). */
  readyTimeoutMs: number;
  /** METRICS_TOKEN: `Authorization: Bearer <token>` opens /metrics and detailed health on the public port. */
  metricsToken?: string;
  /** Whether this request's peer is a configured proxy (its request is someone else's, never an operator's). */
  viaProxy(x: Exchange): boolean;
}

const PROBE_REUSE_MS = 1_000;
export const DEFAULT_READY_TIMEOUT_MS = 2_000;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * An operator's request: on the admin port (ADMIN_PORT), or with the METRICS_TOKEN, or (no token configured)
 * straight from loopback without a proxy in between (no forwarding headers, not from a TRUST_PROXY address).
 */
export function isOperator(x: Exchange, options: Pick<HealthOptions, 'metricsToken' | 'viaProxy'>): boolean {
  if (x.req.admin) return true;
  const token = options.metricsToken;
  if (token) {
    const given = /^Bearer (.+)$/.exec(x.header('authorization') ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const peer = x.req.peer;
  return (
    LOOPBACK.test(peer) &&
    !options.viaProxy(x) &&
    x.header('x-forwarded-for') === undefined &&
    x.header('forwarded') === undefined &&
    x.header('x-real-ip') === undefined
  );
}

export function registerHealthRoutes(router: Router, ctx: ServerContext, options: HealthOptions): void {
  let probe: { at: number; result: Promise<StoreHealth | null> } | null = null;
  const database = (): Promise<StoreHealth | null> => {
    const now = performance.now();
    if (!probe || now - probe.at > PROBE_REUSE_MS) probe = { at: now, result: options.database(options.readyTimeoutMs) };
    return probe.result;
  };

  router.get('/livez', (x) => {
    x.route = '/livez';
    return json({ ok: true, status: 'live', uptime: Math.round(process.uptime()) });
  });

  router.get('/readyz', async (x) => {
    x.route = '/readyz';
    if (options.draining()) return retryLater(json({ ok: false, status: 'draining' }, 503));
    const db = await database();
    if (db && !db.ok) {
      return retryLater(json({ ok: false, status: 'database_unavailable', database: publicHealth(db, isOperator(x, options)) }, 503));
    }
    return json({ ok: true, status: 'ready', database: db ? publicHealth(db, isOperator(x, options)) : null });
  });

  router.get('/healthz', async (x) => {
    x.route = '/healthz';
    const games = ctx.games.size;
    if (options.draining()) return json({ ok: false, status: 'draining', games }, 503);
    const db = await database();
    const status = db && !db.ok ? 'degraded' : 'ok';
    const uptime = Math.round(process.uptime());
    return json({ ok: true, status, games, uptime, database: db ? publicHealth(db, isOperator(x, options)) : null });
  });

  router.get('/metrics', async (x) => {
    x.route = '/metrics';
    if (!isOperator(x, options)) {
      return fail(
        403,
        'forbidden',
        'metrics are for operators: scrape them on ADMIN_PORT, with METRICS_TOKEN, or from loopback without a proxy',
      );
    }
    return { status: 200, headers: { 'content-type': ctx.metrics.contentType }, body: await ctx.metrics.render() };
  });
}

/** An answer that tells the client to come back in a few seconds. */
const retryLater = (answer: Answer): Answer => ({ ...answer, headers: { ...answer.headers, 'retry-after': '5' } });

/** The database's health as the public sees it (ok, kind, ms, migration); an operator also gets where and why. */
export function publicHealth(h: StoreHealth, detailed: boolean): Partial<StoreHealth> {
  const { where, error, ...rest } = h;
  if (detailed) return h;
  return h.ok ? rest : { ...rest, error: 'the database did not answer' };
}
