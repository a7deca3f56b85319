// The replay pool's job and outcome: shared by the pool (main thread), its worker and the routes using it.

/** One replay: the game, its seed, and the action list to check from init. */
export interface ReplayJob {
  slug: string;
  seed: number;
  actions: unknown[];
}

/**
 * The same job with the action list as JSON text (a member of the request body, cut out by memberSpan): a string
 * crosses to the worker as one copy, where a parsed list of 5,000 actions costs milliseconds of structured clone
 * on the main thread. The worker parses it.
 */
export interface ReplayJobJson {
  slug: string;
  seed: number;
  actionsJson: string;
}

/**
 * What a replay found: the verified final position, or the first refused action (`index`, 0-based; -1 when the
 * job itself is unusable, e.g. an unknown slug). `end` is the final observation's end reason where the game
 * exposes one (`observation.end`), else null.
 */
export type ReplayOutcome =
  | { ok: true; score: number; gameOver: boolean; turns: number; stateHash: string; end: string | null }
  | { ok: false; index: number; reason: string; message: string };
