// Where the pebbles lie: a pure function of the seed through @hearth/rng (one draw per cell).
import { below, streamId } from '@hearth/rng';
import { CELLS, START } from './shapes.ts';

const PLACE = streamId('pebble:place');

/** The cells holding a pebble at the start, ascending: each cell but the start with chance 1 in 3. */
export function initialPebbles(seed: number): number[] {
  const out: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (cell !== START && below(seed >>> 0, PLACE, cell, 3) === 0) out.push(cell);
  return out;
}
