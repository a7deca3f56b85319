// The fifth game through MCP with no MCP change: a test build of the stdio bundle (HEARTH_REGISTRY = the test
// registry, the real games plus Pebble) lists the test-only game, tells its rules and plays it to its end through
// the tools, with the score and state hash the engine computes in-process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games/testing';
import { call, playAndVerify } from '@hearth/mcp/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SLUG = 'pebble';
const TEST_REGISTRY = fileURLToPath(new URL('../../../packages/games/src/testing.ts', import.meta.url));
let client: Client;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-mcp-fifth-'));
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url)), dir], {
    env: { ...process.env, HEARTH_REGISTRY: TEST_REGISTRY },
    stdio: 'pipe',
  });
  client = new Client({ name: 'hearth-fifth-game', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(dir, 'hearth-mcp.mjs')], stderr: 'pipe' }));
}, 120_000);
afterAll(async () => {
  await client?.close();
});

describe('a fifth game through MCP over stdio, with no MCP change', () => {
  it('is listed after the real games and its rules come from its spec', async () => {
    const listed = await call(client, 'list_games', {});
    expect(listed.data.games.map((g: { slug: string }) => g.slug)).toEqual([...registry.slugs]);
    const game = (await registry.load(SLUG))!;
    const rules = await call(client, 'rules', { game: SLUG });
    expect(rules.error).toBe(false);
    expect(JSON.stringify(rules.data)).toContain(game.spec.summary![0]!);
  });

  it('plays to its end through the tools, matching the engine in-process', async () => {
    const seed = 9;
    const { id } = await playAndVerify(client, (await registry.load(SLUG))!, SLUG, seed);
    const refused = await call(client, 'act', { gameId: id, action: { type: 'end' } });
    expect(refused.data).toMatchObject({ refused: { reason: 'game_over' }, unchanged: true });
  });
});
