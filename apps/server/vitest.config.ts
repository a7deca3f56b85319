import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests talk HTTP to real servers and play whole games; on a shared 2-core machine a request can take
    // milliseconds, so per-test time is bounded generously (speed is measured in bench/, never in tests).
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
