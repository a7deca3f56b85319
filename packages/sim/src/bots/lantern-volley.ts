// Lantern Volley: the game ships an exact per-wave `solver`; the strong bot is that solver. Without it,
// strong falls back to rollouts over greedy (which already searches all 1,501 angles per shot).

import { greedyPolicy } from '../policy/greedy.ts';
import { rolloutPolicy } from '../policy/rollout.ts';
import { defineStrong } from '../policy/strong.ts';
import { defineStats } from '../stats.ts';

defineStrong(
  'lantern-volley',
  (game) => game.policies.solver ?? rolloutPolicy(game, { base: greedyPolicy(game), horizon: 1, width: 8, name: 'strong' }),
);

// A won round cleared every wave of the game's own table (spec.appendix.waves), not a count copied here.
defineStats('lantern-volley', (s: { wave: number; won: boolean }, game) => ({
  wavesCleared: s.won ? ((game.spec.appendix?.waves as unknown[] | undefined)?.length ?? s.wave) : s.wave - 1,
}));
