// Bundles the CLI into one runnable file, dist/hearth.mjs, with every game's WASM inside (the game packages
// inline their kernels as base64 TypeScript modules). A second entry bundles the simulator's worker.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeBundle } from '../../../tooling/bundle.mjs';

// `node scripts/build.mjs [outdir]` (default dist/); HEARTH_REGISTRY swaps the registry (test builds only).
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.argv[2] ? resolve(process.argv[2]) : `${root}dist`;
rmSync(dist, { recursive: true, force: true });

const common = {
  ...nodeBundle(),
  // esbuild has a native binary and cannot be bundled; @hearth/sim imports it lazily, only to bundle a user's .ts policy.
  external: ['esbuild'],
};

await build({
  ...common,
  entryPoints: [`${root}src/bin.ts`],
  outfile: `${dist}/hearth.mjs`,
  banner: nodeBundle({ shebang: true }).banner,
});

// The simulator's worker: a file of its own, because worker_threads start from a module URL.
let simWorker;
try {
  simWorker = fileURLToPath(import.meta.resolve('@hearth/sim/worker'));
} catch {
  simWorker = undefined;
}
if (simWorker && existsSync(simWorker)) {
  await build({ ...common, entryPoints: [simWorker], outfile: `${dist}/sim-worker.mjs` });
} else {
  console.warn(
    'apps/cli build: @hearth/sim/worker not found; dist/sim-worker.mjs not built, so `hearth sim` is unavailable in this bundle.',
  );
}
chmodSync(`${dist}/hearth.mjs`, 0o755);
console.log(`apps/cli build: ${dist}/hearth.mjs`);
