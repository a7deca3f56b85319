// Sunloaf: the strong bot is the game's own policy. Rollouts over the reference (6 candidates, 6 turns)
// used to be it, but once the reference met its own quota from every state it reaches (Sunloaf 1.1.0),
// those short rollouts, which value points now and not the day's quota, lost 8 of 8 runs to a missed
// quota while the reference lost none (docs/calibration.md at f751480): a game's `strong` wins, then
// its `reference`.
import { defineStrong } from '../policy/strong.ts';
import { defineStats } from '../stats.ts';

defineStrong('sunloaf', (game) => game.policies.strong ?? game.policies.reference!);

// day is the day being played (or the last one); a day counts as completed once its sunset was reached.
defineStats('sunloaf', (s: { day: number; phase: string; outcome: string | null }) => ({
  daysCompleted: s.day - 1 + (s.phase === 'sunset' || s.outcome === 'win' ? 1 : 0),
}));
