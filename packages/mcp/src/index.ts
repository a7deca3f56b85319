// @hearth/mcp: every hearth game as MCP tools, over stdio (`hearth mcp`) and streamable HTTP (/mcp on the server).
export { type GameSession, type GameSessionStore, MemoryGameStore } from './game-store.ts';
export { createMcpHttpHandler, type McpHttpHandler, type McpHttpOptions } from './http.ts';
export { createMcpServer, INSTRUCTIONS, SERVER_INFO } from './server.ts';
export { createSessionIds, type SessionIds } from './session-id.ts';
export { loadLocalGames, mcpMain, runStdioServer, STDIO_USAGE, type StdioOptions } from './stdio.ts';
export { httpApi } from './submit.ts';
export {
  type ApiCaller,
  GameTable,
  type TableGame,
  type TableOptions,
  type TableResult,
} from './table.ts';
export { registerTools, toToolResult } from './tools.ts';
