// Bundles the server into one self-contained ES module, dist/server.mjs, that `node dist/server.mjs` runs
// without node_modules. The game kernels' WASM is already inlined by the game packages (base64 modules).
// Two more files go beside it, because worker threads start from a file: replay-worker.mjs (the replay
// pool's task module) and piscina-worker.cjs (piscina's own thread bootstrap, which it finds by path).
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { nodeBundle, REQUIRE_BANNER as requireBanner } from '../../../tooling/bundle.mjs';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const piscinaDist = dirname(fileURLToPath(import.meta.resolve('piscina', pathToFileURL(resolve(appDir, 'package.json')).href)));

/**
 * piscina starts each thread from `resolve(__dirname, 'worker.js')`, a file next to its own source; inside the
 * bundle that is the folder of server.mjs, where its bootstrap is written as piscina-worker.cjs.
 */
const piscinaBesideBundle = {
  name: 'piscina-beside-bundle',
  setup(b) {
    b.onLoad({ filter: /piscina[\\/]dist[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const from = "(0, node_path_1.resolve)(__dirname, 'worker.js')";
      if (!source.includes(from)) throw new Error(`piscina changed how it finds its worker (${args.path}); update scripts/build.mjs`);
      return { contents: source.replace(from, "(0, node_path_1.resolve)(__hearthBundleDir, 'piscina-worker.cjs')"), loader: 'js' };
    });
  },
};

/** Builds the bundle to `outfile` (default dist/server.mjs) and returns its path. */
export async function buildServer(outfile = resolve(appDir, 'dist/server.mjs')) {
  mkdirSync(dirname(outfile), { recursive: true });
  // HEARTH_REGISTRY swaps the registry in the bundle and its replay worker (test builds only).
  const { format: _esm, banner: _require, ...common } = nodeBundle();
  await build({
    ...common,
    entryPoints: [resolve(appDir, 'src/replay/worker.ts')],
    outfile: resolve(dirname(outfile), 'replay-worker.mjs'),
    format: 'esm',
    banner: { js: requireBanner },
  });
  // @napi-rs/nice is optional (native; only loaded for a nice level, which the pool does not set).
  await build({
    ...common,
    entryPoints: [resolve(piscinaDist, 'worker.js')],
    outfile: resolve(dirname(outfile), 'piscina-worker.cjs'),
    format: 'cjs',
    external: ['@napi-rs/nice'],
  });
  await build({
    ...common,
    entryPoints: [resolve(appDir, 'src/main.ts')],
    outfile,
    format: 'esm',
    // CommonJS dependencies (pino) call require() for Node built-ins; give the ES module a require.
    banner: {
      js: `${requireBanner} import { fileURLToPath as __hearthFileURLToPath } from 'node:url'; const __hearthBundleDir = __hearthFileURLToPath(new URL('.', import.meta.url));`,
    },
    plugins: [piscinaBesideBundle],
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`built ${out} (${(statSync(out).size / 1024).toFixed(0)} KiB)`);
}
