// The board of a slug: the game's own web board when its package draws one (reached through the registry's
// drawing list), else the generic board (its look's grid, or its text picture, with its legal actions).
import type { WebBoard } from '@hearth/engine/web';
import { webBoardOf } from '@hearth/games/drawing';
import { genericRenderer } from './generic.ts';

export function rendererFor(slug: string): WebBoard<unknown> {
  return webBoardOf(slug) ?? (genericRenderer as WebBoard<unknown>);
}
