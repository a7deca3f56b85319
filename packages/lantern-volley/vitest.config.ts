import { defineConfig } from 'vitest/config';

// Tests here run whole rounds and sweeps; on a loaded 2-core CI box a few take several seconds.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
