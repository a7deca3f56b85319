// Bundles the server into one self-contained ES module, dist/server.mjs, that `node dist/server.mjs` runs
// without node_modules. The game kernels' WASM is already inlined by the game packages (base64 modules).
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the bundle to `outfile` (default dist/server.mjs) and returns its path. */
export async function buildServer(outfile = resolve(appDir, 'dist/server.mjs')) {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [resolve(appDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies (pino) call require() for Node built-ins; give the ES module a require.
    banner: {
      js: "import { createRequire as __hearthCreateRequire } from 'node:module'; const require = __hearthCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`built ${out} (${(statSync(out).size / 1024).toFixed(0)} KiB)`);
}
