// One MCP server object per session: the tools bound to that session's owner id over a shared GameTable.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GameTable } from './table.ts';
import { registerTools } from './tools.ts';

export const SERVER_INFO = { name: 'hearth', version: '0.1.0' } as const;

export const INSTRUCTIONS =
  'Turn-based score-attack games. Call list_games, then rules for one game, then new_game. Play with act (send only the game id and one action); every answer carries a small picture, the score, what your last action did, and the legal actions. verify proves a score; submit_run puts it on the leaderboard (a claimed name needs its playerKey as the key argument). To be measured on a challenge set: open_scorecard, play its seeds with new_game { challenge }, submit_run { scorecard } each, close_scorecard.';

export function createMcpServer(table: GameTable, owner: string, slugs: readonly string[]): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  registerTools(server, table, owner, slugs);
  return server;
}
