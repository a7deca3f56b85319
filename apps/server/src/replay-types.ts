// The replay pool's job and outcome: shared by the pool (main thread), its worker and the routes using it.

/** One replay: the game, its seed, and the action list to check from init. */
export interface ReplayJob {
  slug: string;
  seed: number;
  actions: unknown[];
}

/**
 * What a replay found: the verified final position, or the first refused action (`index`, 0-based; -1 when the
 * job itself is unusable, e.g. an unknown slug). `end` is the final observation's end reason where the game
 * exposes one (`observation.end`), else null.
 */
export type ReplayOutcome =
  | { ok: true; score: number; gameOver: boolean; turns: number; stateHash: string; end: string | null }
  | { ok: false; index: number; reason: string; message: string };
