// Sunloaf drawn: its web board (inline SVG from the observation and the look) and its terminal screen, pure
// functions of the response and the spec, reached through the registry's drawing lists (@hearth/games/drawing).
// Two named exports, so a bundle that draws one target leaves the other out.
import type { GameDrawing } from '@hearth/engine';
import { sunloafController } from './terminal.ts';
import { sunloafRenderer } from './web.ts';

export const web = sunloafRenderer as NonNullable<GameDrawing['web']>;
export const terminal: NonNullable<GameDrawing['terminal']> = sunloafController;
export { TARGET_KEYS } from './terminal.ts';
