// Pebble: the test-only fifth game. Registered only in test registries (packages/games/test/registry.ts),
// never in production; it exists so that every app's tests can show a new game needs no app change.
import { defineGame, type Game, type GameModule, type Rules } from '@hearth/engine';
import { observe } from './observe.ts';
import { greedyPolicy } from './policies.ts';
import { apply, initState, isOver, legalActions, parseAction, refuse } from './rules.ts';
import { PEBBLE_POINTS, type PebbleAction, type PebbleObservation } from './shapes.ts';
import { spec } from './spec.ts';
import { cloneState, type PebbleState, parseState } from './state.ts';
import { pebbleTensor } from './tensor.ts';

export { Reason } from './rules.ts';
export { CELLS, PEBBLE_POINTS, type PebbleAction, type PebbleObservation, SIZE, START, TURNS } from './shapes.ts';
export type { PebbleState } from './state.ts';
export { spec };

export type PebbleGame = Game<PebbleState, PebbleAction, PebbleObservation>;

export const rules: Rules<PebbleState, PebbleAction, PebbleObservation> = {
  init: initState,
  parseState,
  parseAction,
  refuse,
  apply,
  legalActions,
  score: (s) => s.score,
  gameOver: isOver,
  observe,
  clone: cloneState,
  endsRun: (a) => a.type === 'end',
  tensor: pebbleTensor,
  // The simulator's headline figure for a finished game.
  stats: (s) => ({ pebblesCollected: s.score / PEBBLE_POINTS }),
};

let game: PebbleGame | undefined;

/** Pebble has no kernel: the js and wasm options load the same TypeScript rules. */
export function loadPebble(): PebbleGame {
  game ??= defineGame(spec, rules, { policies: { greedy: greedyPolicy } });
  return game;
}

export const gameModule: GameModule<PebbleState, PebbleAction, PebbleObservation, 'pebble'> = {
  slug: 'pebble',
  name: 'Pebble',
  load: async () => loadPebble(),
};
