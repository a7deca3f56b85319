import type { Game, OkResponse } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';

/** Options that shape random play. */
export interface PlayOptions<S = unknown> {
  /** Extra candidate actions offered beside legalActions (for games whose list is empty by design). */
  sampleActions?: (state: S, stream: Stream) => unknown[];
}

/** The actions random play picks from in a state: the legal list plus any sampled ones. */
export function candidates(response: OkResponse, stream: Stream, options: PlayOptions): unknown[] {
  const sampled = options.sampleActions ? options.sampleActions(response.state, stream) : [];
  return [...response.legalActions, ...sampled];
}

/** One step of a trajectory: the state before, the action taken, and the response after. */
export interface Step {
  before: OkResponse;
  action: unknown;
  after: OkResponse;
}

/**
 * Random play through the public `act`, choosing uniformly among candidates with a Stream seeded by the
 * game seed, so a trajectory is a pure function of (game, seed, options). Stops at game over or maxTurns.
 * Refused candidates are skipped (sampled actions may be refused); a refused legal action is reported.
 */
export function randomPlay(
  game: Game,
  seed: number,
  maxTurns: number,
  options: PlayOptions,
  onStep?: (step: Step) => void,
): { actions: unknown[]; final: OkResponse; refusedLegal: string[] } {
  const stream = new Stream(seed, streamId('conformance-play'));
  let current: OkResponse = game.init(seed);
  const actions: unknown[] = [];
  const refusedLegal: string[] = [];
  for (let turn = 0; turn < maxTurns && !current.gameOver; turn++) {
    const pool = candidates(current, stream, options);
    if (pool.length === 0) break;
    let next: ReturnType<Game['act']> | undefined;
    let chosen: unknown;
    for (let attempt = 0; attempt < 8; attempt++) {
      chosen = pool[stream.below(pool.length)];
      next = game.act(current.state, chosen);
      if (next.ok) break;
      if (current.legalActions.includes(chosen))
        refusedLegal.push(`seed ${seed} turn ${turn}: legal action ${JSON.stringify(chosen)} refused: ${next.reason}`);
    }
    if (!next?.ok) break;
    actions.push(chosen);
    onStep?.({ before: current, action: chosen, after: next });
    current = next;
  }
  return { actions, final: current, refusedLegal };
}
