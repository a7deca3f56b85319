// hearth mcp [--server URL]: the Model Context Protocol server over stdio (packages/mcp), bundled into this binary.
// Loaded only when asked for, so play stays light; a build without it says so instead of failing obscurely.
export async function mcp(argv: readonly string[]): Promise<number> {
  let mod: { mcpMain?: (argv: readonly string[]) => Promise<number | undefined>; runStdioServer?: () => Promise<void> };
  try {
    mod = await import('@hearth/mcp');
  } catch (error) {
    process.stderr.write(`hearth mcp: the MCP server is not in this build (${error instanceof Error ? error.message : String(error)})\n`);
    return 1;
  }
  if (typeof mod.mcpMain === 'function') return (await mod.mcpMain(argv)) ?? 0;
  if (typeof mod.runStdioServer === 'function') {
    await mod.runStdioServer();
    return 0;
  }
  process.stderr.write('hearth mcp: @hearth/mcp has no stdio server in this build\n');
  return 1;
}
