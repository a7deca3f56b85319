import { createWire, type Registry } from '@hearth/engine';
import { DatabaseUnavailableError, type Store } from '@hearth/store';
import { Hono } from 'hono';
import { createAccessLog } from './access-log.ts';
import { BodyAbortedError, type BodyLimits } from './body.ts';
import { type AppContext, type AppEnv, databaseUnavailable, fail, type ServedGame, type ServerContext } from './context.ts';
import { DEFAULT_READY_TIMEOUT_MS, registerHealthRoutes } from './health.ts';
import { createHotRoutes, type Front, type HotRoutes } from './hot-routes.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { clientAddress, type ProxyTrust, parseTrustProxy } from './proxy.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createReplayPool, type ReplayPool } from './replay-pool.ts';
import { API_METHODS, failAnswer, registerApiRoutes } from './routes/api.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerMcpRoutes } from './routes/mcp.ts';
import { registerWebRoutes, resolveWebDist } from './routes/web.ts';
import { mountRuns, type RunsOptions } from './runs-mount.ts';
import { createAesCodec, createHmacSealer, deriveKeys, randomSecret } from './sealing.ts';

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
  /** Adds GET /hello (plain "hello" through the same middleware), the bare baseline of the benchmark. */
  helloRoute?: boolean;
  /** Worker threads and queue length of the replay pool (REPLAY_THREADS, REPLAY_QUEUE; see replay-pool.ts). */
  replay?: { threads?: number; maxQueue?: number };
  /** A replay pool to use instead of making one (not closed by dispose; tests share one with fixture games). */
  replayPool?: ReplayPool;
  /** Idle expiry of an MCP agent's game (MCP_IDLE_MINUTES; default 120 minutes). */
  mcpIdleMs?: number;
  /** Runs, leaderboards and challenges (runs-mount.ts): a store or where to open one; without, those routes answer 503. */
  runs?: RunsOptions;
}

export interface HearthServer {
  readonly app: Hono<AppEnv>;
  /** The Fetch handler (what listen() hands to @hono/node-server). */
  readonly fetch: Hono<AppEnv>['fetch'];
  /** The hot routes on bare node:http (hot-routes.ts), in front of `fetch`: listen() tries them first. */
  readonly hot: HotRoutes;
  /** What the middleware and the hot routes share (request ids, rate limit, metrics and log line, error answers). */
  readonly front: Front;
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
const UNLIMITED_PATHS = new Set(['/healthz', '/livez', '/readyz']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const HOST = /^[A-Za-z0-9.:[\]-]{1,255}$/;

/** Builds the app over a registry: loads every game once (WASM), then every request is synchronous. */
export async function createServer(options: ServerOptions): Promise<HearthServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  let secret = options.secret;
  if (secret !== undefined && secret.length < 16) throw new Error('STATE_SECRET must be at least 16 characters');
  if (secret === undefined) {
    secret = randomSecret();
    logger.warn(
      'STATE_SECRET is not set: using a random secret, so states will not survive a restart or work across instances; set STATE_SECRET for production',
    );
  }
  const keys = deriveKeys(secret);
  const games = new Map<string, ServedGame>();
  for (const game of await options.registry.loadAll({ kernel: options.kernel ?? 'wasm' })) {
    // Both authenticate, so the wire steps states they open on the engine's trusted path (no parseState).
    const sealer = game.spec.carry === 'stateToken' ? null : createHmacSealer(keys, game.slug);
    const wire = sealer ? createWire(game, { sealer }) : createWire(game, { codec: createAesCodec(keys, game.slug) });
    games.set(game.slug, { game, wire, engineWire: createWire(game), sealer, specJson: JSON.stringify(game.spec) });
  }

  const accessLog = createAccessLog(logger, options.logSample ?? 1);
  const limiter: RateLimiter | null = options.rateLimit === false ? null : createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const trust = options.trustProxy === true ? parseTrustProxy('1') : options.trustProxy || null;
  const peerOf = (c: AppContext): string => c.env?.incoming?.socket?.remoteAddress ?? c.env?.client ?? 'local';
  const viaProxy = (c: AppContext) => trust?.trusts(peerOf(c)) === true;
  const ownPool = options.replayPool === undefined;
  const replayPool = options.replayPool ?? createReplayPool({ ...options.replay, kernel: options.kernel ?? 'wasm' });
  const metrics = createMetrics(replayPool);
  const ctx: ServerContext = {
    games,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    maxVerifyActions: options.maxVerifyActions ?? DEFAULT_MAX_VERIFY_ACTIONS,
    metrics,
    logger,
    replayPool,
    charge: (c, cost) => (limiter && cost > 0 ? limiter.take(clientOf(c), cost) : 0),
    baseUrl(c) {
      if (publicUrl) return publicUrl;
      // X-Forwarded-Host only when configured, and only from a proxy of ours: a forged one would otherwise put
      // another site's address in links (and in caches).
      const proxied = viaProxy(c);
      const forwarded = proxied && options.trustForwardedHost ? c.req.header('x-forwarded-host') : undefined;
      const host = forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
      const proto = proxied && c.req.header('x-forwarded-proto') === 'https' ? 'https' : 'http';
      return `${proto}://${HOST.test(host) ? host : 'localhost'}`;
    },
  };
  const webDist = options.webDist === undefined ? resolveWebDist(process.env.WEB_DIST) : options.webDist;

  const clientFor = (peer: string, forwardedFor: string | undefined) => clientAddress(peer, trust ? forwardedFor : undefined, trust);
  const clientOf = (c: AppContext): string => clientFor(peerOf(c), trust ? c.req.header('x-forwarded-for') : undefined);

  const app = new Hono<AppEnv>();
  let nextId = 0;
  const boot = Date.now().toString(36);
  // What the hono middleware below and the node:http front of the hot routes (hot-routes.ts) share.
  const front: Front = {
    ctx,
    requestId: (given) => (given && REQUEST_ID.test(given) ? given : `${boot}-${(nextId++).toString(36)}`),
    draining: () => server.draining,
    limit: (peer, forwardedFor) => (limiter ? limiter.take(clientFor(peer, forwardedFor)) : 0),
    record(requestId, method, path, route, game, status, started) {
      const ms = performance.now() - started;
      const label = METHODS.has(method) ? method : 'OTHER';
      metrics.observe(route, game, label, status, ms / 1000);
      accessLog.request(requestId, label, path.slice(0, 200), route, game, status, ms);
    },
    unhandled(error, at) {
      // A client gone mid-body is its own doing: 400 (it will not read it), logged without a stack, never a 500.
      if (
        error instanceof BodyAbortedError ||
        (error as NodeJS.ErrnoException)?.code === 'ECONNRESET' ||
        (error as Error)?.message === 'aborted'
      ) {
        logger.info({ requestId: at.requestId }, 'client closed the connection before the body ended');
        return failAnswer(400, 'invalid_body', 'the body ended early');
      }
      logger.error(
        {
          requestId: at.requestId,
          client: clientFor(at.peer, at.forwardedFor),
          method: at.method,
          path: at.path.slice(0, 200),
          err: error,
        },
        'unhandled error',
      );
      return failAnswer(500, 'internal_error', `internal error (request id ${at.requestId})`);
    },
    hello: options.helloRoute === true,
  };

  // Request id, rate limit, then one metrics sample and one log line per request.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = front.requestId(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    c.set('route', 'unmatched');
    c.set('game', '');
    // Headers are set before the handler makes its response: touching a made response's headers would force
    // @hono/node-server off its fast path (a real Response object per request, several times the cost).
    c.header('x-request-id', requestId);
    // While draining, tell keep-alive clients to reconnect (to another instance) after this response.
    if (server.draining) c.header('connection', 'close');
    const path = c.req.path;
    if (path.startsWith('/api/')) {
      // The API holds no cookies or sessions, so any origin may call it (browser-based agents included).
      c.header('access-control-allow-origin', '*');
      c.header('access-control-expose-headers', 'X-Request-Id, Retry-After');
      if (c.req.method === 'OPTIONS') {
        c.set('route', 'cors_preflight');
        c.header('access-control-allow-methods', 'GET, HEAD, POST');
        c.header('access-control-allow-headers', 'Content-Type, X-Request-Id, Authorization');
        c.header('access-control-max-age', '86400');
        finish(c, started, 204);
        return c.body(null, 204);
      }
    }
    if (limiter && !UNLIMITED_PATHS.has(path)) {
      const wait = limiter.take(clientOf(c));
      if (wait > 0) {
        c.set('route', 'rate_limited');
        const response = fail(ctx, c, 429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, {
          'retry-after': String(wait),
        });
        finish(c, started, 429);
        return response;
      }
    }
    await next();
    // A request that was in flight when draining began (rare: only during shutdown, so the slow path is fine).
    if (server.draining && !c.res.headers.has('connection')) c.res.headers.set('connection', 'close');
    // A handler that returned a Response of its own (/mcp) did not get the headers set above.
    if (path === '/mcp' && !c.res.headers.has('x-request-id')) c.res.headers.set('x-request-id', requestId);
    finish(c, started, c.res.status);
  });

  const finish = (c: AppContext, started: number, status: number) =>
    front.record(c.get('requestId'), c.req.method, c.req.path, c.get('route'), c.get('game'), status, started);

  registerHealthRoutes(app, ctx, {
    draining: () => server.draining,
    database: (timeoutMs) => runs.health(timeoutMs),
    readyTimeoutMs: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
    metricsToken: options.metricsToken,
    viaProxy,
  });
  if (options.helloRoute) {
    app.get('/hello', (c) => {
      c.set('route', '/hello');
      return c.text('hello');
    });
  }
  registerApiRoutes(app, ctx);
  registerDocsRoutes(app, ctx);
  const runs = await mountRuns(app, ctx, options.runs);
  // MCP over streamable HTTP: agent games live in the database when there is one, so every instance serves them.
  const mcp = registerMcpRoutes(app, ctx, { sessions: runs.store?.games, secret, idleMs: options.mcpIdleMs });

  // Known paths with a method they do not take: 405 with Allow.
  const allow: Record<string, string> = {
    ...API_METHODS,
    '/healthz': 'GET, HEAD',
    '/livez': 'GET, HEAD',
    '/readyz': 'GET, HEAD',
    '/metrics': 'GET, HEAD',
    '/docs/api': 'GET, HEAD',
    '/docs/api/:slug': 'GET, HEAD',
    '/llms.txt': 'GET, HEAD',
  };
  for (const [pattern, methods] of Object.entries(allow)) {
    app.all(pattern, (c) => {
      c.set('route', pattern);
      return fail(ctx, c, 405, 'method_not_allowed', `${pattern} takes ${methods}, not ${c.req.method}`, { allow: methods });
    });
  }
  registerWebRoutes(app, ctx, webDist);
  app.all('*', (c) => fail(ctx, c, 404, 'not_found', `no route ${c.req.method} ${c.req.path.slice(0, 200)}; see /docs/api`));
  app.notFound((c) => fail(ctx, c, 404, 'not_found', 'no such route; see /docs/api'));
  app.onError((error, c) => {
    // Never a stack trace to the client; the log has it, under the request id.
    // The database could not answer (any route, whoever wrote it: the store's methods throw this): 503 + Retry-After.
    if (error instanceof DatabaseUnavailableError) return databaseUnavailable(ctx, c, error);
    const answer = front.unhandled(error, {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      peer: peerOf(c),
      forwardedFor: c.req.header('x-forwarded-for'),
    });
    return fail(ctx, c, answer.status, answer.reason as string, answer.message as string);
  });

  const server: HearthServer = {
    app,
    fetch: app.fetch,
    hot: createHotRoutes(front),
    front,
    slugs: [...games.keys()],
    metrics,
    logger,
    webDist,
    draining: false,
    replayPool,
    store: runs.store,
    dispose: async () => {
      mcp.close();
      await runs.close();
      limiter?.stop();
      if (ownPool) await replayPool.close();
    },
  };
  logger.info({ games: server.slugs, webDist, rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT, limits: ctx.limits }, 'server ready');
  return server;
}
