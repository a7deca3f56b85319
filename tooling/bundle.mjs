// What every app bundle shares (the CLI, the MCP server, the HTTP server and the web app's build).
//
// Test builds: HEARTH_REGISTRY=<module> at build time puts that module in place of @hearth/games (it must export
// `registry`), so a bundle serves the test registry (packages/games/src/testing.ts: the real games plus the
// test-only ones) without a line of the app changing. Production builds leave it unset.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The registry's drawing lists (the test registry shares them: the test-only games draw nothing of their own). */
const GAMES_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'games', 'src');

/**
 * The esbuild `alias` option for a build: empty unless a test registry is given (HEARTH_REGISTRY, or `registry`).
 * esbuild appends an aliased package's subpaths to its replacement, so `@hearth/games/drawing` is named too.
 */
export function registryAlias(env = process.env, registry = env.HEARTH_REGISTRY) {
  if (!registry) return {};
  return {
    '@hearth/games': resolve(registry),
    '@hearth/games/drawing': resolve(GAMES_SRC, 'drawing.ts'),
    '@hearth/games/drawing.css': resolve(GAMES_SRC, 'drawing.css'),
  };
}

/** Bundled CommonJS dependencies may call require(); an ES module bundle gets one from this banner line. */
export const REQUIRE_BANNER =
  "import { createRequire as __hearthCreateRequire } from 'node:module'; const require = __hearthCreateRequire(import.meta.url);";

/**
 * esbuild options of a Node.js ES module bundle that runs without node_modules: Node 20, no comments, warnings
 * only, the registry alias, and `require` given by the banner (`shebang` puts `#!/usr/bin/env node` first).
 */
export function nodeBundle({ shebang = false, env = process.env } = {}) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
    alias: registryAlias(env),
    banner: { js: shebang ? `#!/usr/bin/env node\n${REQUIRE_BANNER}` : REQUIRE_BANNER },
  };
}
