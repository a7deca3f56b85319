// Stormlark: the game ships its own `strong` (the clearing lookahead) and `dodge-only` (the same search
// without FIRE), so the simulator resolves both from game.policies and keeps no copy of either. Only
// the headline figure lives here.
import { defineStats } from '../stats.ts';

// Reaches completed: every reach below the current one, plus the current one when sitting at its Gate.
defineStats('stormlark', (s: { reach: number; phase: string }) => ({ reachesCleared: s.reach - 1 + (s.phase === 'reachClear' ? 1 : 0) }));
