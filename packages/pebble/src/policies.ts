// Pebble's own bot, shipped through game.policies as every game ships its bots (the simulator lists it as
// `game:greedy` beside its built-in greedy): it proves a game's policies reach the simulator without it naming the game.
import type { PolicyFactory } from '@hearth/engine';
import { type PebbleAction, TURNS } from './shapes.ts';
import { distance, type PebbleState } from './state.ts';

/**
 * Walks to the nearest pebble: the move that ends closest to a pebble still on the board (a pebble under the
 * move is distance 0), the lower cell on a tie; END once no pebble is left or none can be reached in the turns left.
 */
export const greedyPolicy: PolicyFactory<PebbleState, PebbleAction> = () => ({
  name: 'greedy',
  decide(state, legal) {
    let best: PebbleAction = { type: 'end' };
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const action of legal) {
      if (action.type !== 'move') continue;
      const d = nearest(state.pebbles, action.cell);
      if (d < bestDistance) {
        best = action;
        bestDistance = d;
      }
    }
    // After this move TURNS - turn - 1 moves are left to reach the pebble.
    return bestDistance <= TURNS - state.turn - 1 ? best : { type: 'end' };
  },
});

/** Steps from `cell` to the nearest of `pebbles` (infinite when none is left). */
function nearest(pebbles: readonly number[], cell: number): number {
  let d = Number.POSITIVE_INFINITY;
  for (const p of pebbles) d = Math.min(d, distance(cell, p));
  return d;
}
