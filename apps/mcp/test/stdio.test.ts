// The MCP server over stdio, driven by the SDK's real client against the bundled server (dist/hearth-mcp.mjs):
// every game played to its end through the tools, the same score and state hash as the engine in-process.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stateHash } from '@hearth/engine';
import { registry } from '@hearth/games';
import { call, playAndVerify } from '@hearth/mcp/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bundle = fileURLToPath(new URL('../dist/hearth-mcp.mjs', import.meta.url));
let client: Client;

beforeAll(async () => {
  client = new Client({ name: 'hearth-test', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bundle], stderr: 'pipe' }));
});
afterAll(async () => {
  await client?.close();
});

describe('hearth mcp over stdio', () => {
  it('offers the ten tools, each with an input schema and a description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'act',
      'close_scorecard',
      'legal_actions',
      'list_games',
      'new_game',
      'open_scorecard',
      'rules',
      'submit_run',
      'verify',
      'view',
    ]);
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
    }
    // The README's table names every tool and every argument it takes.
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    for (const t of tools) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${t.name}\``));
      expect(row, `README row of ${t.name}`).toBeDefined();
      for (const arg of Object.keys(t.inputSchema.properties ?? {})) expect(row, `${t.name} ${arg}`).toContain(`\`${arg}`);
    }
    const listed = await call(client, 'list_games', {});
    expect(listed.data.games.map((g: { slug: string }) => g.slug)).toEqual([...registry.slugs]);
  });

  for (const slug of registry.slugs) {
    it(`plays ${slug} to its end through the tools, matching the engine in-process`, async () => {
      const seed = 11;
      const game = (await registry.load(slug))!;
      const { id, local } = await playAndVerify(client, game, slug, seed);
      const full = await call(client, 'view', { gameId: id, full: true });
      expect(full.data.score).toBe(local.score);
      if (game.spec.carry === 'state') expect(stateHash(full.data.state)).toBe(local.stateHash);
    });
  }

  it('a refused action changes nothing and answers with the reason and what is legal', async () => {
    const { data } = await call(client, 'new_game', { game: 'cragwake', seed: 3 });
    const before = await call(client, 'view', { gameId: data.gameId, full: true });
    const refused = await call(client, 'act', { gameId: data.gameId, action: { type: 'fly' } });
    expect(refused.error).toBe(false);
    expect(refused.data).toMatchObject({ refused: { reason: 'unknown_action' }, unchanged: true, turn: 0 });
    expect(refused.data.actions).toEqual(data.actions);
    const after = await call(client, 'view', { gameId: data.gameId, full: true });
    expect(after.data).toEqual(before.data);
  });

  it('malformed calls, unknown games and ids, bad seeds and a missing server are clear tool errors', async () => {
    expect((await call(client, 'new_game', { game: 'chess' })).data).toMatch(/unknown game "chess"/);
    expect((await call(client, 'new_game', { game: 'cragwake', seed: 1.5 })).error).toBe(true);
    expect((await call(client, 'act', { gameId: 'g_AAAAAAAAAAAAAAAAAAAAAA', action: {} })).data).toMatch(/no game/);
    expect((await call(client, 'act', { gameId: 'g_x' })).error).toBe(true);
    expect((await call(client, 'rules', { game: 'cragwake', section: 'nope' })).error).toBe(true);
    const started = await call(client, 'new_game', { game: 'stormlark', seed: 2 });
    const submit = await call(client, 'submit_run', { gameId: started.data.gameId, player: 'tester' });
    expect(submit).toMatchObject({ error: true, data: expect.stringMatching(/--server/) });
    // The server is still there after all of that.
    expect((await call(client, 'list_games', {})).error).toBe(false);
  });

  it('rules serves the how-to-play by default and every section on request', async () => {
    const summary = await call(client, 'rules', { game: 'sunloaf' });
    expect(summary.data.howToPlay.length).toBeGreaterThan(0);
    expect(summary.data.actions).toBeTypeOf('object');
    const full = await call(client, 'rules', { game: 'sunloaf', section: 'rules' });
    expect(full.data.rules.length).toBeGreaterThan(summary.data.howToPlay.join(' ').length);
  });
});
