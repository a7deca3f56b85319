import { candidateActions, type Game } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import type { PolicyFactory } from './types.ts';

const STREAM = streamId('sim:random');

/** Whether `action` ends the run by the player's choice, as the game says (`rules.endsRun`; absent: never). */
export function isRunEnding<A>(game: Game<unknown, A>, action: A): boolean {
  return game.rules.endsRun?.(action) === true;
}

/**
 * Uniform over the legal list (or over the grammar's candidates when the list is empty by design),
 * leaving out run-ending actions unless they are all there is: uniform stopping once made a game's
 * random runs 4.8 steps long, which measured nothing but the stop.
 */
export function randomPolicy<S, A>(game: Game<S, A>): PolicyFactory<S, A> {
  const ends = game.rules.endsRun;
  return (seed) => {
    const rng = new Stream(seed >>> 0, STREAM);
    return {
      name: 'random',
      decide(_state, legal) {
        const options = candidateActions(game, legal);
        if (options.length === 0) throw new Error('random: no candidate actions');
        if (!ends) return options[rng.below(options.length)]!;
        let playable = 0;
        for (const a of options) if (!ends(a)) playable++;
        if (playable === 0) return options[rng.below(options.length)]!;
        let k = rng.below(playable);
        for (const a of options) if (!ends(a) && k-- === 0) return a;
        throw new Error('random: unreachable');
      },
    };
  };
}
