import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// @hearth/rng (the engine's seed rule) is reached by path, as tsconfig.json's `paths` say for tsc and esbuild.
const rng = fileURLToPath(new URL('../../packages/rng/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@hearth/rng': rng } },
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 },
});
