// Every kind of step event with its exact details, on hand-made positions (README "step events"; the pinned games of
// events.test.ts never meet a gust, a crack, a sweep, spindrift, frost, a dip or an ending): the order they happen
// in, the points (height 10 per row; a pitch 100n + 15 per stamina on arrival), the stamina changes (a breath -1 or
// +4 capped at the tank, spindrift 4), and the three endings.
import { newStepReport, type StepEvent } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { apply, type CragAction } from '../src/rules.ts';
import type { CragState } from '../src/state.ts';
import { craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

const events = (s: CragState, a: CragAction): StepEvent[] => {
  const report = newStepReport();
  apply(wall, s, a, report);
  return report.events;
};
const mid = (extra: Partial<CragState> = {}): CragState => Object.assign(craft(wall, { highPoint: 5, row: 5, col: 2 }), extra);

describe('a move', () => {
  it('a gusted step off a cracked hold: climb, gust, hold_cracked, height, then the sweep', () => {
    const s = mid({ stamina: 20, gusts: { now: [3], next: [] }, rockfall: { now: 0, next: null } });
    setCell(s, 5, 2, hold('plain', { cracks: 2 }));
    expect(events(s, { type: 'move', row: 6, col: 3 })).toEqual([
      { kind: 'climb', from: [5, 2], row: 6, col: 3, cost: 3 },
      { kind: 'gust', col: 3 },
      { kind: 'hold_cracked', row: 5, col: 2, left: 1 },
      { kind: 'height', row: 6, points: 10 },
      { kind: 'sweep', col: 0 },
    ]);
  });
  it('a lunge off a cracked hold breaks it; no height below the high point; a gust elsewhere is no event', () => {
    const s = mid({ stamina: 20, gusts: { now: [4], next: [] } });
    setCell(s, 5, 2, hold('plain', { cracks: 3 }));
    expect(events(s, { type: 'move', row: 7, col: 2 })).toEqual([
      { kind: 'lunge', from: [5, 2], row: 7, col: 2, cost: 3 },
      { kind: 'hold_broken', row: 5, col: 2 },
      { kind: 'height', row: 7, points: 20 },
    ]);
    expect(events(s, { type: 'move', row: 6, col: 2 })).toEqual([{ kind: 'climb', from: [7, 2], row: 6, col: 2, cost: 1 }]);
  });
  it('a gusted column costs nothing extra on a ledge row, so no gust event there', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 12 });
    s.gusts.now = [2];
    expect(events(s, { type: 'move', row: 10, col: 2 }).slice(0, 2)).toEqual([
      { kind: 'climb', from: [9, 2], row: 10, col: 2, cost: 1 },
      { kind: 'height', row: 10, points: 10 },
    ]);
  });
});

describe('a pitch', () => {
  it('completed after a dip: pitch_dipped, pitch_complete 100n + 15 per stamina, streak_reset, stamina_refilled', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 4 });
    s.cleanStreak = 2;
    expect(events(s, { type: 'move', row: 10, col: 2 })).toEqual([
      { kind: 'climb', from: [9, 2], row: 10, col: 2, cost: 1 },
      { kind: 'height', row: 10, points: 10 },
      { kind: 'pitch_dipped', stamina: 3 },
      { kind: 'pitch_complete', pitch: 1, stamina: 3, points: 145 },
      { kind: 'streak_reset', from: 2 },
      { kind: 'stamina_refilled', stamina: 24 },
    ]);
    expect(events(s, { type: 'climbOn' })).toEqual([{ kind: 'climb_on', pitch: 2 }]);
  });
  it('a dip with no streak to lose resets nothing, and a pitch dips once', () => {
    const s = craft(wall, { highPoint: 8, row: 8, col: 2, stamina: 5 });
    expect(events(s, { type: 'move', row: 9, col: 2 })).toEqual([
      { kind: 'climb', from: [8, 2], row: 9, col: 2, cost: 1 },
      { kind: 'height', row: 9, points: 10 },
    ]);
    expect(events(s, { type: 'breathe' })).toEqual([
      { kind: 'breath', row: 9, col: 2, stamina: -1 },
      { kind: 'pitch_dipped', stamina: 3 },
    ]);
    expect(events(s, { type: 'move', row: 10, col: 2 })).toEqual([
      { kind: 'climb', from: [9, 2], row: 10, col: 2, cost: 1 },
      { kind: 'height', row: 10, points: 10 },
      { kind: 'pitch_complete', pitch: 1, stamina: 2, points: 130 },
      { kind: 'stamina_refilled', stamina: 24 },
    ]);
    expect(events(s, { type: 'endRun' })).toEqual([{ kind: 'run_ended', ending: 'ended' }]);
  });
});

describe('a breath and the end of the turn', () => {
  it('+4 on a jug, capped at the tank', () => {
    const s = mid({ stamina: 10 });
    setCell(s, 5, 2, hold('jug', { breaths: 2 }));
    expect(events(s, { type: 'breathe' })).toEqual([{ kind: 'breath', row: 5, col: 2, stamina: 4 }]);
    s.stamina = 22;
    expect(events(s, { type: 'breathe' })).toEqual([{ kind: 'breath', row: 5, col: 2, stamina: 2 }]);
  });
  it('spindrift: sweep, spindrift -4, the dip, and the run ends exhausted', () => {
    const s = mid({ stamina: 5, rockfall: { now: 2, next: null } });
    expect(events(s, { type: 'breathe' })).toEqual([
      { kind: 'breath', row: 5, col: 2, stamina: -1 },
      { kind: 'sweep', col: 2 },
      { kind: 'spindrift', row: 5, col: 2, stamina: -4 },
      { kind: 'pitch_dipped', stamina: 0 },
      { kind: 'run_ended', ending: 'exhausted' },
    ]);
  });
  it('no affordable move left: the run ends noMove', () => {
    const s = mid({ stamina: 2 });
    for (let r = 4; r <= 7; r++) for (let c = 0; c < 6; c++) setCell(s, r, c, hold('crimp', { ice: 'icy' }));
    setCell(s, 5, 2, hold('plain'));
    expect(events(s, { type: 'breathe' })).toEqual([
      { kind: 'breath', row: 5, col: 2, stamina: -1 },
      { kind: 'pitch_dipped', stamina: 1 },
      { kind: 'run_ended', ending: 'noMove' },
    ]);
  });
  it('frost lists every hold whose ice moved, lowest row first; a creep turn that moves nothing lists none', () => {
    const s = craft(wall, { highPoint: 78, row: 78, col: 3, pitch: 8 });
    setCell(s, 77, 0, hold('plain', { ice: 'icy' }));
    setCell(s, 79, 4, hold('plain', { ice: 'frosting' }));
    s.turn = 8;
    expect(events(s, { type: 'breathe' })).toEqual([
      { kind: 'breath', row: 78, col: 3, stamina: -1 },
      {
        kind: 'frost',
        cells: [
          [76, 0],
          [77, 1],
          [78, 0],
          [79, 4],
        ],
      },
    ]);
    const t = craft(wall, { highPoint: 78, row: 78, col: 3, pitch: 8 });
    t.turn = 17;
    expect(events(t, { type: 'breathe' })).toEqual([
      { kind: 'breath', row: 78, col: 3, stamina: -1 },
      { kind: 'frost', cells: [] },
    ]);
  });
});
