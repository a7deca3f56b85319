// The MCP server mounted at /mcp on the real server, driven by the SDK's streamable HTTP client: an agent plays,
// verifies and submits a run that lands on the leaderboard as an agent run; its games live in the database (sealed,
// so a row altered there is refused) and are served by a second instance sharing that database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import { openStore, type Store } from '@hearth/store';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from './helpers/start.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearth-mcp-route-'));
let store: Store;
const servers: Started[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  store = await openStore({ dataDir: dir });
  servers.push(await startServer({ runs: { store, perPlayer: false } }));
  servers.push(await startServer({ runs: { store, perPlayer: false } }));
});
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const s of servers) await s.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function connect(url: string, sessionId?: string): Promise<Client> {
  const client = new Client({ name: 'agent-under-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), sessionId ? { sessionId } : undefined));
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }> };
  const text = r.content[0]!.text;
  return { error: r.isError === true, data: r.isError ? text : JSON.parse(text) };
}

describe('/mcp on the server', () => {
  it('an agent plays Cragwake to its end, verifies, and submits a run that ranks as an agent run', async () => {
    const client = await connect(servers[0]!.url);
    const started = await call(client, 'new_game', { game: 'cragwake', seed: 7 });
    const id = started.data.gameId as string;
    const actions: unknown[] = [];
    let last = started.data;
    while (!last.gameOver && actions.length < 2000) {
      const legal = (await call(client, 'legal_actions', { gameId: id })).data.legalActions as Array<{ type: string }>;
      const action = legal.find((a) => a.type !== 'endRun') ?? legal[0];
      last = (await call(client, 'act', { gameId: id, action })).data;
      actions.push(action);
    }
    expect(last.gameOver).toBe(true);
    const local = replay((await registry.load('cragwake'))!, 7, actions);
    expect(local.ok && local.score).toBe(last.score);
    const verified = await call(client, 'verify', { gameId: id });
    expect(verified.data).toMatchObject({ ok: true, score: last.score, stateHash: local.ok ? local.stateHash : '' });
    const submitted = await call(client, 'submit_run', { gameId: id, player: 'mcp-agent', agent: 'test-model 1.0 / hearth-mcp' });
    expect(submitted.data).toMatchObject({ ok: true, score: last.score, rank: 1 });
    expect(submitted.data.playerKey).toMatch(/^hk_/);
    // The run's link points at the server the agent talks to, not at an in-process stand-in.
    expect(submitted.data.url).toBe(`${servers[0]!.url}/#/run/${submitted.data.runId}`);
    const board = (await (await fetch(`${servers[1]!.url}/api/leaderboards/cragwake?kind=agent`)).json()) as any;
    expect(board.rows[0]).toMatchObject({ player: 'mcp-agent', agent: 'test-model 1.0 / hearth-mcp', score: last.score });
    // A second run under the claimed name needs the key the first returned.
    const again = await call(client, 'new_game', { game: 'cragwake', seed: 8 });
    const refused = await call(client, 'submit_run', { gameId: again.data.gameId, player: 'mcp-agent' });
    expect(refused.error).toBe(true);
  });

  it('games live in the database: another instance serves the session, and a row altered there is refused', async () => {
    const client = await connect(servers[0]!.url);
    const started = await call(client, 'new_game', { game: 'stormlark', seed: 3 });
    const legal = (await call(client, 'legal_actions', { gameId: started.data.gameId })).data.legalActions;
    await call(client, 'act', { gameId: started.data.gameId, action: legal[0] });
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    const elsewhere = await connect(servers[1]!.url, sessionId);
    expect((await call(elsewhere, 'view', { gameId: started.data.gameId })).data).toMatchObject({ turn: 1, game: 'stormlark' });
    const row = (await store.games.get(started.data.gameId))!;
    const wire = JSON.parse(row.wire);
    wire.state.score += 1000;
    await store.games.update(row.id, { wire: JSON.stringify(wire), actions: row.actions, turns: row.turns }, row.version);
    const after = await call(elsewhere, 'view', { gameId: started.data.gameId });
    expect(after).toMatchObject({ error: true, data: expect.stringMatching(/could not be read back/) });
  });
});
