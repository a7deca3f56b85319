import { candidateActions, type Game } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import type { PolicyFactory } from './types.ts';

const STREAM = streamId('sim:greedy');

/**
 * Best immediate score delta, found by trying each candidate on a clone (rules.clone + rules.apply).
 * Ties prefer an action that does not end the game (stopping pays 0, like a move that scores nothing,
 * and a bot that stops at random is not greedy), then a seeded draw among what is left.
 */
export function greedyPolicy<S, A>(game: Game<S, A>): PolicyFactory<S, A> {
  const { rules } = game;
  return (seed) => {
    const rng = new Stream(seed >>> 0, STREAM);
    const best: A[] = [];
    return {
      name: 'greedy',
      decide(state, legal) {
        const options = candidateActions(game, legal);
        const checked = legal.length === 0;
        const base = rules.score(state);
        let bestDelta = Number.NEGATIVE_INFINITY;
        let bestAlive = false;
        best.length = 0;
        for (const action of options) {
          if (checked && rules.refuse(state, action) !== null) continue;
          const next = rules.clone(state);
          rules.apply(next, action);
          const delta = rules.score(next) - base;
          const alive = !rules.gameOver(next);
          if (delta > bestDelta || (delta === bestDelta && alive && !bestAlive)) {
            bestDelta = delta;
            bestAlive = alive;
            best.length = 0;
            best.push(action);
          } else if (delta === bestDelta && alive === bestAlive) {
            best.push(action);
          }
        }
        if (best.length === 0) throw new Error('greedy: no acceptable action');
        return best.length === 1 ? best[0]! : best[rng.below(best.length)]!;
      },
    };
  };
}
