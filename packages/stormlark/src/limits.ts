// The player-facing numbers the document fixes ("hull is always 3 and charge is always 9 at every
// reach"), the pulse cost and the plausibility guard.
export const MAX_HULL = 3;
export const MAX_CHARGE = 9;
export const PULSE_COST = 3;
/**
 * The document's plausibility guard: no state with a higher score is accepted, and a run whose score
 * reaches it ends there with the score held at the guard (so no emitted state is ever refused).
 */
export const SCORE_GUARD = 1_000_000;
