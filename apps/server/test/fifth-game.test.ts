// The fifth game through the HTTP API with no server change: a test build of the production bundle
// (HEARTH_REGISTRY = the test registry, the real games plus Pebble) lists the test-only game, serves its spec and
// docs, plays it through init and action (its stateToken sealed by the server), verifies it on the replay workers
// and offers it over /mcp; the same server in process stores and ranks its run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games/testing';
import { openStore } from '@hearth/store';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplayPool } from '../src/replay/pool.ts';
import { buildBundleOutsideRepo, type Instance, startBundle } from './helpers/bundle.ts';
import { playThroughApi } from './helpers/play.ts';
import { getJson, postJson, startServer, TEST_SECRET } from './helpers/start.ts';

const SLUG = 'pebble';
const TEST_REGISTRY = fileURLToPath(new URL('../../../packages/games/src/testing.ts', import.meta.url));
let bundle: string;
let instance: Instance;
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-fifth-data-'));

const json = async (path: string, body?: unknown) => {
  const res = await fetch(`${instance.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  bundle = buildBundleOutsideRepo({ HEARTH_REGISTRY: TEST_REGISTRY });
  instance = await startBundle(bundle, { STATE_SECRET: TEST_SECRET, RATE_LIMIT_RPS: '0', DATA_DIR: dataDir });
}, 180_000);
afterAll(async () => {
  await instance?.stop();
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a fifth game through the HTTP API, with no server change', () => {
  it('is listed after the real games, with its spec and its page of docs', async () => {
    const index = await json('/api/games');
    expect(index.body.games.map((g: { slug: string }) => g.slug)).toEqual([...registry.slugs]);
    const spec = await json(`/api/games/${SLUG}/spec`);
    expect(spec.body).toMatchObject({ slug: SLUG, carry: 'stateToken' });
    const docs = await fetch(`${instance.url}/docs/api/${SLUG}`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Pebble');
  });

  it('plays to its end through init and action, and /verify and /api/runs agree with the engine in-process', async () => {
    const seed = 21;
    const played = await playThroughApi(
      (path) => json(path),
      (path, body) => json(path, body),
      SLUG,
      seed,
    );
    expect(played.last.gameOver).toBe(true);
    // The token is the server's (sealed), never the plain one a local wire would hand out.
    expect(played.last.stateToken).not.toMatch(/^eyJ/);
    const local = replay((await registry.load(SLUG))!, seed, played.actions);
    if (!local.ok) throw new Error(local.message);
    expect(played.last.score).toBe(local.score);
    const verified = await json(`/api/games/${SLUG}/verify`, { seed, actions: played.actions });
    expect(verified.body).toMatchObject({ ok: true, score: local.score, stateHash: local.stateHash, turns: played.actions.length });
    // Runs need the SQLite addon, which a bundle copied out of the repository has not got: the same server code,
    // in process, over the test registry and a real SQLite file, stores and ranks the run.
    const store = await openStore({ dataDir });
    const replayPool = createReplayPool({ threads: 1, registryModule: TEST_REGISTRY });
    const server = await startServer({ registry, runs: { store, perPlayer: false }, replayPool });
    try {
      const run = await postJson(`${server.url}/api/runs`, { game: SLUG, seed, actions: played.actions, player: 'fifth-game-bot' });
      expect(run.body, JSON.stringify(run.body)).toMatchObject({ ok: true, score: local.score, stateHash: local.stateHash });
      const board = await getJson(`${server.url}/api/leaderboards/${SLUG}`);
      expect(board.body.rows.map((r: { player: string; score: number }) => [r.player, r.score])).toEqual([['fifth-game-bot', local.score]]);
    } finally {
      await server.close();
      await replayPool.close();
      await store.close();
    }
  });

  it('is offered over /mcp and plays there', async () => {
    const client = new Client({ name: 'hearth-fifth-game', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${instance.url}/mcp`)));
    try {
      const tool = async (name: string, args: Record<string, unknown>) => {
        const r = (await client.callTool({ name, arguments: args })) as { content: Array<{ text: string }> };
        return JSON.parse(r.content[0]!.text);
      };
      expect((await tool('list_games', {})).games.map((g: { slug: string }) => g.slug)).toContain(SLUG);
      const started = await tool('new_game', { game: SLUG, seed: 4 });
      const legal = (await tool('legal_actions', { gameId: started.gameId })).legalActions;
      const moved = await tool('act', { gameId: started.gameId, action: legal[0] });
      expect(moved).toMatchObject({ turn: 1, gameOver: false });
    } finally {
      await client.close();
    }
  });
});
