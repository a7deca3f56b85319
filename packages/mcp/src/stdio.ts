// MCP over stdio: `hearth mcp` (and the standalone bundle dist/hearth-mcp.mjs) for desktop and coding agents. One
// process is one session; games are held in memory (bounded) with an idle expiry; submit_run posts to --server.
import { parseArgs } from 'node:util';
import { createWire } from '@hearth/engine';
import { registry } from '@hearth/games';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { MemoryGameStore } from './game-store.ts';
import { createMcpServer } from './server.ts';
import { httpApi } from './submit.ts';
import { GameTable, type TableGame } from './table.ts';

export interface StdioOptions {
  /** Leaderboard server for submit_run (also HEARTH_SERVER). */
  server?: string;
  kernel?: 'wasm' | 'js';
}

export const STDIO_USAGE = `hearth mcp [--server URL | --hearth-server URL]

Serves every hearth game as MCP tools over stdio (list_games, rules, new_game, act, view, legal_actions,
verify, submit_run, open_scorecard, close_scorecard). --server (or --hearth-server, or the environment variable
HEARTH_SERVER) names the leaderboard server submit_run and the scorecard tools talk to. Under the MCP Inspector,
whose own --server flag takes --server for itself, use --hearth-server URL or -e HEARTH_SERVER=URL.`;

/** Loads every game with a plain wire (local play: nothing to seal). */
export async function loadLocalGames(kernel: 'wasm' | 'js' = 'wasm'): Promise<Map<string, TableGame>> {
  const games = new Map<string, TableGame>();
  for (const game of await registry.loadAll({ kernel })) games.set(game.slug, { game, wire: createWire(game) });
  return games;
}

export async function runStdioServer(options: StdioOptions = {}): Promise<void> {
  const games = await loadLocalGames(options.kernel);
  const serverUrl = options.server ?? process.env.HEARTH_SERVER;
  const table = new GameTable({ games, store: new MemoryGameStore(), api: serverUrl ? httpApi(serverUrl) : undefined });
  const purge = setInterval(() => void table.purge(), 10 * 60 * 1000);
  purge.unref();
  const server = createMcpServer(table, 'stdio', [...games.keys()]);
  await server.connect(new StdioServerTransport());
}

/** Entry for `hearth mcp …` and the bundle: strict flags, usage on --help, exit code 2 on a usage error. */
export async function mcpMain(argv: readonly string[]): Promise<number | undefined> {
  let values: { server?: string; 'hearth-server'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { server: { type: 'string' }, 'hearth-server': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (e) {
    process.stderr.write(`hearth mcp: ${e instanceof Error ? e.message : String(e)}\n\n${STDIO_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${STDIO_USAGE}\n`);
    return 0;
  }
  if (values.server && values['hearth-server'] && values.server !== values['hearth-server']) {
    process.stderr.write(`hearth mcp: --server and --hearth-server name two different servers; give one\n\n${STDIO_USAGE}\n`);
    return 2;
  }
  await runStdioServer({ server: values.server ?? values['hearth-server'] });
  return undefined;
}
