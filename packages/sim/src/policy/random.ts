import type { Game } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import { candidateActions } from './candidates.ts';
import type { PolicyFactory } from './types.ts';

const STREAM = streamId('sim:random');

/** Uniform over the legal list (or over the grammar's candidates when the list is empty by design). */
export function randomPolicy(game: Game): PolicyFactory {
  return (seed) => {
    const rng = new Stream(seed >>> 0, STREAM);
    return {
      name: 'random',
      decide(_state, legal) {
        const options = candidateActions(game, legal);
        if (options.length === 0) throw new Error('random: no candidate actions');
        return options[rng.below(options.length)];
      },
    };
  };
}
