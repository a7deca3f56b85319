import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// @hearth/rng (the engine's seed rule) is reached by path, as tsconfig.json's `paths` say for tsc and esbuild.
const rng = fileURLToPath(new URL('../../packages/rng/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@hearth/rng': rng } },
  // one file at a time: each browser suite starts its own Chromium (and one the bundled server), two cores in CI
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false },
});
