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

  it('a scorecard through MCP: opened, runs of two games submitted into it with their records, a copy refused as an error, closed', async () => {
    const client = await connect(servers[0]!.url);
    const opened = await call(client, 'open_scorecard', { player: 'mcp-eval', model: 'model-z', prompt: 'p1' });
    expect(opened.error, String(opened.data)).toBe(false);
    const { scorecardId, playerKey, games } = opened.data as {
      scorecardId: string;
      playerKey: string;
      games: Record<string, { seeds: number[]; budget: string }>;
    };
    expect(games.cragwake!.seeds).toHaveLength(20);
    expect(games.sunloaf!.budget).toContain('10 days');
    const played: Array<{ game: string; seed: number; score: number }> = [];
    for (const game of ['cragwake', 'stormlark']) {
      for (const seed of games[game]!.seeds.slice(0, 2)) {
        const started = await call(client, 'new_game', { game, seed, challenge: 'season-2' });
        const id = started.data.gameId as string;
        let last = started.data;
        for (let i = 0; i < 6 && !last.gameOver; i++) {
          const legal = (await call(client, 'legal_actions', { gameId: id })).data.legalActions as unknown[];
          last = (await call(client, 'act', { gameId: id, action: legal[(i * 3) % legal.length], usage: { input: 900, output: 20 } })).data;
        }
        const sent = await call(client, 'submit_run', { gameId: id, player: 'mcp-eval', key: playerKey, scorecard: scorecardId });
        expect(sent.error, String(sent.data)).toBe(false);
        expect(sent.data.scorecard).toMatchObject({ id: scorecardId, counted: true });
        played.push({ game, seed, score: last.score });
      }
    }
    // Another player replaying the same actions: an MCP error naming who owns the run.
    const copy = await call(client, 'new_game', { game: 'cragwake', seed: games.cragwake!.seeds[0]!, challenge: 'season-2' });
    const report = (await (await fetch(`${servers[1]!.url}/api/scorecards/${scorecardId}`)).json()) as any;
    const first = report.games.find((g: any) => g.game === 'cragwake').perSeed[0];
    const run = (await (await fetch(`${servers[0]!.url}/api/runs/${first.runId}`)).json()) as { actions: unknown[] };
    for (const action of run.actions) await call(client, 'act', { gameId: copy.data.gameId, action });
    const copied = await call(client, 'submit_run', { gameId: copy.data.gameId, player: 'mcp-copier' });
    expect(copied.error).toBe(true);
    expect(copied.data).toContain(`identical to run ${first.runId} by mcp-eval`);
    expect(String((await call(client, 'close_scorecard', { scorecardId, player: 'mcp-eval' })).data)).toContain(
      'as the key argument of close_scorecard',
    );
    const closed = await call(client, 'close_scorecard', { scorecardId, player: 'mcp-eval', key: playerKey });
    expect(closed.data).toMatchObject({ scorecardId, closed: true });
    expect(closed.data.games.find((g: any) => g.game === 'cragwake').played).toBe('2 of 20 seeds played');
    // The records were kept and summed: 6 usage reports of 900 input per run.
    const after = (await (await fetch(`${servers[0]!.url}/api/scorecards/${scorecardId}`)).json()) as any;
    const cw = after.games.find((g: any) => g.game === 'cragwake');
    expect(cw.totals.usage.input).toBe(cw.totals.steps * 900);
    expect(cw.perSeed[0].recordUrl).toMatch(/\/records\/cragwake\//);
    for (const p of played) {
      const row = after.games.find((g: any) => g.game === p.game).perSeed.find((x: any) => x.seed === p.seed);
      expect(row.score).toBe(p.score);
    }
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
    wire.body.state.score += 1000;
    await store.games.update(row.id, { wire: JSON.stringify(wire), actions: row.actions, turns: row.turns }, row.version);
    const after = await call(elsewhere, 'view', { gameId: started.data.gameId });
    expect(after).toMatchObject({ error: true, data: expect.stringMatching(/could not be read back/) });
  });
});
