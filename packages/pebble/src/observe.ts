// What the player sees: the whole board (nothing is hidden), as data and as a text picture.
import { type PebbleObservation, SIZE, TURNS } from './shapes.ts';
import type { PebbleState } from './state.ts';

export function observe(s: PebbleState): PebbleObservation {
  let text = '';
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const cell = r * SIZE + c;
      text += cell === s.at ? '@' : s.pebbles.includes(cell) ? 'o' : '.';
    }
    text += '\n';
  }
  return { text, size: SIZE, at: s.at, pebbles: [...s.pebbles], turnsLeft: s.ended ? 0 : TURNS - s.turn };
}
