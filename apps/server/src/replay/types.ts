// The replay pool's job and outcome: shared by the pool (main thread), its worker and the routes using it.
import type { VerifyOutcome } from '@hearth/engine';

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

/** What a replay found: the engine's VerifyOutcome (the shape of /verify's answer). */
export type ReplayOutcome = VerifyOutcome;
