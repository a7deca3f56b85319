import { defineConfig } from 'vitest/config';

export default defineConfig({
  // one file at a time: each browser suite starts its own Chromium (and one the bundled server), two cores in CI
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false },
});
