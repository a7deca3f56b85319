import { defineConfig } from 'vitest/config';

// Property runs over thousands of seeds share 2 busy cores: generous timeouts, the work itself is bounded.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } });
