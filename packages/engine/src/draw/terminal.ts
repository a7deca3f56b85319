// @hearth/engine/terminal: what a game's terminal screen is written against (the Controller interface and its
// View) and the helpers every screen shares (styled text, a Braille canvas, legends, hint lines, the look).
// Pure strings: no TTY, no process; the CLI's play screen composes what they return.

export * from './canvas.ts';
export type { GameDrawing } from './drawing.ts';
export * from './hints.ts';
export * from './legend.ts';
export * from './terminal-actions.ts';
export * from './terminal-board.ts';
export * from './terminal-look.ts';
export * from './text.ts';
