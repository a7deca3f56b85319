// Slug -> terminal front end: the game's own screen when its package draws one (reached through the registry's
// drawing list), else the generic one (the look's grid or observation.text as the board, the legal actions by
// number), so a newly registered game is playable at once.
import type { Controller } from '@hearth/engine/terminal';
import { terminalScreenOf } from '@hearth/games/drawing';
import { genericController } from './generic.ts';

export function controllerFor(slug: string): Controller {
  return (terminalScreenOf(slug) ?? genericController)();
}

export function hasOwnController(slug: string): boolean {
  return terminalScreenOf(slug) !== undefined;
}
