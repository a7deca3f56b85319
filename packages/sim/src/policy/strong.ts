import type { Game } from '@hearth/engine';
import { greedyPolicy } from './greedy.ts';
import { type RolloutOptions, rolloutPolicy } from './rollout.ts';
import type { PolicyFactory } from './types.ts';

/**
 * The `strong` bot per game. A game's own `strong` policy wins; otherwise a per-game setting of the
 * rollout search below; otherwise the generic rollout over the game's best shipped policy (or greedy).
 * Games are found by slug only: this file never imports a game package.
 */
export function strongPolicy(game: Game): PolicyFactory {
  const shipped = game.policies.strong;
  if (shipped) return shipped;
  const tuned = tunings[game.slug];
  if (tuned) return tuned(game);
  return rolloutPolicy(game, { base: basePolicy(game), horizon: 10, width: 8, name: 'strong' });
}

/** The best policy the game ships (solver, then reference, then any), else greedy. */
export function basePolicy(game: Game): PolicyFactory {
  const p = game.policies;
  return p.solver ?? p.reference ?? p.clearing ?? Object.values(p)[0] ?? greedyPolicy(game);
}

const rollout = (game: Game, o: Partial<RolloutOptions>) =>
  rolloutPolicy(game, { base: basePolicy(game), horizon: 10, width: 8, name: 'strong', ...o });

const tunings: Record<string, (game: Game) => PolicyFactory> = {};

/** Sets the strong bot of one game (used by this package's per-game files). */
export function defineStrong(slug: string, make: (game: Game) => PolicyFactory): void {
  tunings[slug] = make;
}

export { rollout as strongRollout };
