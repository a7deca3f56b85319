// The server as a value: createServer() loads the games, builds the routes and the one handler (request ->
// answer) over them; listen() (http/listen.ts) mounts that handler on node:http. Read top-down:
//   createServer -> readSecret, serveGames (state/), createClients, the ServerContext, registerRoutes (routes/),
//   createHandler (http/handler.ts) with the front's request ids, rate limit, metrics and log line.
import type { Registry } from '@hearth/engine';
import { DatabaseUnavailableError, type Store } from '@hearth/store';
import { createAccessLog } from './http/access-log.ts';
import { fail } from './http/answer.ts';
import { BodyAbortedError, type BodyLimits } from './http/body.ts';
import type { Exchange } from './http/exchange.ts';
import { fetchThrough, type InProcessOptions } from './http/fetch.ts';
import { createHandler, type Handler } from './http/handler.ts';
import { clientAddress, type ProxyTrust, parseTrustProxy } from './http/proxy.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { Router } from './http/router.ts';
import { createLogger, type Logger } from './ops/logger.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { createReplayPool, type ReplayPool } from './replay/pool.ts';
import { databaseUnavailable, type ServerContext } from './routes/context.ts';
import { registerRoutes } from './routes/index.ts';
import type { RunsOptions } from './routes/runs-mount.ts';
import { resolveWebDist } from './routes/web.ts';
import { deriveKeys, randomSecret } from './state/keys.ts';
import { serveGames } from './state/served-game.ts';

export interface ServerOptions {
  /** The games to serve (the real server passes `registry` from @hearth/games). */
  registry: Registry;
  /** Seals states; at least 16 characters. Without it a random one is made and a warning logged. */
  secret?: string;
  logger?: Logger;
  /** Used when no logger is given (default 'info'; tests use 'silent'). */
  logLevel?: string;
  /** Share of successful requests written to the request log (LOG_SAMPLE, 0 to 1, default 1); errors always are. */
  logSample?: number;
  /** Per-client token bucket; `false` turns it off. Default 30 requests/s sustained, bursts of 300. */
  rateLimit?: { perSecond: number; burst: number } | false;
  limits?: Partial<BodyLimits>;
  /** Most actions /verify replays in one request (DEFAULT_MAX_VERIFY_ACTIONS). */
  maxVerifyActions?: number;
  /** Folder of the built web app; default WEB_DIST resolution (see resolveWebDist); null: none. */
  webDist?: string | null;
  /** Base URL for absolute links (e.g. https://games.example.org); default: from the request's Host header. */
  publicUrl?: string;
  /**
   * The proxies whose X-Forwarded-For (and X-Forwarded-Proto) are believed (TRUST_PROXY, proxy.ts): a ProxyTrust,
   * `true` for loopback only, or none. A request from any other peer is its own client.
   */
  trustProxy?: boolean | ProxyTrust | null;
  /** Links may use X-Forwarded-Host from a trusted proxy (TRUST_FORWARDED_HOST; default off: PUBLIC_URL, else Host). */
  trustForwardedHost?: boolean;
  /** METRICS_TOKEN: `Authorization: Bearer <token>` opens /metrics and detailed health on the public port (health.ts). */
  metricsToken?: string;
  /** Most time /readyz waits for the database (READY_TIMEOUT_MS, default 2000). */
  readyTimeoutMs?: number;
  /** Which kernel build to load the games with (default WASM). */
  kernel?: 'wasm' | 'js';
  /** Adds GET /hello (plain "hello" through the whole handler), the bare baseline of the benchmark. */
  helloRoute?: boolean;
  /** Worker threads and queue length of the replay pool (REPLAY_THREADS, REPLAY_QUEUE; see replay/pool.ts). */
  replay?: { threads?: number; maxQueue?: number };
  /** A replay pool to use instead of making one (not closed by dispose; tests share one with fixture games). */
  replayPool?: ReplayPool;
  /** Idle expiry of an MCP agent's game (MCP_IDLE_MINUTES; default 120 minutes). */
  mcpIdleMs?: number;
  /** Runs, leaderboards and challenges (routes/runs-mount.ts): a store or where to open one; without, those routes answer 503. */
  runs?: RunsOptions;
}

export interface HearthServer {
  /** The one handler: a request (method, path, query, headers, body) to an answer. listen() mounts it on node:http. */
  readonly handler: Handler;
  /** The handler under a Fetch Request (a path is relative to http://localhost): tests, and in-process calls. */
  request(input: string | Request, init?: RequestInit, options?: InProcessOptions): Promise<Response>;
  readonly slugs: readonly string[];
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly webDist: string | null;
  /** While draining for shutdown, /healthz answers 503 so load balancers stop sending requests. */
  draining: boolean;
  readonly replayPool: ReplayPool;
  /** The runs/leaderboards database, or null when none is configured. */
  readonly store: Store | null;
  /** Stops timers (the rate limiter's sweep) and the replay pool it made (after its running jobs). */
  dispose(): Promise<void>;
}

export const DEFAULT_LIMITS: BodyLimits = { maxBytes: 1024 * 1024, maxDepth: 64, maxItems: 50_000 };
export const DEFAULT_RATE_LIMIT = { perSecond: 30, burst: 300 };
/**
 * A replay runs synchronously on the event loop at 28-95 us per action (measured on the golden replays), so
 * 5,000 actions hold it for about half a second at most; the longest golden game is 451 actions.
 */
export const DEFAULT_MAX_VERIFY_ACTIONS = 5_000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const HOST = /^[A-Za-z0-9.:[\]-]{1,255}$/;

/** Builds the server over a registry: loads every game once (WASM), then every request is synchronous. */
export async function createServer(options: ServerOptions): Promise<HearthServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const secret = readSecret(options.secret, logger);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const games = await serveGames(options.registry, deriveKeys(secret), { kernel: options.kernel ?? 'wasm', limits });
  const ownPool = options.replayPool === undefined;
  const replayPool = options.replayPool ?? createReplayPool({ ...options.replay, kernel: options.kernel ?? 'wasm' });
  const metrics = createMetrics(replayPool);
  const clients = createClients(options);
  const request = (input: string | Request, init?: RequestInit, given?: InProcessOptions) => fetchThrough(handler, input, init, given);
  const ctx: ServerContext = {
    games,
    limits,
    maxVerifyActions: options.maxVerifyActions ?? DEFAULT_MAX_VERIFY_ACTIONS,
    metrics,
    logger,
    replayPool,
    charge: (x, cost) => (clients.limiter && cost > 0 ? clients.limiter.take(clients.clientOf(x), cost) : 0),
    baseUrl: clients.baseUrl,
    viaProxy: clients.viaProxy,
    request: (input, init, given) => request(input, init, given),
  };
  const webDist = options.webDist === undefined ? resolveWebDist(process.env.WEB_DIST) : options.webDist;
  const router = new Router();
  const routes = await registerRoutes(router, ctx, {
    draining: () => server.draining,
    hello: options.helloRoute === true,
    readyTimeoutMs: options.readyTimeoutMs,
    metricsToken: options.metricsToken,
    runs: options.runs,
    mcp: { secret, idleMs: options.mcpIdleMs },
    webDist,
  });
  const handler = createFrontHandler(router, ctx, clients, options, () => server.draining);
  const server: HearthServer = {
    handler,
    request,
    slugs: [...games.keys()],
    metrics,
    logger,
    webDist,
    draining: false,
    replayPool,
    store: routes.runs.store,
    dispose: async () => {
      await routes.close();
      clients.limiter?.stop();
      if (ownPool) await replayPool.close();
    },
  };
  logger.info({ games: server.slugs, webDist, rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT, limits }, 'server ready');
  return server;
}

/** STATE_SECRET: at least 16 characters; without one, a random secret (states die with the process), and a warning. */
function readSecret(secret: string | undefined, logger: Logger): string {
  if (secret !== undefined && secret.length < 16) throw new Error('STATE_SECRET must be at least 16 characters');
  if (secret !== undefined) return secret;
  logger.warn(
    'STATE_SECRET is not set: using a random secret, so states will not survive a restart or work across instances; set STATE_SECRET for production',
  );
  return randomSecret();
}

/** Who a request is from (the proxy contract), its rate limit, and the base URL of its links. */
function createClients(options: ServerOptions) {
  const limiter = options.rateLimit === false ? null : createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const trust = options.trustProxy === true ? parseTrustProxy('1') : options.trustProxy || null;
  const peerOf = (x: Exchange): string => x.req.peer || x.req.client || 'local';
  const viaProxy = (x: Exchange) => trust?.trusts(peerOf(x)) === true;
  const clientOf = (x: Exchange): string => clientAddress(peerOf(x), trust ? x.header('x-forwarded-for') : undefined, trust);
  const baseUrl = (x: Exchange): string => {
    if (publicUrl) return publicUrl;
    // X-Forwarded-Host only when configured, and only from a proxy of ours: a forged one would otherwise put
    // another site's address in links (and in caches).
    const proxied = viaProxy(x);
    const forwarded = proxied && options.trustForwardedHost ? x.header('x-forwarded-host') : undefined;
    const host = forwarded ?? x.header('host') ?? x.req.authority;
    const proto = proxied && x.header('x-forwarded-proto') === 'https' ? 'https' : 'http';
    return `${proto}://${HOST.test(host) ? host : 'localhost'}`;
  };
  return { limiter, peerOf, viaProxy, clientOf, baseUrl };
}

/** The handler with the front's parts: request ids, the rate limit, refusals, metrics and the log line, errors. */
function createFrontHandler(
  router: Router,
  ctx: ServerContext,
  clients: ReturnType<typeof createClients>,
  options: ServerOptions,
  draining: () => boolean,
): Handler {
  const { logger, metrics } = ctx;
  const accessLog = createAccessLog(logger, options.logSample ?? 1);
  let nextId = 0;
  const boot = Date.now().toString(36);
  return createHandler({
    router,
    requestId: (given) => (given && REQUEST_ID.test(given) ? given : `${boot}-${(nextId++).toString(36)}`),
    draining,
    limit: (x) => (clients.limiter ? clients.limiter.take(clients.clientOf(x)) : 0),
    refusal: (route, game, reason) => metrics.refusal(route, game, reason),
    record(x, status, started) {
      const ms = performance.now() - started;
      const label = METHODS.has(x.method) ? x.method : 'OTHER';
      metrics.observe(x.route, x.game, label, status, ms / 1000);
      accessLog.request(x.requestId, label, x.path.slice(0, 200), x.route, x.game, status, ms);
    },
    error(error, x) {
      // The database could not answer (any route, whoever wrote it: the store's methods throw this): 503 + Retry-After.
      if (error instanceof DatabaseUnavailableError) return databaseUnavailable(ctx, x, error);
      // A client gone mid-body is its own doing: 400 (it will not read it), logged without a stack, never a 500.
      if (
        error instanceof BodyAbortedError ||
        (error as NodeJS.ErrnoException)?.code === 'ECONNRESET' ||
        (error as Error)?.message === 'aborted'
      ) {
        logger.info({ requestId: x.requestId }, 'client closed the connection before the body ended');
        return fail(400, 'invalid_body', 'the body ended early');
      }
      // Never a stack trace to the client; the log has it, under the request id.
      const where = { requestId: x.requestId, client: clients.clientOf(x), method: x.method, path: x.path.slice(0, 200) };
      logger.error({ ...where, err: error }, 'unhandled error');
      return fail(500, 'internal_error', `internal error (request id ${x.requestId})`);
    },
  });
}
