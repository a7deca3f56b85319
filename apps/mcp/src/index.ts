// @hearth/mcp: every hearth game as MCP tools (issue 15). Filled in by its own commits.
export {};
