// @ts-nocheck
// parseState's bounds from the design document (README "Decisions": the score within what the counters allow, the
// shots within the wisps of the waves played) at their exact edges, a won round only in wave 8 with everything lit,
// and the refusal naming the field that is wrong.
import { beforeAll, describe, expect, it } from 'vitest';
import type { State } from '../src/index.ts';
import { edit, message, playedStates } from './played-states.ts';

let wave2: State;
let wave7: State;
beforeAll(async () => {
  ({ wave2, wave7 } = await playedStates());
});

describe('parseState bounds', () => {
  it('shots: at most the wisps of the earlier waves plus the ones fired in this wave', () => {
    expect(wave2).toMatchObject({ wave: 2, wispsLeft: 5, shots: 1, score: 1780 });
    // Wave 1 grants 5 wisps, none fired yet in wave 2: 1..5 shots are possible (wave 1 cleared by its 1st..5th).
    expect(message(edit(wave2, (s) => (s.shots = 5)))).toBe('accepted');
    expect(message(edit(wave2, (s) => (s.shots = 6)))).toBe(
      'invalid state: shots 6 is not within 1..5, what wave 2 with wispsLeft 5 allows',
    );
  });

  it('score: at most every lantern at its best chain and bank, a gong per wisp and every bonus of the cleared waves', () => {
    expect(wave7).toMatchObject({ wave: 7, wispsLeft: 6, won: false, gameOver: false });
    expect(wave7.lit.some(Boolean)).toBe(false);
    // Each cleared wave at most: lanterns at chain 1..n with the bank bonus capped at 5 bounces (100 c + 200), a gong
    // rung (+25) by each of the wave's wisps, wave clear +200, +150 per wisp but the one fired, One Shot Wonder +300.
    const table = [
      [3, 5, 0],
      [4, 5, 0],
      [4, 5, 0],
      [5, 6, 0],
      [6, 6, 0],
      [6, 5, 1],
    ];
    let max = 0;
    let min = 0;
    for (const [lanterns, wisps, gongs] of table) {
      for (let c = 1; c <= lanterns; c++) max += 100 * c + 40 * 5;
      max += gongs * wisps * 25 + 200 + 150 * (wisps - 1) + 300;
      min += 100 * lanterns + 200;
    }
    expect([min, max]).toEqual([4000, 20925]);
    expect(message(edit(wave7, (s) => (s.score = 20925)))).toBe('accepted');
    expect(message(edit(wave7, (s) => (s.score = 20930)))).toBe(
      `invalid state: score 20930 is not within 4000..20925, what wave 7, 0 lit and ${wave7.shots} shots allow`,
    );
  });

  it('won: only a round over, in wave 8, with every lantern lit', () => {
    // Wave 7 with all seven lit and the round over: everything a won round has but the wave.
    const notWave8 = edit(wave7, (s) => {
      s.lit = s.lit.map(() => true);
      s.won = true;
      s.gameOver = true;
      s.wispsLeft = 5;
    });
    expect(message(notWave8)).toBe('invalid state: won: a won round is over (gameOver), in wave 8, with every lantern lit');
  });

  it('names the first field that is wrong, array indices in brackets', () => {
    expect(message(5)).toMatch(/^invalid state: state: /);
    expect(message(edit(wave2, (s) => (s.lit[1] = 1)))).toMatch(/^invalid state: lit\[1\]: /);
    expect(message(edit(wave2, (s) => (s.x2 = 1)))).toMatch(/^invalid state: x2: /);
    expect(message(edit(wave2, (s) => (s['2x'] = 1)))).toMatch(/^invalid state: 2x: /);
  });
});
