// The game registry: the only place that names the game packages. Adapters import this, never a game.
import { gameModule as cragwake } from '@hearth/cragwake';
import { createRegistry, type GameOfSlug } from '@hearth/engine';
import { gameModule as lanternVolley } from '@hearth/lantern-volley';
import { gameModule as stormlark } from '@hearth/stormlark';
import { gameModule as sunloaf } from '@hearth/sunloaf';

// One line per game, in the order the index lists them.
export const modules = [
  cragwake,
  stormlark,
  lanternVolley,
  sunloaf,
  // GAMES: add `import { gameModule as x } from '@hearth/x'` above and `x,` here.
] as const;

/** The union of the registered modules' types: `registry.load('cragwake')` is Cragwake's typed Game. */
export type RegisteredModule = (typeof modules)[number];
/** A registered slug. */
export type Slug = RegisteredModule['slug'];
/** The typed Game of one registered slug, e.g. `GameOf<'sunloaf'>`. */
export type GameOf<K extends Slug> = GameOfSlug<RegisteredModule, K>;

export const registry = createRegistry(modules);
export const slugs = registry.slugs;
