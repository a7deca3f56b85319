import { candidateActions, type Game } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import type { PolicyFactory } from './types.ts';

const STREAM = streamId('sim:random');

/**
 * An action that ends the run by choice (END_RUN, endRun): its `type`, lower-cased with everything but letters
 * dropped, is "endrun". A naming convention of the games' grammars, not a rule the simulator holds per game.
 */
export function isRunEnding(action: unknown): boolean {
  const type = (action as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return false;
  let known = runEnding.get(type);
  if (known === undefined) {
    known = type.replace(/[^a-z]/gi, '').toLowerCase() === 'endrun';
    runEnding.set(type, known);
  }
  return known;
}
/** Per action type, so the hot loop never runs a regular expression twice for one name. */
const runEnding = new Map<string, boolean>();

/**
 * Uniform over the legal list (or over the grammar's candidates when the list is empty by design),
 * leaving out run-ending actions unless they are all there is: a uniform END_RUN made random games of
 * one game 4.8 steps long, which measured nothing but the stop.
 */
export function randomPolicy<S, A>(game: Game<S, A>): PolicyFactory<S, A> {
  return (seed) => {
    const rng = new Stream(seed >>> 0, STREAM);
    return {
      name: 'random',
      decide(_state, legal) {
        const options = candidateActions(game, legal);
        if (options.length === 0) throw new Error('random: no candidate actions');
        let playable = 0;
        for (const a of options) if (!isRunEnding(a)) playable++;
        if (playable === 0) return options[rng.below(options.length)]!;
        let k = rng.below(playable);
        for (const a of options) if (!isRunEnding(a) && k-- === 0) return a;
        throw new Error('random: unreachable');
      },
    };
  };
}
