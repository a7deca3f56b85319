// /mcp: the MCP server over streamable HTTP (apps/mcp), mounted on the game server. Its games are the server's own
// sealed wires (so a stored state cannot be forged and takes the trusted path), its sessions live in the store
// (every instance sharing the database serves every session), replays go to the worker pool, and submit_run goes
// through POST /api/runs in-process, with the same checks as any client's submission.
import { createHmac } from 'node:crypto';
import { createMcpHttpHandler, type GameSessionStore, type McpHttpHandler, MemoryGameStore } from '@hearth/mcp';
import type { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';

export interface McpRouteOptions {
  /** Agent games: the store's sessions when a database is configured, else memory (lost on restart). */
  sessions?: GameSessionStore;
  /** The server's STATE_SECRET: session ids are signed with a key derived from it. */
  secret: string;
  /** Idle expiry of an agent's game (MCP_IDLE_MINUTES, default 120). */
  idleMs?: number;
}

export function registerMcpRoutes(app: Hono<AppEnv>, ctx: ServerContext, options: McpRouteOptions): McpHttpHandler {
  const handler = createMcpHttpHandler({
    games: new Map([...ctx.games].map(([slug, served]) => [slug, { game: served.game, wire: served.wire }])),
    store: options.sessions ?? new MemoryGameStore(),
    secret: createHmac('sha256', options.secret).update('hearth mcp session ids').digest(),
    idleMs: options.idleMs,
    maxActions: ctx.maxVerifyActions,
    verify: (slug, seed, actions) => ctx.replayPool.run({ slug, seed, actions }),
    submit: async ({ key, ...run }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (key) headers.authorization = `Bearer ${key}`;
      const res = await app.request('/api/runs', { method: 'POST', headers, body: JSON.stringify(run) });
      return (await res.json()) as Record<string, unknown>;
    },
  });
  app.all('/mcp', (c) => handler.handle(c.req.raw));
  return handler;
}
