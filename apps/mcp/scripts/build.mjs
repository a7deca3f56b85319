// Bundles the MCP server into one runnable file, dist/hearth-mcp.mjs (every game's WASM inside), for desktop and
// coding agents that start an MCP server as a command. `hearth mcp` in the CLI bundle is the same server.
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${dist}/hearth-mcp.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __hearthRequire } from 'node:module'; const require = __hearthRequire(import.meta.url);",
  },
});
chmodSync(`${dist}/hearth-mcp.mjs`, 0o755);
console.log(`apps/mcp build: ${dist}/hearth-mcp.mjs`);
