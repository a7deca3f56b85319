// The standalone bundle's entry (dist/hearth-mcp.mjs): the same server as `hearth mcp`.
import { mcpMain } from '@hearth/mcp';

const code = await mcpMain(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
