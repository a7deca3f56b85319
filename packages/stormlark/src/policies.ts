// Policies the game ships. `dodger` is a scripted player: an exhaustive lookahead over UP, DOWN,
// FIRE and VENT through the real rules (clone + apply), valuing hull far above points. It always
// flies on at a Gate, so it plays until the hull runs out. Deterministic; the seed is unused.
import type { Policy, PolicyFactory, Rules } from '@hearth/engine';
import type { Observation } from './observe.ts';
import { action } from './rules.ts';
import type { StormlarkAction, StormlarkState } from './state.ts';

const MOVES: readonly StormlarkAction[] = [action('VENT'), action('FIRE'), action('UP'), action('DOWN')];
const HULL_VALUE = 5000;

export function dodger(
  rules: Rules<StormlarkState, StormlarkAction, Observation>,
  depth = 4,
): PolicyFactory<StormlarkState, StormlarkAction> {
  const leaf = (s: StormlarkState): number => {
    if (s.phase === 'over') return s.score - 1_000_000;
    return s.score + HULL_VALUE * s.hull + 15 * s.charge + (s.phase === 'reachClear' ? 2000 : 0);
  };
  const value = (s: StormlarkState, d: number): number => {
    if (d === 0 || s.phase !== 'flying') return leaf(s);
    let best = -Infinity;
    for (const a of MOVES) {
      if (rules.refuse(s, a)) continue;
      const next = rules.clone(s);
      rules.apply(next, a);
      const v = value(next, d - 1);
      if (v > best) best = v;
    }
    return best;
  };
  return () =>
    ({
      name: 'dodger',
      decide(state, legal) {
        if (state.phase === 'reachClear') return action('NEXT_REACH');
        if (state.phase !== 'flying') return legal[0] ?? action('END_RUN');
        let best = action('VENT');
        let bestValue = -Infinity;
        for (const a of MOVES) {
          if (rules.refuse(state, a)) continue;
          const next = rules.clone(state);
          rules.apply(next, a);
          const v = value(next, depth - 1);
          if (v > bestValue) {
            bestValue = v;
            best = a;
          }
        }
        return best;
      },
    }) satisfies Policy<StormlarkState, StormlarkAction>;
}
