// MCP over streamable HTTP with the SDK's real client: sessions are isolated, survive a restart and work across
// instances sharing one store and secret; expired games and sessions say so; bad requests get clear errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@hearth/store';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameSessionStore, MemoryGameStore } from '../src/game-store.ts';
import { createMcpHttpHandler, type McpHttpHandler } from '../src/http.ts';
import { loadLocalGames } from '../src/stdio.ts';
import type { TableGame } from '../src/table.ts';
import { call, playThrough, serveHandler } from './play.ts';

let games: Map<string, TableGame>;
const secret = 'test-secret-0123456789abcdef';
const open: Array<{ close: () => Promise<void> | void }> = [];

async function instance(store: GameSessionStore, extra: { now?: () => number; idleMs?: number } = {}) {
  const handler: McpHttpHandler = createMcpHttpHandler({ games, store, secret, ...extra });
  const served = await serveHandler(handler.handle);
  open.push(served, { close: () => handler.close() });
  return served.url;
}

async function connect(url: string, sessionId?: string): Promise<Client> {
  const client = new Client({ name: 'hearth-http-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), sessionId ? { sessionId } : undefined));
  open.push({ close: () => client.close() });
  return client;
}

beforeAll(async () => {
  games = await loadLocalGames();
});
afterAll(async () => {
  for (const o of open.reverse()) await o.close();
});

describe('MCP over streamable HTTP', () => {
  it('plays a game to its end and verifies it', async () => {
    const client = await connect(await instance(new MemoryGameStore()));
    const { id, last } = await playThrough(client, 'stormlark', 5);
    expect(last.gameOver).toBe(true);
    expect((await call(client, 'verify', { gameId: id })).data).toMatchObject({ ok: true, score: last.score, gameOver: true });
  });

  it("two sessions never see each other's games", async () => {
    const url = await instance(new MemoryGameStore());
    const alice = await connect(url);
    const bob = await connect(url);
    const a = await call(alice, 'new_game', { game: 'cragwake', seed: 1 });
    const b = await call(bob, 'new_game', { game: 'cragwake', seed: 1 });
    expect(a.data.gameId).not.toBe(b.data.gameId);
    for (const tool of ['view', 'legal_actions', 'verify'])
      expect(await call(bob, tool, { gameId: a.data.gameId })).toMatchObject({ error: true, data: expect.stringMatching(/no game/) });
    const move = a.data.actions.move[0];
    expect((await call(bob, 'act', { gameId: a.data.gameId, action: { type: 'step', row: move[1], col: move[2] } })).error).toBe(true);
    expect((await call(alice, 'view', { gameId: a.data.gameId })).data.turn).toBe(0);
  });

  it('a session and its games survive a restart and move between instances', async () => {
    const store = new MemoryGameStore();
    const first = await instance(store);
    const client = await connect(first);
    const started = await call(client, 'new_game', { game: 'sunloaf', seed: 4 });
    const legal = (await call(client, 'legal_actions', { gameId: started.data.gameId })).data.legalActions;
    await call(client, 'act', { gameId: started.data.gameId, action: legal[0] });
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    // A second instance (or the same one restarted) with the same secret and store takes the session as it is.
    const second = await instance(store);
    const resumed = await connect(second, sessionId);
    const view = await call(resumed, 'view', { gameId: started.data.gameId });
    expect(view).toMatchObject({ error: false, data: { turn: 1, game: 'sunloaf' } });
  });

  it('with the database, games survive a full restart: a new process opening the same SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-mcp-db-'));
    open.push({ close: () => rmSync(dir, { recursive: true, force: true }) });
    const before = await openStore({ dataDir: dir });
    const client = await connect(await instance(before.games));
    const started = await call(client, 'new_game', { game: 'cragwake', seed: 21 });
    const legal = (await call(client, 'legal_actions', { gameId: started.data.gameId })).data.legalActions;
    const moved = await call(client, 'act', { gameId: started.data.gameId, action: legal[0] });
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    await before.close();
    const after = await openStore({ dataDir: dir });
    open.push({ close: () => after.close() });
    const resumed = await connect(await instance(after.games), sessionId);
    const view = await call(resumed, 'view', { gameId: started.data.gameId });
    expect(view.data).toMatchObject({ turn: 1, score: moved.data.score, text: moved.data.text });
    const verified = await call(resumed, 'verify', { gameId: started.data.gameId });
    expect(verified.data).toMatchObject({ ok: true, turns: 1 });
  });

  it('idle games expire, and say so', async () => {
    let clock = 1_000_000;
    const url = await instance(new MemoryGameStore(), { now: () => clock, idleMs: 60_000 });
    const client = await connect(url);
    const started = await call(client, 'new_game', { game: 'lantern-volley', seed: 9 });
    clock += 59_000;
    expect((await call(client, 'view', { gameId: started.data.gameId })).error).toBe(false);
    clock += 61_000;
    expect(await call(client, 'view', { gameId: started.data.gameId })).toMatchObject({
      error: true,
      data: expect.stringMatching(/expired/),
    });
  });

  it('bad requests get JSON-RPC errors, never a crash', async () => {
    const url = await instance(new MemoryGameStore());
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      });
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).status).toBe(400);
    const forged = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { 'mcp-session-id': 'abc.def.ghi' });
    expect(forged.status).toBe(404);
    expect((await post('x'.repeat(300 * 1024))).status).toBe(413);
    expect((await fetch(url)).status).toBe(405);
    const client = await connect(url);
    expect((await call(client, 'list_games', {})).error).toBe(false);
  });
});
