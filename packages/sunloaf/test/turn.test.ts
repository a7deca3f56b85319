// @ts-nocheck
//
// Which DOZE trigger fired, from the document: DOZE "stops early the moment a bowl serves or starts its countdown, a
// dog comes within reach of a cat, a lit cat is about to fall out of the light, or a cloud begins or ends" ("a mat
// begins counting down 3 turns before its serve"). dozeStop names the trigger (README of turn.ts: serve, countdown,
// dog, light, cloud), tested in that order, and is null when none fires.
import { describe, expect, it } from 'vitest';
import { doze, dozeStop, moveRefusal, moveTargets } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

const dark = tileAt(3, 5); // north window, bandDwell 3: column 5 is lit only on turns 15-17

describe('dozeStop names the trigger that stopped a DOZE', () => {
  const stoppedBy = (s) => {
    const spent = doze(s);
    return { spent, turn: s.turn, stop: dozeStop(s) };
  };
  it('nothing happens: four turns, no trigger', () => {
    expect(stoppedBy(room({ cats: [{ tile: dark }] }))).toEqual({ spent: 4, turn: 4, stop: null });
  });
  it('a bowl serves on turn 1: stops after it, serve', () => {
    const s = room({ cats: [{ tile: dark }], bowls: [{ mat: tileAt(6, 6), serveTurn: 1 }] });
    expect(stoppedBy(s)).toEqual({ spent: 2, turn: 2, stop: 'serve' });
  });
  it('a bowl serving on turn 6 starts its countdown on turn 3: countdown', () => {
    const s = room({ cats: [{ tile: dark }], bowls: [{ mat: tileAt(6, 6), serveTurn: 6 }] });
    expect(stoppedBy(s)).toEqual({ spent: 3, turn: 3, stop: 'countdown' });
  });
  it('a dog next to a cat on the next turn: dog', () => {
    // Loop (0,0) (0,1) (0,2) (1,2) (1,1) (1,0): on turn 3 the dog is on (1,2), next to the cat on (2,2).
    const s = room({ day: 6, layout: { dogLoops: [[0, 1, 2, 9, 8, 7]] }, cats: [{ tile: tileAt(2, 2) }] });
    expect(stoppedBy(s)).toEqual({ spent: 3, turn: 3, stop: 'dog' });
  });
  it('a lit cat whose column goes dark on the next turn: light', () => {
    const s = room({ cats: [{ tile: tileAt(3, 0), settled: 2 }] });
    expect(stoppedBy(s)).toEqual({ spent: 3, turn: 3, stop: 'light' });
  });
  it('a cloud begins (turn 2) and a cloud ends (turn 3): cloud', () => {
    expect(stoppedBy(room({ day: 4, layout: { clouds: [2] }, cats: [{ tile: dark }] }))).toEqual({ spent: 2, turn: 2, stop: 'cloud' });
    expect(stoppedBy(room({ day: 4, turn: 2, layout: { clouds: [2] }, cats: [{ tile: dark }] }))).toEqual({
      spent: 1,
      turn: 3,
      stop: 'cloud',
    });
  });
  it('tested in the documented order: a serve on the turn just played comes before a dog next to a cat', () => {
    const s = room({
      day: 6,
      layout: { dogLoops: [[0, 1, 2, 9, 8, 7]] },
      cats: [{ tile: tileAt(2, 2) }],
      bowls: [{ mat: tileAt(6, 6), serveTurn: 2 }],
    });
    expect(stoppedBy(s)).toEqual({ spent: 3, turn: 3, stop: 'serve' });
  });
});

// "a MOVE travels along a row or a column only, never diagonally, up to that cat's range"; "The room is 7 by 7, a tile
// index is row * 7 + column ... indices run 0 to 48": a cat near an edge reaches the edge and no further.
describe('MOVE targets at the edges of the room', () => {
  it('a range-3 cat on (5,5): three up, three left, one right, one down, in tile order', () => {
    const s = room({ cats: [{ tile: tileAt(5, 5), range: 3 }] });
    const expected = [tileAt(2, 5), tileAt(3, 5), tileAt(4, 5), tileAt(5, 2), tileAt(5, 3), tileAt(5, 4), tileAt(5, 6), tileAt(6, 5)];
    expect(moveTargets(s, 0)).toEqual(expected);
    const accepted = [];
    for (let tile = 0; tile < 49; tile++) if (moveRefusal(s, 0, tile) === null) accepted.push(tile);
    expect(accepted).toEqual(expected);
  });
  it('a range-3 cat on (1,1): one up, one left, three right, three down', () => {
    const s = room({ cats: [{ tile: tileAt(1, 1), range: 3 }] });
    expect(moveTargets(s, 0)).toEqual([
      tileAt(0, 1),
      tileAt(1, 0),
      tileAt(1, 2),
      tileAt(1, 3),
      tileAt(1, 4),
      tileAt(2, 1),
      tileAt(3, 1),
      tileAt(4, 1),
    ]);
  });
});
