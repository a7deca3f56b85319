import type { Game, Policy, PolicyFactory } from '@hearth/engine';

export type { Policy, PolicyFactory };

/** What the simulator hands a policy factory besides the seed: the loaded game, for rules-based search. */
export interface PolicyContext {
  game: Game;
}

/** A policy the simulator builds for a game (the built-ins need the rules to search). */
export type PolicyMaker = (game: Game) => PolicyFactory;
