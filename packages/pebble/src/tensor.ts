// Pebble's observation as fixed-size arrays (Rules.tensor), the same path every game takes: the pawn and the
// pebbles as planes of the 5 x 5 board, and the moves left.
import { defineTensor, type ObservationTensor } from '@hearth/engine';
import { CELLS, SIZE, TURNS } from './shapes.ts';
import type { PebbleState } from './state.ts';

export const pebbleTensor: ObservationTensor<PebbleState> = defineTensor<PebbleState>(
  [
    { name: 'pawn', shape: [SIZE, SIZE], dtype: 'int8', low: 0, high: 1, description: 'the pawn' },
    { name: 'pebbles', shape: [SIZE, SIZE], dtype: 'int8', low: 0, high: 1, description: 'pebbles still on the board' },
    { name: 'turns_left', shape: [], dtype: 'int8', low: 0, high: TURNS, description: 'moves left (0 once the game ended)' },
  ],
  (at) => (s, out, o) => {
    out.fill(0, o + at.pawn!, o + at.pawn! + 2 * CELLS);
    out[o + at.pawn! + s.at] = 1;
    for (const p of s.pebbles) out[o + at.pebbles! + p] = 1;
    out[o + at.turns_left!] = s.ended ? 0 : TURNS - s.turn;
  },
);
