// Dogs reset settled by adjacency, at one and at two steps per turn, on loop[(turn * dogSpeed) % loop.length].
import { describe, expect, it } from 'vitest';
import { dogTile } from '../src/geometry.ts';
import { rest } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

// A 2x3 loop: (2,2) (2,3) (2,4) (3,4) (3,3) (3,2).
const loop = [16, 17, 18, 25, 24, 23];

describe('dogs', () => {
  it('stand on loop[(turn * dogSpeed) % loop.length]', () => {
    const one = room({ day: 6, layout: { dogLoops: [loop], dogSpeed: 1 } }).layout;
    expect([0, 1, 2, 5, 6, 7].map((t) => dogTile(one, 0, t))).toEqual([16, 17, 18, 23, 16, 17]);
    const two = room({ day: 24, layout: { dogLoops: [loop], dogSpeed: 2 } }).layout;
    expect([0, 1, 2, 3, 4].map((t) => dogTile(two, 0, t))).toEqual([16, 18, 24, 16, 18]);
  });
  it('speed 1: a cat on or orthogonally next to the dog as the turn resolves gets settled 0', () => {
    // Cat A next to (2,3) which the dog reaches on turn 1; cat B diagonal to every loop tile it passes early.
    const s = room({
      day: 6,
      layout: { dogLoops: [loop] },
      cats: [
        { tile: tileAt(1, 3), settled: 5 },
        { tile: tileAt(1, 1), settled: 5 },
      ],
    });
    rest(s); // turn 0: dog on (2,2): (1,3) is diagonal, (1,1) diagonal
    expect(s.cats.map((c) => c.settled)).toEqual([6, 6]);
    rest(s); // turn 1: dog on (2,3): (1,3) adjacent
    expect(s.cats.map((c) => c.settled)).toEqual([0, 7]);
    rest(s); // turn 2: dog on (2,4): (1,3) diagonal again
    expect(s.cats.map((c) => c.settled)).toEqual([1, 8]);
  });
  it('speed 2: the dog lands on every second loop tile and only the landing tile resets', () => {
    // Turn 1 lands on (2,4); turn 2 on (3,3). A cat next to (2,3) only (at (1,3)) is never reached on turns 0-2.
    const s = room({
      day: 24,
      layout: { dogLoops: [loop], dogSpeed: 2 },
      cats: [
        { tile: tileAt(1, 3), settled: 5 },
        { tile: tileAt(1, 4), settled: 5 },
      ],
    });
    rest(s); // turn 0: dog on (2,2)
    expect(s.cats.map((c) => c.settled)).toEqual([6, 6]);
    rest(s); // turn 1: dog on (2,4): (1,4) adjacent, (1,3) diagonal
    expect(s.cats.map((c) => c.settled)).toEqual([7, 0]);
    rest(s); // turn 2: dog on (3,3)
    expect(s.cats.map((c) => c.settled)).toEqual([8, 1]);
  });
  it("a cat reset by a dog this turn earns nothing and does not count in its neighbour's pile", () => {
    const s = room({
      day: 6,
      layout: { dogLoops: [[0, 1, 8, 7]], window: 'N' },
      cats: [
        { tile: tileAt(1, 0), settled: 5 },
        { tile: tileAt(2, 0), settled: 5 },
      ],
    });
    rest(s); // turn 0: dog on (0,0), next to cat 0; both cats are lit (column 0); cat 1 earns alone: tier 6, pile 0
    expect(s.cats.map((c) => c.settled)).toEqual([0, 6]);
    expect(s.dayCosyRaw).toBe(100);
    rest(s); // turn 1: dog on (0,1): cat 0 is free again with settled 1, and now counts for cat 1
    expect(s.cats.map((c) => c.settled)).toEqual([1, 7]);
    expect(s.dayCosyRaw).toBe(100 + 12 + 125);
  });
  it('two dogs both reset', () => {
    const s = room({
      day: 20,
      layout: {
        dogLoops: [
          [0, 1, 8, 7],
          [47, 48, 41, 40],
        ],
      },
      cats: [
        { tile: tileAt(1, 1), settled: 3 },
        { tile: tileAt(5, 6), settled: 3 },
      ],
    });
    rest(s); // dog 0 on 0 (adjacent? (1,1) is diagonal to (0,0): no); dog 1 on 47 (6,5): (5,6) diagonal: no
    expect(s.cats.map((c) => c.settled)).toEqual([4, 4]);
    rest(s); // dog 0 on 1 (0,1): adjacent to (1,1); dog 1 on 48 (6,6): adjacent to (5,6)
    expect(s.cats.map((c) => c.settled)).toEqual([0, 0]);
  });
});
