import { defineConfig } from 'vitest/config';

// Property runs and the 100,000-board differential take seconds each on a busy 2-core machine.
export default defineConfig({ test: { testTimeout: 300_000, hookTimeout: 60_000 } });
