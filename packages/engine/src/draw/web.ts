// @hearth/engine/web: what a game's web board is written against (the WebBoard interface and its View) and the
// helpers every board shares (markup, the look's geometry, kinds and legends). Pure strings, no DOM access,
// so a board is testable in Node; the web app mounts what they return.
export type { GameDrawing } from './drawing.ts';
export * from './markup.ts';
export * from './web-board.ts';
export * from './web-look.ts';
