import season1 from '../challenges/season-1.json' with { type: 'json' };
import type { ChallengeSet } from './types.ts';

/**
 * The fixed challenge sets, written by `scripts/challenge-baselines.ts` (the shipped random and strong bots
 * played by the simulator on every seed) and checked in; servers load them into the database at start.
 */
export const CHALLENGE_SETS: readonly ChallengeSet[] = [season1 as ChallengeSet];
/** The set a challenge board shows when none is named. */
export const CURRENT_CHALLENGE = 'season-1';
