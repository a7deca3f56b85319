import { type Game, rolloutPolicy } from '@hearth/engine';
import { greedyPolicy } from './greedy.ts';
import type { PolicyFactory } from './types.ts';

/**
 * The `strong` bot: the game's own `strong` policy (the contract's one reserved policy name: a game ships its
 * strongest bot under it), otherwise rollouts over the simulator's greedy (10 turns, 8 candidates).
 */
export function strongPolicy(game: Game): PolicyFactory {
  return game.policies.strong ?? rolloutPolicy(game, { base: greedyPolicy(game), horizon: 10, width: 8, name: 'strong' });
}
