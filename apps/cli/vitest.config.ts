import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The end-to-end tests drive the bundled binary: build it once before any test file runs.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
