// Cragwake drawn: its web board (inline SVG from the observation and the look) and its terminal screen, pure
// functions of the response and the spec, reached through the registry's drawing lists (@hearth/games/drawing).
// Two named exports, so a bundle that draws one target leaves the other out.
import type { GameDrawing } from '@hearth/engine';
import { cragwakeController } from './terminal.ts';
import { cragwakeRenderer } from './web.ts';

export const web = cragwakeRenderer as NonNullable<GameDrawing['web']>;
export const terminal: NonNullable<GameDrawing['terminal']> = cragwakeController;
export { TARGET_KEYS } from './terminal.ts';
