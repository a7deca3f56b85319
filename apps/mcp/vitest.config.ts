import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The stdio tests start the bundled server as a real child process: build it once first.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
