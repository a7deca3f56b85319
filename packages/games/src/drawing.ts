// The registry's drawing lists: slug -> what the game draws of its own (its web board, its terminal screen), from
// each package's `./draw` entry. Kept apart from the game modules so the web page's bundle takes the boards
// without the rules and kernels (those run in the worker), and per target so it leaves the terminal screens out.
// A game without an entry is drawn by the apps' generic boards from its look; the test-only games have none,
// so test builds share these lists.
import * as cragwake from '@hearth/cragwake/draw';
import type { GameDrawing } from '@hearth/engine';
import * as lanternVolley from '@hearth/lantern-volley/draw';
import * as stormlark from '@hearth/stormlark/draw';
import * as sunloaf from '@hearth/sunloaf/draw';

// GAMES: add `import * as x from '@hearth/x/draw'` above and the slug's line to both lists when the game draws its own.
const webBoards: Readonly<Record<string, GameDrawing['web']>> = {
  cragwake: cragwake.web,
  stormlark: stormlark.web,
  'lantern-volley': lanternVolley.web,
  sunloaf: sunloaf.web,
};
const terminalScreens: Readonly<Record<string, GameDrawing['terminal']>> = {
  cragwake: cragwake.terminal,
  stormlark: stormlark.terminal,
  'lantern-volley': lanternVolley.terminal,
  sunloaf: sunloaf.terminal,
};

/** The game's own web board, or undefined (the generic board draws it). */
export const webBoardOf = (slug: string): GameDrawing['web'] => (Object.hasOwn(webBoards, slug) ? webBoards[slug] : undefined);

/** The game's own terminal screen, or undefined (the generic screen draws it). */
export const terminalScreenOf = (slug: string): GameDrawing['terminal'] =>
  Object.hasOwn(terminalScreens, slug) ? terminalScreens[slug] : undefined;
