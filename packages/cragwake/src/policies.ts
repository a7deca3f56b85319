// Bots shipped with the game (the simulator finds them through game.policies).
import type { Policy, PolicyFactory } from '@hearth/engine';
import { hash } from '@hearth/rng';
import { type CragAction, moveCost, reachKind } from './rules.ts';
import { type CragState, holdAt, isLedgeRow } from './state.ts';

/** Uniform over the legal list, driven by @hearth/rng from the policy's seed. */
export const randomPolicy: PolicyFactory<CragState, CragAction> = (seed) => {
  let i = 0;
  return {
    name: 'random',
    decide: (_state, legal) => legal[Math.floor((hash(seed >>> 0, 0x72616e64, i++) * legal.length) / 4294967296)] as CragAction,
  };
};

/**
 * A one-look greedy climber: climbs on at every ledge; breathes on a jug with breaths when stamina is under
 * half the tank; otherwise takes the move with the best height gain per stamina, preferring jugs, avoiding
 * the rockfall column, and breathing (or stepping sideways) when nothing goes up.
 */
export const greedyPolicy: PolicyFactory<CragState, CragAction> = () => ({
  name: 'greedy',
  decide(s, legal): CragAction {
    if (s.phase === 'atLedge') return { type: 'climbOn' };
    const here = holdAt(s, s.row, s.col);
    const canGain = here !== null && here.kind === 'jug' && here.breaths > 0 && !isLedgeRow(s.row);
    const swept = s.rockfall.now === s.col && !isLedgeRow(s.row);
    if (canGain && s.stamina * 2 < s.tank && !swept) return { type: 'breathe' };
    let best: CragAction | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const a of legal) {
      if (a.type !== 'move') continue;
      const h = holdAt(s, a.row, a.col);
      const cost = moveCost(s, a.row, a.col, reachKind(a.row - s.row, a.col - s.col) === 2);
      let score = (a.row - s.row) * 10 - cost * 3;
      if (h?.kind === 'jug' && h.breaths > 0) score += 6;
      if (h && h.cracks > 0) score -= 4;
      if (s.rockfall.now === a.col && !isLedgeRow(a.row)) score -= 8;
      if (a.row === 10 * s.pitch) score += 100;
      if (s.stamina - cost <= 3 && a.row !== 10 * s.pitch) score -= 20;
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    if (best && (bestScore > 0 || !canGain)) return best;
    return { type: 'breathe' };
  },
});

export function createPolicies(): Record<string, PolicyFactory<CragState, CragAction>> {
  return { random: randomPolicy, greedy: greedyPolicy };
}

export type { Policy };
