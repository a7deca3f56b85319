// @ts-nocheck
//
//
// parseState's refusals (invalid_state) name the one field that is wrong and the figures that make it wrong: the wave
// table's wisps (design document, WAVES), the score within what the counters allow mid-wave (a gong rung, +25, by
// each wisp fired), and lastShot's own consistency (its wave, a clear's fresh wave and bonus, each event's fields).

import type { Game } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShootAction, State } from '../src/index.ts';
import { edit, message, playedStates } from './played-states.ts';

let game: Game<State, ShootAction>;
let wave2: State;
let wave7: State;
beforeAll(async () => {
  // wave7 here is one solver shot into wave 7 (1 wisp of 6 fired).
  ({ game, wave2, wave7Shot: wave7 } = await playedStates());
});

describe('parseState: counters', () => {
  it("wispsLeft: at most the wave's allotment (wave 1: 5, wave 2: 5)", () => {
    const s0 = game.init(1).state;
    expect(s0.wispsLeft).toBe(5);
    expect(message(s0)).toBe('accepted');
    expect(message(edit(s0, (s) => (s.wispsLeft = 6)))).toBe('invalid state: wispsLeft 6 is more than the 5 wisps of wave 1');
    expect(message(edit(wave2, (s) => (s.wispsLeft = 6)))).toBe('invalid state: wispsLeft 6 is more than the 5 wisps of wave 2');
  });

  it("score mid-wave: at most the cleared waves' best, the lit lanterns at their best, and a gong (+25) per wisp fired", () => {
    // Waves 1..6 of seed 3 at most 20,925 (test/state-bounds.test.ts); wave 7 (7 lanterns, 6 wisps) holds one gong.
    expect(wave7).toMatchObject({ wave: 7, wispsLeft: 5, won: false, gameOver: false });
    const lit = wave7.lit.filter(Boolean).length;
    expect(lit).toBeGreaterThan(0);
    // Lantern c of one shot at best: 100 x c + 40 x 5 banked bounces; one wisp fired rang the gong at most once.
    let lanterns = 0;
    for (let c = 1; c <= lit; c++) lanterns += 100 * c + 40 * 5;
    const max = 20925 + lanterns + 1 * 25;
    const min = 4000 + 100 * lit;
    expect(message(edit(wave7, (s) => (s.score = max)))).toBe('accepted');
    expect(message(edit(wave7, (s) => (s.score = max + 5)))).toBe(
      `invalid state: score ${max + 5} is not within ${min}..${max}, what wave 7, ${lit} lit and ${wave7.shots} shots allow`,
    );
  });
});

describe('parseState: the score', () => {
  it('after wave 1 cleared by its first wisp: at least 500, at most 2,300, and a multiple of 5', () => {
    // Wave 1 (3 lanterns, 5 wisps) cleared: at least 100 per lantern and the clear bonus, 3 x 100 + 200 = 500; at most
    // each lantern at its best chain and bank (100 c + 40 x 5 for c = 1..3: 1,200), +200 clear, +150 for each of the
    // 4 wisps left, +300 One Shot Wonder: 2,300. Nothing lit yet in wave 2.
    expect(message(edit(wave2, (s) => (s.score = 495)))).toBe(
      'invalid state: score 495 is not within 500..2300, what wave 2, 0 lit and 1 shots allow',
    );
    // Every point value (100, 40, 25, 200, 150, 300) is a multiple of 5, so every score is.
    expect(
      message(
        edit(wave2, (s) => {
          s.score = 1781;
          s.lastShot.points = 1781;
        }),
      ),
    ).toBe('invalid state: score 1781 is not a multiple of 5, as every point value is');
  });
});

describe('parseState: lastShot', () => {
  it('null before the first shot, required after', () => {
    const s0 = game.init(9).state;
    expect(message(edit(s0, (s) => (s.lastShot = wave2.lastShot)))).toBe(
      'invalid state: lastShot must be null before the first shot (shots 0)',
    );
    expect(message(edit(wave2, (s) => (s.lastShot = null)))).toBe('invalid state: lastShot is missing after 1 shots');
  });

  it('its points are part of the score', () => {
    expect(wave2).toMatchObject({ score: 1780, shots: 1 });
    expect(wave2.lastShot!.points).toBe(1780);
    expect(message(edit(wave2, (s) => (s.lastShot.points = 1785)))).toBe('invalid state: lastShot.points 1785 is more than the score 1780');
  });

  it('a shot that cleared a wave was fired in the wave before, and the new wave starts fresh with its bonus scored', () => {
    expect(wave2.lastShot).toMatchObject({ wave: 1, waveCleared: true, bonus: { waveClear: 200 } });
    expect(message(edit(wave2, (s) => (s.lastShot.wave = 2)))).toBe('invalid state: lastShot.wave must be 1');
    // One wisp of wave 2 gone (shots 2): the clearing shot cannot be the last one.
    expect(
      message(
        edit(wave2, (s) => {
          s.wispsLeft = 4;
          s.shots = 2;
        }),
      ),
    ).toBe('invalid state: lastShot.waveCleared: after a clear the new wave starts fresh');
    expect(
      message(
        edit(wave2, (s) => {
          s.lastShot.bonus.waveClear = 0;
          s.lastShot.points -= 200;
        }),
      ),
    ).toBe('invalid state: lastShot.bonus.waveClear: a wave clear scores its bonus');
    // A shot that cleared nothing scores no bonus, whatever its parts add up to.
    expect(wave7.lastShot!.waveCleared).toBe(false);
    expect(
      message(
        edit(wave7, (s) => {
          s.lastShot.bonus = { efficiency: 300, oneShotWonder: 300, waveClear: 0 };
          s.lastShot.points += 600;
          s.score += 600;
        }),
      ),
    ).toBe('invalid state: lastShot.bonus without a wave clear');
    // A shot that cleared nothing was fired in the current wave.
    expect(message(edit(wave7, (s) => (s.lastShot.wave = 6)))).toBe('invalid state: lastShot.wave must be 7');
  });

  it('each event: chain exactly on a light, cause exactly on a fade, an id unless it faded', () => {
    const events = wave2.lastShot!.events;
    expect(events.length).toBeGreaterThan(1);
    expect(events[0]!.type).not.toBe('fade');
    const light = events.findIndex((e) => e.type === 'light');
    expect(light).toBeGreaterThanOrEqual(0);
    expect(message(edit(wave2, (s) => delete s.lastShot.events[light].chain))).toBe(
      `invalid state: lastShot.events[${light}].chain: present exactly on a light`,
    );
    const notLight = events.findIndex((e) => e.type !== 'light');
    expect(message(edit(wave2, (s) => (s.lastShot.events[notLight].chain = 1)))).toBe(
      `invalid state: lastShot.events[${notLight}].chain: present exactly on a light`,
    );
    expect(message(edit(wave2, (s) => (s.lastShot.events[0].cause = 'budget')))).toBe(
      'invalid state: lastShot.events[0].cause: present exactly on a fade',
    );
    expect(message(edit(wave2, (s) => (s.lastShot.events[0].id = null)))).toBe('invalid state: lastShot.events[0].id is required');
  });
});
