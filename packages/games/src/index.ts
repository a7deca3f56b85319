// The game registry: the only place that names the game packages. Adapters import this, never a game.
import { gameModule as cragwake } from '@hearth/cragwake';
import { createRegistry, type GameModule } from '@hearth/engine';
import { gameModule as lanternVolley } from '@hearth/lantern-volley';
import { gameModule as stormlark } from '@hearth/stormlark';
import { gameModule as sunloaf } from '@hearth/sunloaf';

// One line per game, in the order the index lists them.
const modules: GameModule[] = [
  cragwake,
  stormlark,
  lanternVolley,
  sunloaf,
  // GAMES: add `import { gameModule as x } from '@hearth/x'` above and `x,` here.
];

export const registry = createRegistry(modules);
export const slugs = registry.slugs;
