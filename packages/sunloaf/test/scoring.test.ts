// One test per scoring term of the document, on hand-built rooms.
import { describe, expect, it } from 'vitest';
import { dayBonus, multiplier, quotaFor, quotaRatio } from '../src/curves.ts';
import { cosy, moveCat, rest } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

// North window: on turns 0-2 the band is on column 0.
const lit0 = tileAt(3, 0);
const dark = tileAt(3, 5);

describe('purr tiers', () => {
  it('a lit cat earns floor(10 * purr[tier] * (4 + pile) / 4) with tier = settled, table [0,1,2,3,5,7,10]', () => {
    const s = room({ layout: { bandDwell: 3 }, cats: [{ tile: lit0, settled: 0 }] });
    const earned: number[] = [];
    // Keep the band on column 0 by pinning the turn: tiers 1..8 (capped at 6).
    for (let k = 0; k < 8; k++) {
      s.turn = 0;
      const before = s.dayCosyRaw;
      rest(s);
      earned.push(s.dayCosyRaw - before);
    }
    expect(earned).toEqual([10, 20, 30, 50, 70, 100, 100, 100]);
  });
  it('a cat on a tile that is not lit earns nothing; the moved cat earns nothing and restarts at 0', () => {
    const s = room({
      cats: [
        { tile: dark, settled: 5 },
        { tile: tileAt(0, 0), settled: 5 },
      ],
    });
    moveCat(s, 1, tileAt(1, 0));
    expect(s.dayCosyRaw).toBe(0);
    expect(s.cats[1]!.settled).toBe(0);
    expect(s.cats[0]!.settled).toBe(6);
  });
});

describe('hearth cap', () => {
  it('the warm hearth out of the band caps the tier at 3', () => {
    const s = room({ layout: { hearth: tileAt(6, 6) }, cats: [{ tile: tileAt(6, 6), settled: 9 }] });
    rest(s);
    expect(s.dayCosyRaw).toBe(cosy(3, 0));
  });
  it('the band on the hearth lifts the cap to 6', () => {
    const s = room({ layout: { hearth: tileAt(6, 0) }, cats: [{ tile: tileAt(6, 0), settled: 9 }] });
    rest(s);
    expect(s.dayCosyRaw).toBe(cosy(6, 0));
  });
  it('the band on the hearth line but shaded keeps the cap at 3; a cloud makes the hearth cold', () => {
    const shaded = room({ layout: { hearth: tileAt(6, 0), furniture: [tileAt(5, 0)] }, cats: [{ tile: tileAt(6, 0), settled: 9 }] });
    rest(shaded);
    expect(shaded.dayCosyRaw).toBe(cosy(3, 0));
    const cloudy = room({ layout: { hearth: tileAt(6, 6), clouds: [0] }, cats: [{ tile: tileAt(6, 6), settled: 9 }] });
    rest(cloudy);
    expect(cloudy.dayCosyRaw).toBe(0);
  });
});

describe('pile', () => {
  it('neighbours with settled >= 1 count, a big cat counts 2, light not needed', () => {
    // Cat 0 lit on column 0; cat 1 (big) to its right in the dark; cat 2 below.
    const s = room({
      cats: [
        { tile: tileAt(3, 0), settled: 9 },
        { tile: tileAt(3, 1), settled: 3, big: true },
        { tile: tileAt(4, 0), settled: 3 },
      ],
    });
    rest(s);
    // cat 0: tier 6, pile 1 + 2 = 3 -> 175; cat 1 is dark; cat 2 (lit, tier 4, pile 1) -> 62.
    expect(cosy(6, 3)).toBe(175);
    expect(cosy(4, 1)).toBe(62);
    expect(s.dayCosyRaw).toBe(175 + 62);
  });
  it('a neighbour that moved this turn (settled 0) does not count', () => {
    const s = room({
      cats: [
        { tile: tileAt(3, 0), settled: 9 },
        { tile: tileAt(2, 2), settled: 3 },
      ],
    });
    moveCat(s, 1, tileAt(3, 2));
    moveCat(s, 1, tileAt(3, 1)); // arrives next to cat 0 with settled 0
    expect(s.dayCosyRaw).toBe(2 * cosy(6, 0));
  });
  it('the pile is capped at 6', () => {
    // Four big neighbours would be 8: capped at 6 -> floor(10 * 10 * 10 / 4) = 250. The lattice darkens the neighbours.
    const s = room({
      layout: { lattice: 0 },
      cats: [
        { tile: tileAt(3, 3), settled: 9 },
        { tile: tileAt(2, 3), settled: 3, big: true },
        { tile: tileAt(4, 3), settled: 3, big: true },
        { tile: tileAt(3, 2), settled: 3, big: true },
        { tile: tileAt(3, 4), settled: 3, big: true },
      ],
    });
    s.turn = 9; // band on column 3
    rest(s);
    expect(cosy(6, 6)).toBe(250);
    expect(s.dayCosyRaw).toBe(250);
  });
});

describe('shade', () => {
  it('furniture between a tile and the window within the shade length darkens it', () => {
    const one = room({
      layout: { furniture: [tileAt(1, 0)], shade: 1 },
      cats: [
        { tile: tileAt(2, 0), settled: 9 },
        { tile: tileAt(4, 0), settled: 9 },
      ],
    });
    rest(one);
    // Shade 1: (2,0) is shaded, (4,0) is three tiles away and lit.
    expect(one.dayCosyRaw).toBe(cosy(6, 0));
    const three = room({
      layout: { furniture: [tileAt(1, 0)], shade: 3 },
      cats: [
        { tile: tileAt(2, 0), settled: 9 },
        { tile: tileAt(4, 0), settled: 9 },
      ],
    });
    rest(three);
    expect(three.dayCosyRaw).toBe(0);
    const two = room({
      layout: { furniture: [tileAt(1, 0)], shade: 2 },
      cats: [
        { tile: tileAt(2, 0), settled: 9 },
        { tile: tileAt(4, 0), settled: 9 },
      ],
    });
    rest(two);
    expect(two.dayCosyRaw).toBe(cosy(6, 0)); // (4,0) is 3 tiles from the furniture: out of a shade of 2
  });
  it('shaded neighbours still cushion a lit cat', () => {
    const s = room({
      layout: { furniture: [tileAt(1, 0)], shade: 1 },
      cats: [
        { tile: tileAt(2, 0), settled: 9 },
        { tile: tileAt(3, 0), settled: 9 },
      ],
    });
    rest(s);
    expect(s.dayCosyRaw).toBe(cosy(6, 1));
  });
});

describe('multiplier and rounding', () => {
  it('mult is 100 + 35 per day to a ceiling of 1200', () => {
    expect([1, 2, 3, 32, 33, 34, 100].map(multiplier)).toEqual([100, 135, 170, 1185, 1200, 1200, 1200]);
  });
  it('each award rounds on its own (JavaScript Math.round)', () => {
    // Two cats each earning 10 raw at mult 135: round(13.5) + round(13.5) = 28, not round(27) = 27.
    const s = room({ mult: 135, cats: [{ tile: tileAt(0, 0) }, { tile: tileAt(6, 0) }] });
    rest(s);
    expect(s.dayCosyRaw).toBe(20);
    expect(s.score).toBe(28);
  });
});

describe('bowls and the chain', () => {
  const bowlRoom = (chain: number, onMat: boolean) =>
    room({ chain, cats: [{ tile: onMat ? tileAt(3, 4) : tileAt(5, 5) }], bowls: [{ mat: tileAt(3, 4), serveTurn: 0 }] });
  it('rises then pays: the first bowl of a fresh chain pays 30', () => {
    const s = bowlRoom(0, true);
    rest(s);
    expect(s.chain).toBe(1);
    expect(s.dayCosyRaw).toBe(30);
    expect(s.bowls[0]!.status).toBe('eaten');
  });
  it('caps at 8 (pays 240)', () => {
    const s = bowlRoom(8, true);
    rest(s);
    expect(s.chain).toBe(8);
    expect(s.dayCosyRaw).toBe(240);
  });
  it('resets to 0 when a serve finds no cat', () => {
    const s = bowlRoom(5, false);
    rest(s);
    expect(s.chain).toBe(0);
    expect(s.dayCosyRaw).toBe(0);
    expect(s.bowls[0]!.status).toBe('missed');
  });
  it('eating costs no turn and leaves settled alone; the award goes through the multiplier', () => {
    const s = room({ mult: 170, chain: 2, cats: [{ tile: tileAt(3, 4), settled: 4 }], bowls: [{ mat: tileAt(3, 4), serveTurn: 0 }] });
    rest(s);
    expect(s.cats[0]!.settled).toBe(5);
    expect(s.score).toBe(Math.round((90 * 170) / 100));
  });
  it('a two-mat serve with one mat covered: that bowl is eaten, the other missed, the chain survives', () => {
    const s = room({
      chain: 3,
      cats: [{ tile: tileAt(3, 4) }],
      bowls: [
        { mat: tileAt(3, 4), serveTurn: 0 },
        { mat: tileAt(5, 5), serveTurn: 0 },
      ],
    });
    rest(s);
    expect(s.chain).toBe(4);
    expect(s.dayCosyRaw).toBe(120);
    expect(s.bowls.map((b) => b.status)).toEqual(['eaten', 'missed']);
  });
  it('a two-mat serve with both covered pays twice, rising each time', () => {
    const s = room({
      chain: 3,
      cats: [{ tile: tileAt(3, 4) }, { tile: tileAt(5, 5) }],
      bowls: [
        { mat: tileAt(3, 4), serveTurn: 0 },
        { mat: tileAt(5, 5), serveTurn: 0 },
      ],
    });
    rest(s);
    expect(s.chain).toBe(5);
    expect(s.dayCosyRaw).toBe(120 + 150);
  });
});

describe('day bonus and quota', () => {
  it('the day bonus is min(100 * day, 3000), paid at sunset and never multiplied', () => {
    expect([1, 5, 30, 31, 60].map(dayBonus)).toEqual([100, 500, 3000, 3000, 3000]);
    const s = room({ day: 4, mult: 205, layout: { bandDwell: 3 }, cats: [{ tile: tileAt(5, 5) }] });
    s.turn = 20;
    rest(s);
    expect(s.phase).toBe('sunset');
    expect(s.score).toBe(400);
  });
  it('missing the quota on the last turn ends the run with the points kept', () => {
    const s = room({ day: 2, dayQuota: 1, cats: [{ tile: tileAt(5, 5) }] });
    s.turn = 20;
    s.score = 77;
    rest(s);
    expect(s.phase).toBe('over');
    expect(s.outcome).toBe('quota_missed');
    expect(s.score).toBe(77);
  });
  it('ratio 1000, 1500, then +320 a day to 9500; quota = ceil(dayPar * ratio / 10000)', () => {
    expect([1, 2, 3, 10, 26, 27, 28, 90].map(quotaRatio)).toEqual([1000, 1500, 1820, 4060, 9180, 9500, 9500, 9500]);
    expect(quotaFor(1000, 1000)).toBe(100);
    expect(quotaFor(1001, 1000)).toBe(101);
    expect(quotaFor(0, 9500)).toBe(0);
    expect(quotaFor(333, 1500)).toBe(50); // 49.95 -> 50
  });
});
