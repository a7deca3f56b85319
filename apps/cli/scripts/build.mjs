// Bundles the CLI into one runnable file, dist/hearth.mjs, with every game's WASM inside (the game packages
// inline their kernels as base64 TypeScript modules). A second entry bundles the simulator's worker.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS dependencies may call require(); give ESM output one.
  banner: { js: "import { createRequire as __hearthRequire } from 'node:module'; const require = __hearthRequire(import.meta.url);" },
};

await build({
  ...common,
  entryPoints: [`${root}src/bin.ts`],
  outfile: `${dist}/hearth.mjs`,
  banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
});

const simWorker = fileURLToPath(new URL('../../../packages/sim/src/worker.ts', import.meta.url));
if (existsSync(simWorker)) {
  await build({ ...common, entryPoints: [simWorker], outfile: `${dist}/sim-worker.mjs` });
} else {
  console.warn('apps/cli build: packages/sim/src/worker.ts does not exist yet; dist/sim-worker.mjs not built (hearth sim unavailable).');
}
chmodSync(`${dist}/hearth.mjs`, 0o755);
console.log(`apps/cli build: ${dist}/hearth.mjs`);
