// The reachability bound on the score (spec decision on parseState: "score at most what the reaches and scrolling
// turns so far can pay (every turn a column, a mote and a warden at chain x3, every Gate both bonuses)"). The expected
// figures are worked out here from the document's Scoring section, not from scoring.ts: 2 per column, 10 per mote and
// 500 per warden (times chain, at most 3.0) times the reach multiplier min(4.0, 1 + 0.25 x (reach - 1)); a Gate pays
// 40 and the flawless bonus 60, times reach; every award rounds on its own (halves up, the award decision).
import { beforeAll, describe, expect, it } from 'vitest';
import { maxScore } from '../src/bounds.ts';
import type { StormlarkGame } from '../src/index.ts';
import type { Phase, StormlarkState } from '../src/state.ts';
import { emptyCanyon, freshGame } from './helpers.ts';

const reachMult = (reach: number): number => Math.min(4, 1 + 0.25 * (reach - 1));
const round = (x: number): number => Math.floor(x + 0.5);
/** One scrolling turn at most: its column, a mote and a warden cleared at chain x3. */
const turnTop = (reach: number): number => {
  const m = reachMult(reach);
  return round(2 * m) + round(10 * m) + round(500 * 3 * m);
};
/** A Gate at most: its bonus and the flawless bonus. */
const gateTop = (reach: number): number => round(40 * reachMult(reach)) + round(60 * reachMult(reach));
/** Every earlier reach in full (20 content columns and the Gate column, then the Gate's bonuses), then this one's turns. */
const bound = (reach: number, inReach: number): number => {
  let total = 0;
  for (let r = 1; r < reach; r++) total += 21 * turnTop(r) + gateTop(r);
  return total + inReach * turnTop(reach) + (inReach === 21 ? gateTop(reach) : 0);
};

describe('the score bound from the counters', () => {
  it('per turn and per Gate, by the document: reach 1, reach 2 (halves round up) and reach 13 and above (x4.0)', () => {
    // reach 1: 2 + 10 + 1500; Gate 40 + 60
    expect([turnTop(1), gateTop(1)]).toEqual([1512, 100]);
    // reach 2 (x1.25): 2.5 -> 3, 12.5 -> 13, 1875; Gate 50 + 75
    expect([turnTop(2), gateTop(2)]).toEqual([1891, 125]);
    // reach 13 and above (x4.0): 8 + 40 + 6000; Gate 160 + 240
    expect([turnTop(13), gateTop(13), turnTop(14), turnTop(40)]).toEqual([6048, 400, 6048, 6048]);
  });
  it('maxScore: exact figures at the edges of a reach', () => {
    expect(maxScore(1, 0)).toBe(0);
    expect(maxScore(1, 1)).toBe(1512);
    expect(maxScore(1, 5)).toBe(7560);
    // the 20th content column: no Gate bonus yet
    expect(maxScore(1, 20)).toBe(30_240);
    // the Gate column arrives (21st scrolling turn) and pays both bonuses
    expect(maxScore(1, 21)).toBe(21 * 1512 + 100);
    // NEXT_REACH scrolls nothing: reach 2 before its first scroll holds exactly reach 1 in full
    expect(maxScore(2, 0)).toBe(31_852);
    expect(maxScore(2, 3)).toBe(31_852 + 3 * 1891);
    expect(maxScore(2, 21)).toBe(31_852 + 21 * 1891 + 125);
    // reach 14 and above: every reach from 13 on is worth reach 13's 21 x 6048 + 400
    expect(maxScore(14, 0) - maxScore(13, 0)).toBe(21 * 6048 + 400);
    expect(maxScore(15, 0) - maxScore(14, 0)).toBe(21 * 6048 + 400);
    expect(maxScore(20, 7) - maxScore(14, 0)).toBe(6 * (21 * 6048 + 400) + 7 * 6048);
  });
  it('maxScore equals the document-derived bound for every reach 1..40 and every scrolling turn 0..21', () => {
    for (let reach = 1; reach <= 40; reach++)
      for (let inReach = 0; inReach <= 21; inReach++)
        expect([reach, inReach, maxScore(reach, inReach)]).toEqual([reach, inReach, bound(reach, inReach)]);
    expect(maxScore(1000, 4)).toBe(bound(1000, 4));
  });
});

describe('parseState holds the score to the bound, at its edge', () => {
  let game: StormlarkGame;
  beforeAll(async () => {
    game = await freshGame('js');
  });
  /** An empty canyon `inReach` scrolling turns into `reach`, with the Gate markers where the column counter puts them. */
  const state = (reach: number, inReach: number, phase: Phase, score: number): StormlarkState =>
    emptyCanyon(9 + 21 * (reach - 1) + inReach, { seed: 3, reach, phase, score });
  const message = (s: StormlarkState): string => {
    const r = game.rules.parseState(s);
    return r.ok ? 'ok' : r.message;
  };
  const cases: [number, number, Phase][] = [
    [1, 1, 'flying'],
    [1, 5, 'flying'],
    [1, 20, 'flying'],
    [1, 21, 'reachClear'],
    [1, 21, 'over'],
    [2, 0, 'flying'],
    [2, 3, 'flying'],
    [2, 20, 'flying'],
    [2, 21, 'reachClear'],
    [7, 11, 'flying'],
    [7, 0, 'over'],
  ];
  it('accepts the bound itself and refuses one point more, naming the score and the bound', () => {
    for (const [reach, inReach, phase] of cases) {
      const top = bound(reach, inReach);
      expect(top).toBeLessThan(1_000_000);
      expect([reach, inReach, phase, message(state(reach, inReach, phase, top))]).toEqual([reach, inReach, phase, 'ok']);
      expect(message(state(reach, inReach, phase, top + 1))).toBe(
        `state.score ${top + 1} is more than a run with these counters can have scored (at most ${top})`,
      );
    }
  });
  it('where the counters allow more than the plausibility guard, the guard is the bound', () => {
    // the first reach whose bound passes 1,000,000 before its first scroll
    let reach = 1;
    while (bound(reach, 0) <= 1_000_000) reach++;
    expect(message(state(reach, 0, 'flying', 1_000_000))).toBe('ok');
    expect(message(state(reach, 0, 'flying', 1_000_001))).toContain('state.score');
  });
});
