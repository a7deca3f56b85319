// Every route on one router, in the order the router tries them: health, the bench's hello, the game API, docs,
// runs and their boards, MCP, the 405s of known paths, the web app's files, and 404 for anything else.
import { fail, methodNotAllowed, text } from '../http/answer.ts';
import type { Router } from '../http/router.ts';
import { DEFAULT_READY_TIMEOUT_MS, registerHealthRoutes } from '../ops/health.ts';
import { API_METHODS, registerApiRoutes } from './api.ts';
import type { ServerContext } from './context.ts';
import { registerDocsRoutes } from './docs.ts';
import { registerMcpRoutes } from './mcp.ts';
import { mountRuns, type RunsMount, type RunsOptions } from './runs-mount.ts';
import { registerWebRoutes } from './web.ts';

export interface RouteOptions {
  draining(): boolean;
  /** GET /hello: plain "hello" through the whole handler, the bench's baseline. */
  hello: boolean;
  readyTimeoutMs?: number;
  metricsToken?: string;
  runs?: RunsOptions;
  mcp: { secret: string; idleMs?: number };
  webDist: string | null;
}

/** Known paths outside the API and runs, with the methods they take (405 with Allow for the others). */
const OTHER_METHODS: Record<string, string> = {
  '/healthz': 'GET, HEAD',
  '/livez': 'GET, HEAD',
  '/readyz': 'GET, HEAD',
  '/metrics': 'GET, HEAD',
  '/docs/api': 'GET, HEAD',
  '/docs/api/:slug': 'GET, HEAD',
  '/llms.txt': 'GET, HEAD',
};

/** Adds every route; what must be closed at shutdown (the runs store, MCP's timers). */
export async function registerRoutes(
  router: Router,
  ctx: ServerContext,
  options: RouteOptions,
): Promise<{ runs: RunsMount; close(): Promise<void> }> {
  registerHealthRoutes(router, ctx, {
    draining: options.draining,
    database: (timeoutMs) => runs.health(timeoutMs),
    readyTimeoutMs: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
    metricsToken: options.metricsToken,
    viaProxy: ctx.viaProxy,
  });
  if (options.hello) {
    router.get('/hello', (x) => {
      x.route = '/hello';
      return { ...text('hello', 'text/plain; charset=UTF-8'), compress: false };
    });
  }
  registerApiRoutes(router, ctx);
  registerDocsRoutes(router, ctx);
  const runs = await mountRuns(router, ctx, options.runs);
  // MCP over streamable HTTP: agent games live in the database when there is one, so every instance serves them.
  const mcp = registerMcpRoutes(router, ctx, { ...options.mcp, sessions: runs.store?.games });
  for (const [pattern, methods] of Object.entries({ ...API_METHODS, ...OTHER_METHODS })) {
    router.all(pattern, (x) => {
      x.route = pattern;
      return methodNotAllowed(pattern, methods, x.method);
    });
  }
  registerWebRoutes(router, options.webDist);
  router.all('*', (x) => fail(404, 'not_found', `no route ${x.method} ${x.path.slice(0, 200)}; see /docs/api`));
  return {
    runs,
    async close() {
      mcp.close();
      await runs.close();
    },
  };
}
