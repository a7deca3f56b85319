// Sunloaf: the strong bot improves the game's reference policy by rollouts (each candidate action is
// played out by the reference for a few turns; ties keep the reference's own choice).
import { rolloutPolicy } from '../policy/rollout.ts';
import { basePolicy, defineStrong } from '../policy/strong.ts';
import { defineStats } from '../stats.ts';

defineStrong('sunloaf', (game) => rolloutPolicy(game, { base: basePolicy(game), horizon: 6, width: 6, name: 'strong' }));

// day is the day being played (or the last one); a day counts as completed once its sunset was reached.
defineStats('sunloaf', (s: { day: number; phase: string; outcome: string | null }) => ({
  daysCompleted: s.day - 1 + (s.phase === 'sunset' || s.outcome === 'win' ? 1 : 0),
}));
