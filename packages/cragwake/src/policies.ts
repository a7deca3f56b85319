// Bots shipped with the game (the simulator finds them through game.policies; its `strong` plays `strong`).
import { type Policy, type PolicyFactory, rolloutPolicy, type Searchable } from '@hearth/engine';
import { hash } from '@hearth/rng';
import { type CragAction, moveCost, reachKind, STAMINA_PAY } from './rules.ts';
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

/**
 * What the strong bot's rollouts value at their horizon: the score plus what the stamina left pays at the next
 * belay (STAMINA_PAY each) plus the row, and running dry heavily penalised.
 */
export const strongValue = (s: CragState): number => s.score + (s.phase === 'over' ? -5000 : STAMINA_PAY * s.stamina + s.row);

/**
 * The strong bot: stamina-aware planning by rollouts over the greedy climber: every candidate move is played
 * out for 12 turns and valued by `strongValue`; the 6 best by immediate points are tried, and greedy's own choice.
 */
export const strongPolicy = (game: Searchable<CragState, CragAction>): PolicyFactory<CragState, CragAction> =>
  rolloutPolicy(game, { base: greedyPolicy, horizon: 12, width: 6, value: strongValue, name: 'strong' });

export function createPolicies(game: Searchable<CragState, CragAction>): Record<string, PolicyFactory<CragState, CragAction>> {
  return { random: randomPolicy, greedy: greedyPolicy, strong: strongPolicy(game) };
}

export type { Policy };
