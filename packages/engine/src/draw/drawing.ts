// What a game draws of its own, in its own package (src/draw/), reached through the registry's drawing list
// (@hearth/games/drawing): its web board (inline SVG markup and the inputs that turn clicks and keys into
// actions) and its terminal screen (board cells, panel, hints, keys). Both are pure functions of the response
// (observation, legal actions) and the spec's look: no DOM, no TTY. A game without one is drawn by the apps'
// generic boards from its look alone.
import type { Controller } from './terminal-board.ts';
import type { WebBoard } from './web-board.ts';

export interface GameDrawing {
  /** The web board (its UI state is its own: a selection, an aim). */
  readonly web?: WebBoard<unknown>;
  /** A fresh terminal front end for one play screen. */
  readonly terminal?: () => Controller;
}
