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

defineStats('lantern-volley', (s: { wave: number; won: boolean }) => ({ wavesCleared: s.won ? 8 : s.wave - 1 }));
