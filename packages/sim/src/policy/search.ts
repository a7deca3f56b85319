import type { Game } from '@hearth/engine';
import type { PolicyFactory } from './types.ts';

export interface SearchOptions<S, A> {
  /** Plies searched (1 = one-step lookahead). */
  depth: number;
  /** The actions searched from a state (a subset of the legal list, e.g. without END_RUN). */
  actions: (state: S, legal: readonly A[]) => readonly A[];
  /** Value of a leaf (or of a finished game). */
  leaf: (state: S) => number;
  /** A fixed answer for some states (e.g. always fly on at a Gate), skipping the search. */
  forced?: (state: S, legal: readonly A[]) => A | null;
  name: string;
}

/**
 * Exhaustive depth-limited lookahead through the real rules (clone + apply): the first action of the
 * best line by leaf value, ties to the earlier action. For games whose moves are few (Stormlark's four).
 */
export function searchPolicy<S, A>(game: Game<S, A>, options: SearchOptions<S, A>): PolicyFactory<S, A> {
  const { rules } = game;
  const value = (state: S, depth: number): number => {
    if (depth === 0 || rules.gameOver(state)) return options.leaf(state);
    const legal = rules.legalActions(state);
    if (options.forced?.(state, legal)) return options.leaf(state);
    let best = Number.NEGATIVE_INFINITY;
    for (const action of options.actions(state, legal)) {
      const next = rules.clone(state);
      rules.apply(next, action);
      const v = value(next, depth - 1);
      if (v > best) best = v;
    }
    return best === Number.NEGATIVE_INFINITY ? options.leaf(state) : best;
  };
  return () => ({
    name: options.name,
    decide(state, legal) {
      const forced = options.forced?.(state, legal);
      if (forced) return forced;
      const candidates = options.actions(state, legal);
      let bestAction = candidates[0] ?? legal[0];
      let best = Number.NEGATIVE_INFINITY;
      for (const action of candidates) {
        const next = rules.clone(state);
        rules.apply(next, action);
        const v = value(next, options.depth - 1);
        if (v > best) {
          best = v;
          bestAction = action;
        }
      }
      if (bestAction === undefined) throw new Error(`${options.name}: no action to take`);
      return bestAction;
    },
  });
}
