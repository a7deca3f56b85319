import { defineConfig } from 'vitest/config';

// Property tests over thousands of seeds and tests against a real PostgreSQL cluster take seconds on a shared machine:
// vitest's 5 s default would make them timed tests.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
