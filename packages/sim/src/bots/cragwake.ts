// Cragwake: the strong bot is stamina-aware planning by rollouts over the game's own greedy climber:
// every candidate move is played out for a stretch and valued by score plus the stamina left (each
// stamina is worth 15 at the next belay), and running dry is heavily penalised.
import type { Game } from '@hearth/engine';
import { rolloutPolicy } from '../policy/rollout.ts';
import { basePolicy, defineStrong } from '../policy/strong.ts';
import { defineStats } from '../stats.ts';

interface Crag {
  phase: 'climbing' | 'atLedge' | 'over';
  ending: 'exhausted' | 'ended' | null;
  stamina: number;
  score: number;
  pitch: number;
  row: number;
}

const value = (s: Crag) => s.score + (s.phase === 'over' ? -5000 : 15 * s.stamina + s.row);

defineStrong('cragwake', (game: Game) =>
  rolloutPolicy(game, {
    base: game.policies.greedy ?? basePolicy(game),
    horizon: 12,
    width: 6,
    value: (s) => value(s as Crag),
    name: 'strong',
  }),
);

// pitch is the pitch being climbed, so pitches completed is one less.
defineStats('cragwake', (s: Crag) => ({ pitchesCompleted: s.pitch - 1 }));
