// Stormlark bots, found by slug. "dodge-only" and "strong" run the same exhaustive lookahead (depth 4,
// the leaf values hull far above points, like the game's own dodger) and differ in one thing: whether
// FIRE is searched. That isolates what clearing is worth, which is the document's "about a fifth" claim.
import type { Game } from '@hearth/engine';
import { defineGamePolicy } from '../policy/resolve.ts';
import { searchPolicy } from '../policy/search.ts';
import { defineStrong } from '../policy/strong.ts';
import { defineStats } from '../stats.ts';

interface Storm {
  phase: 'flying' | 'reachClear' | 'over';
  hull: number;
  charge: number;
  score: number;
  reach: number;
}
interface Act {
  type: string;
}

const leaf = (s: Storm) =>
  s.phase === 'over' ? s.score - 1_000_000 : s.score + 5000 * s.hull + 15 * s.charge + (s.phase === 'reachClear' ? 2000 : 0);

function bot(game: Game, name: string, searched: readonly string[], depth = 4) {
  const order = (legal: readonly Act[]) => searched.map((t) => legal.find((a) => a.type === t)).filter((a): a is Act => a !== undefined);
  return searchPolicy<Storm, Act>(game as Game<Storm, Act>, {
    name,
    depth,
    actions: (_s, legal) => order(legal),
    leaf,
    // Always fly on at a Gate: stopping pays nothing extra, and the bots play until the hull runs out.
    forced: (s, legal) => (s.phase === 'reachClear' ? (legal.find((a) => a.type === 'NEXT_REACH') ?? null) : null),
  });
}

defineStrong('stormlark', (game) => bot(game, 'strong', ['VENT', 'FIRE', 'UP', 'DOWN']));
defineGamePolicy('stormlark', 'dodge-only', (game) => bot(game, 'dodge-only', ['VENT', 'UP', 'DOWN']));

// Reaches completed: every reach below the current one, plus the current one when sitting at its Gate.
defineStats('stormlark', (s: Storm) => ({ reachesCleared: s.reach - 1 + (s.phase === 'reachClear' ? 1 : 0) }));
