// /mcp: the MCP server over streamable HTTP (packages/mcp), mounted on the game server. Its games are the server's own
// sealed wires (so a stored state cannot be forged and takes the trusted path), its sessions live in the store
// (every instance sharing the database serves every session), replays go to the worker pool, and submit_run and the
// scorecard tools go through the HTTP API (POST /api/runs, /api/scorecards) in-process, with the same checks as any client's submission.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type { GameSessionStore, McpHttpHandler } from '@hearth/mcp';
import { type Answer, fail } from '../http/answer.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import type { ServerContext } from './context.ts';

/** The MCP request a tool call belongs to: its submission goes out as that client, with its Host, from its socket. */
const current = new AsyncLocalStorage<Exchange>();
const FORWARDED = ['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-request-id'];

export interface McpRouteOptions {
  /** Agent games: the store's sessions when a database is configured, else memory (lost on restart). */
  sessions?: GameSessionStore;
  /** The server's STATE_SECRET: session ids are signed with a key derived from it. */
  secret: string;
  /** Idle expiry of an agent's game (MCP_IDLE_MINUTES, default 120). */
  idleMs?: number;
}

/**
 * The MCP server module (and the SDK under it, about 25 MB of the process when loaded) is imported on the first
 * /mcp request, not at start: a server that no agent reaches over MCP never holds it. The bundle contains it
 * (esbuild keeps a dynamic import of a package inside the one file), so nothing is fetched or resolved at run time.
 */
export function registerMcpRoutes(router: Router, ctx: ServerContext, options: McpRouteOptions): { close(): void } {
  let loading: Promise<McpHttpHandler> | null = null;
  let closed = false;
  const load = () => (loading ??= import('@hearth/mcp').then((mcp) => start(mcp)));
  const start = ({ createMcpHttpHandler, MemoryGameStore }: typeof import('@hearth/mcp')): McpHttpHandler => {
    const made = createMcpHttpHandler({
      games: new Map([...ctx.games].map(([slug, served]) => [slug, { game: served.game, wire: served.wire }])),
      store: options.sessions ?? new MemoryGameStore(),
      secret: createHmac('sha256', options.secret).update('hearth mcp session ids').digest(),
      idleMs: options.idleMs,
      maxActions: ctx.maxVerifyActions,
      verify: (slug, seed, actions) => ctx.replayPool.run({ slug, seed, actions }),
      api: async ({ method, path, body, key }) => {
        const x = current.getStore();
        const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
        for (const name of FORWARDED) {
          const value = x?.header(name);
          if (value) headers[name] = value;
        }
        if (key) headers.authorization = `Bearer ${key}`;
        // Through the app itself on the MCP client's behalf: its rate limit (by its address), its Host for the run URL.
        const client = x?.req.peer || undefined;
        const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
        const res = await ctx.request(path, init, { client });
        return (await res.json()) as Record<string, unknown>;
      },
    });
    // Closed before the module finished loading (a shutdown racing the first request): stop its timers at once.
    if (closed) made.close();
    return made;
  };
  router.all('/mcp', async (x) => {
    const handler = await load();
    const request = await fetchRequest(ctx, x);
    if (!(request instanceof Request)) return request;
    return answerOf(await current.run(x, () => handler.handle(request)));
  });
  return {
    close() {
      closed = true;
      loading?.then((handler) => handler.close()).catch(() => {});
    },
  };
}

/** The MCP request as the SDK takes it: a Fetch Request with every header and the body read (within the limit). */
async function fetchRequest(ctx: ServerContext, x: Exchange): Promise<Request | Answer> {
  const headers = new Headers();
  for (const [name, value] of x.req.headerEntries()) headers.append(name, value);
  const url = `http://${x.header('host') ?? x.req.authority}${x.path}${x.req.query ? `?${x.req.query}` : ''}`;
  if (x.method === 'GET' || x.method === 'HEAD') return new Request(url, { method: x.method, headers });
  const body = await x.req.body(ctx.limits.maxBytes);
  if (body === null) return fail(413, 'body_too_large', `body is larger than ${ctx.limits.maxBytes} bytes`, { connection: 'close' });
  return new Request(url, { method: x.method, headers, body: new Uint8Array(body) });
}

/** The SDK's Response as an answer: an event stream goes out as it comes, anything else whole (with its length). */
async function answerOf(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const streaming = response.headers.get('content-type')?.startsWith('text/event-stream') === true;
  const body = response.body === null ? null : streaming ? response.body : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers, body };
}
