import { stateHash } from './canonical.ts';
import type { Game, OkResponse } from './contract.ts';

/** A recorded game: enough to re-derive every state and the score. */
export interface ReplayRecord {
  slug: string;
  seed: number;
  actions: unknown[];
}

export type ReplayResult =
  | {
      ok: true;
      /** The response after the last action (or init's, for an empty list). */
      final: OkResponse;
      score: number;
      gameOver: boolean;
      turns: number;
      stateHash: string;
    }
  | {
      ok: false;
      /** Index of the first action the engine refused. */
      index: number;
      reason: string;
      message: string;
    };

/**
 * Replays seed + actions through the public `act` (the untrusted path, JSON-free but fully checked).
 * `onStep` sees every intermediate response, for golden tests that compare whole trajectories.
 */
export function replay(
  game: Game,
  seed: number,
  actions: readonly unknown[],
  onStep?: (response: OkResponse, index: number) => void,
): ReplayResult {
  let current: OkResponse = game.init(seed);
  onStep?.(current, -1);
  for (let i = 0; i < actions.length; i++) {
    const next = game.act(current.state, actions[i]);
    if (!next.ok) return { ok: false, index: i, reason: next.reason, message: next.message };
    current = next;
    onStep?.(current, i);
  }
  return {
    ok: true,
    final: current,
    score: current.score,
    gameOver: current.gameOver,
    turns: actions.length,
    stateHash: stateHash(current.state),
  };
}
