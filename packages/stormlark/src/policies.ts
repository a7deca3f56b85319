// Policies the game ships, all one exhaustive lookahead through the real rules (clone + apply) that
// values hull far above points and always flies on at a Gate, so each plays until the hull runs out.
// `strong` searches VENT, FIRE, UP and DOWN; `dodge-only` never searches FIRE: the pair isolates what
// clearing is worth (the document's "advancing columns and reaching Gates alone pays about a fifth").
// `dodger` is `strong` under the name the golden replays were recorded with. Deterministic; the seed
// is unused.
import type { Policy, PolicyFactory, Rules } from '@hearth/engine';
import type { Observation } from './observe.ts';
import { action } from './rules.ts';
import type { StormlarkAction, StormlarkState } from './state.ts';

type StormRules = Rules<StormlarkState, StormlarkAction, Observation>;

const WITH_FIRE: readonly StormlarkAction[] = [action('VENT'), action('FIRE'), action('UP'), action('DOWN')];
const DODGE_ONLY: readonly StormlarkAction[] = [action('VENT'), action('UP'), action('DOWN')];
const HULL_VALUE = 5000;
const DEPTH = 4;

/** Leaf value: score, then hull (far above points), charge, and being at a Gate; a lost run is worst. */
export function leafValue(s: StormlarkState): number {
  if (s.phase === 'over') return s.score - 1_000_000;
  return s.score + HULL_VALUE * s.hull + 15 * s.charge + (s.phase === 'reachClear' ? 2000 : 0);
}

/** The lookahead over `moves` (ties go to the earlier move), `depth` plies. */
export function lookahead(
  rules: StormRules,
  name: string,
  moves: readonly StormlarkAction[],
  depth = DEPTH,
): PolicyFactory<StormlarkState, StormlarkAction> {
  // The best move from s searching d plies (ties to the earlier move; VENT when nothing is legal).
  const bestMove = (s: StormlarkState, d: number): { move: StormlarkAction; value: number } => {
    let move = action('VENT');
    let best = Number.NEGATIVE_INFINITY;
    for (const a of moves) {
      if (rules.refuse(s, a)) continue;
      const next = rules.clone(s);
      rules.apply(next, a);
      const v = d <= 1 || next.phase !== 'flying' ? leafValue(next) : bestMove(next, d - 1).value;
      if (v > best) {
        best = v;
        move = a;
      }
    }
    return { move, value: best };
  };
  return () =>
    ({
      name,
      decide(state, legal) {
        if (state.phase === 'reachClear') return action('NEXT_REACH');
        if (state.phase !== 'flying') return legal[0] ?? action('END_RUN');
        return bestMove(state, depth).move;
      },
    }) satisfies Policy<StormlarkState, StormlarkAction>;
}

/** The clearing bot: the lookahead with FIRE. */
export const strong = (rules: StormRules, depth = DEPTH) => lookahead(rules, 'strong', WITH_FIRE, depth);
/** The same lookahead without FIRE: advancing, motes and Gates only. */
export const dodgeOnly = (rules: StormRules, depth = DEPTH) => lookahead(rules, 'dodge-only', DODGE_ONLY, depth);
/** `strong` under its original name (the golden replays' player). */
export const dodger = (rules: StormRules, depth = DEPTH) => lookahead(rules, 'dodger', WITH_FIRE, depth);

export function policies(rules: StormRules): Record<string, PolicyFactory<StormlarkState, StormlarkAction>> {
  return { strong: strong(rules), 'dodge-only': dodgeOnly(rules), dodger: dodger(rules) };
}
