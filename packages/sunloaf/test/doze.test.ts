// DOZE is exactly a run of RESTs: equal to the same number of RESTs, up to 4, stopping on each of its five triggers.
import { canonicalJson } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { loadSunloaf } from '../src/index.ts';
import { cloneState, type State } from '../src/state.ts';
import { doze, dozeStop, rest } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

const dark = tileAt(3, 5); // column 5: lit only on turns 15-17 of a 21-turn day

function dozeVsRests(s: State): { spent: number; equal: boolean } {
  const a = cloneState(s);
  const spent = doze(a);
  const b = cloneState(s);
  for (let k = 0; k < spent; k++) rest(b);
  return { spent, equal: canonicalJson(a) === canonicalJson(b) };
}

describe('DOZE stops early on each trigger', () => {
  it('runs 4 RESTs when nothing happens', () => {
    expect(dozeVsRests(room({ cats: [{ tile: dark }] }))).toEqual({ spent: 4, equal: true });
  });
  it('a bowl serves', () => {
    const s = room({ cats: [{ tile: dark }], bowls: [{ mat: tileAt(6, 6), serveTurn: 1 }] });
    expect(dozeVsRests(s)).toEqual({ spent: 2, equal: true });
  });
  it('a bowl starts its countdown', () => {
    const s = room({ cats: [{ tile: dark }], bowls: [{ mat: tileAt(6, 6), serveTurn: 6 }] });
    const after = cloneState(s);
    expect(dozeVsRests(s)).toEqual({ spent: 3, equal: true });
    doze(after);
    expect(after.bowls[0]!.serveTurn - after.turn).toBe(3);
  });
  it('a dog comes within reach of a cat', () => {
    // Loop (0,0) (0,1) (0,2) (1,2) (1,1) (1,0): on turn 3 the dog is on (1,2), next to the cat on (2,2).
    const loop = [0, 1, 2, 9, 8, 7];
    const s = room({ day: 6, layout: { dogLoops: [loop] }, cats: [{ tile: tileAt(2, 2) }] });
    expect(dozeVsRests(s)).toEqual({ spent: 3, equal: true });
  });
  it('a lit cat is about to fall out of the light', () => {
    const s = room({ cats: [{ tile: tileAt(3, 0), settled: 2 }] });
    const r = dozeVsRests(s);
    expect(r).toEqual({ spent: 3, equal: true });
  });
  it('a cloud begins', () => {
    const s = room({ day: 4, layout: { clouds: [2] }, cats: [{ tile: dark }] });
    expect(dozeVsRests(s)).toEqual({ spent: 2, equal: true });
  });
  it('a cloud ends', () => {
    const s = room({ day: 4, turn: 2, layout: { clouds: [2] }, cats: [{ tile: dark }] });
    expect(dozeVsRests(s)).toEqual({ spent: 1, equal: true });
  });
  it('a cat on the band-lit hearth is about to lose the band (cap 6 -> 3), as the document reads (issue 17)', () => {
    // North window, hearth on (3, 0): column 0 is lit on turns 0-2, then the hearth is only warm (cap 3).
    const s = room({ layout: { hearth: tileAt(3, 0) }, cats: [{ tile: tileAt(3, 0), settled: 2 }] });
    expect(dozeVsRests(s)).toEqual({ spent: 3, equal: true });
    const after = cloneState(s);
    doze(after);
    expect(dozeStop(after)).toBe('light');
    expect(after.turn).toBe(3);
  });
  it('the cases issue 17 found: seed 328 (MOVE 1 -> 1, DOZE) spends 2 turns, seed 4 (MOVE 1 -> 35, REST, DOZE) 1', async () => {
    const game = await loadSunloaf();
    const play = (seed: number, actions: object[]) => {
      let r = game.init(seed) as { state: State };
      let spent = 0;
      for (const a of actions) {
        const next = game.act(r.state, a);
        if (!next.ok) throw new Error(next.reason);
        spent = next.state.turn - r.state.turn;
        r = next;
      }
      return spent;
    };
    expect(play(328, [{ type: 'MOVE', cat: 1, tile: 1 }, { type: 'DOZE' }])).toBe(2);
    expect(play(4, [{ type: 'MOVE', cat: 1, tile: 35 }, { type: 'REST' }, { type: 'DOZE' }])).toBe(1);
  });
  it('stops at the end of the day', () => {
    const s = room({ turn: 19, cats: [{ tile: dark }] });
    expect(dozeVsRests(s)).toEqual({ spent: 2, equal: true });
    const a = cloneState(s);
    doze(a);
    expect(a.phase).toBe('sunset');
  });
});

describe('DOZE equals the same number of RESTs in every case', () => {
  it('over random play of many seeds: identical states, and it stopped exactly when a test fired', async () => {
    const game = await loadSunloaf();
    const sim = game.createSim();
    const stream = new Stream(9, streamId('sunloaf-doze-test'));
    let checked = 0;
    const spentHistogram = [0, 0, 0, 0, 0];
    for (let seed = 0; seed < 150; seed++) {
      sim.reset(seed);
      for (let step = 0; step < 120 && !sim.gameOver(); step++) {
        const s = sim.state as State;
        if (s.phase === 'day') {
          const r = dozeVsRests(s);
          expect(r.equal).toBe(true);
          spentHistogram[r.spent]!++;
          // The stop was due: a test fired after the last REST (or the day ended or 4 were spent), and none before.
          const probe = cloneState(s);
          for (let k = 1; k <= r.spent; k++) {
            rest(probe);
            const fired = probe.phase !== 'day' || dozeStop(probe) !== null;
            if (k < r.spent) expect(fired).toBe(false);
            else expect(fired || k === 4).toBe(true);
          }
          checked++;
        }
        const legal = sim.legalActions();
        const pick = legal[stream.below(legal.length)]!;
        sim.stepTrusted(pick.type === 'END_RUN' ? { type: 'REST' } : pick);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // Every length 1..4 occurs.
    expect(spentHistogram.slice(1).every((n) => n > 0)).toBe(true);
  });
});
