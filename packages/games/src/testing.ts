// The test registry: the production list plus the test-only games, registered exactly as a real game is (one
// import, one entry). Never imported by an app's source: tests load it directly, and test builds of the bundles
// put it in place of @hearth/games (HEARTH_REGISTRY=packages/games/src/testing.ts, see tooling/bundle.mjs).
import { createRegistry } from '@hearth/engine';
import { gameModule as pebble } from '@hearth/pebble';
import { modules } from './index.ts';

export type { GameOf, RegisteredModule, Slug } from './index.ts';

/** The test-only games, in the order they follow the real ones. */
export const testModules = [
  pebble,
  // TEST GAMES: add `import { gameModule as x } from '@hearth/x'` above and `x,` here.
] as const;

export const registry = createRegistry([...modules, ...testModules]);
export const slugs = registry.slugs;
