// Bundles the MCP server into one runnable file, dist/hearth-mcp.mjs (every game's WASM inside), for desktop and
// coding agents that start an MCP server as a command. `hearth mcp` in the CLI bundle is the same server.
import { chmodSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeBundle } from '../../../tooling/bundle.mjs';

// `node scripts/build.mjs [outdir]` (default dist/); HEARTH_REGISTRY swaps the registry (test builds only).
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.argv[2] ? resolve(process.argv[2]) : `${root}dist`;
rmSync(dist, { recursive: true, force: true });
await build({ ...nodeBundle({ shebang: true }), entryPoints: [`${root}src/main.ts`], outfile: `${dist}/hearth-mcp.mjs` });
chmodSync(`${dist}/hearth-mcp.mjs`, 0o755);
console.log(`apps/mcp build: ${dist}/hearth-mcp.mjs`);
