import type { Game, Policy } from '@hearth/engine';
import { candidateActions } from './candidates.ts';
import type { PolicyFactory } from './types.ts';

export interface RolloutOptions<S = unknown, A = unknown> {
  /** The policy played out after each candidate (and whose own choice is always a candidate). */
  base: PolicyFactory<S, A>;
  /** Turns played out after the candidate. */
  horizon: number;
  /** Candidates kept after ranking by immediate score delta (the base's choice is always kept too). */
  width: number;
  /** Value of the state reached at the horizon; default: the score, plus 1e-6 if the game is still running. */
  value?: (state: S, game: Game<S, A>) => number;
  name?: string;
}

/**
 * One step of policy improvement by rollouts: every candidate action is tried on a clone and played out
 * for `horizon` turns by the base policy; the candidate with the best value at the horizon is taken.
 * Ties go to the base policy's own choice, so the result is never worse than the base on the horizon.
 * Deterministic: rollouts use a base policy made from the same seed every time.
 */
export function rolloutPolicy<S, A>(game: Game<S, A>, options: RolloutOptions<S, A>): PolicyFactory<S, A> {
  const { rules } = game;
  const value = options.value ?? ((state: S) => rules.score(state) + (rules.gameOver(state) ? 0 : 1e-6));
  return (seed) => {
    const base = options.base(seed);
    const playOut = (state: S): number => {
      const roller: Policy<S, A> = options.base(seed);
      for (let t = 0; t < options.horizon && !rules.gameOver(state); t++) {
        const legal = rules.legalActions(state);
        const action = roller.decide(state, legal);
        if (legal.length === 0 && rules.refuse(state, action) !== null) break;
        rules.apply(state, action);
      }
      return value(state, game);
    };
    return {
      name: options.name ?? 'rollout',
      decide(state, legal) {
        const checked = legal.length === 0;
        const first = base.decide(state, legal);
        const pool = shortlist(game, state, candidateActions(game, legal), options.width, checked);
        let bestAction: A = first;
        let bestValue = Number.NEGATIVE_INFINITY;
        const tryAction = (action: A) => {
          const next = rules.clone(state);
          rules.apply(next, action);
          const v = playOut(next);
          if (v > bestValue) {
            bestValue = v;
            bestAction = action;
          }
        };
        if (!checked || rules.refuse(state, first) === null) tryAction(first);
        for (const action of pool) if (action !== first) tryAction(action);
        return bestAction;
      },
    };
  };
}

/** The `width` candidates with the best immediate delta (stable order), skipping refused grammar candidates. */
function shortlist<S, A>(game: Game<S, A>, state: S, options: readonly A[], width: number, checked: boolean): A[] {
  const { rules } = game;
  const legal = checked ? options.filter((a) => rules.refuse(state, a) === null) : options.slice();
  if (legal.length <= width) return legal;
  const base = rules.score(state);
  const scored = legal.map((action, i) => {
    const next = rules.clone(state);
    rules.apply(next, action);
    return { action, i, delta: rules.score(next) - base };
  });
  scored.sort((a, b) => b.delta - a.delta || a.i - b.i);
  return scored.slice(0, width).map((s) => s.action);
}
