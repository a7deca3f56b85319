// Test builds of the app bundles: HEARTH_REGISTRY=<module> at build time puts that module in place of
// @hearth/games (it must export `registry`), so a bundle serves the test registry (packages/games/src/testing.ts:
// the real games plus the test-only ones) without a line of the app changing. Production builds leave it unset.
import { resolve } from 'node:path';

/** The esbuild `alias` option for a build: empty unless HEARTH_REGISTRY is set. */
export function registryAlias(env = process.env) {
  return env.HEARTH_REGISTRY ? { '@hearth/games': resolve(env.HEARTH_REGISTRY) } : {};
}
