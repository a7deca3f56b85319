// The points the design document leaves open (spec.decisions), each pinned by a test.
import { beforeAll, describe, expect, it } from 'vitest';
import { visibleTop } from '../src/band.ts';
import { createWall, type Wall } from '../src/generator.ts';
import { createGame } from '../src/index.ts';
import { loadKernel } from '../src/kernel.ts';
import { apply, initState, legalActions } from '../src/rules.ts';
import { floorRow } from '../src/state.ts';
import { cell, craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

describe('the band', () => {
  it('near row 0 it is rows 0..9, fog above the high point + 6', () => {
    const s = initState(wall, 3);
    expect(s.band.map((r) => r.row)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(s.band.map((r) => r.fogged)).toEqual([false, false, false, false, false, false, false, true, true, true]);
    expect(s.band[9]!.cells).toEqual([null, null, null, null, null, null]);
  });
  it('is always exactly 10 rows from max(0, highPoint - 3); with foresight 3 the top rows are fog', () => {
    const s = craft(wall, { highPoint: 325, row: 325, col: 2, pitch: 33 });
    expect(wall.difficulty(33).foresight).toBe(3);
    expect(s.band.map((r) => r.row)).toEqual([322, 323, 324, 325, 326, 327, 328, 329, 330, 331]);
    expect(s.band.filter((r) => r.fogged).map((r) => r.row)).toEqual([329, 330, 331]);
    expect(visibleTop(wall, s)).toBe(328);
  });
  it('when a completed pitch has less foresight, rows beyond it fog again, and come back exactly as generated', () => {
    // Pitch 25 has foresight 5, pitch 26 has 4.
    expect([wall.difficulty(25).foresight, wall.difficulty(26).foresight]).toEqual([5, 4]);
    const s = craft(wall, { highPoint: 249, row: 249, col: 2, pitch: 25 });
    const row255 = JSON.stringify(wall.row(s.seed, 255));
    expect(s.band.find((r) => r.row === 254)!.fogged).toBe(false);
    apply(wall, s, { type: 'move', row: 250, col: 2 });
    expect(s.phase).toBe('atLedge');
    expect(s.band.filter((r) => r.fogged).map((r) => r.row)).toEqual([255, 256]);
    apply(wall, s, { type: 'climbOn' });
    const up = legalActions(s).find((a) => a.type === 'move' && a.row === 251);
    expect(up).toBeDefined();
    apply(wall, s, up!);
    expect(s.highPoint).toBe(251);
    expect(JSON.stringify(s.band.find((r) => r.row === 255))).toBe(row255);
  });
  it('the floor is the higher of the band bottom and the pitch ledge; rows under it stay visible', () => {
    const s = craft(wall, { highPoint: 11, row: 11, col: 2, pitch: 2 });
    expect(floorRow(s)).toBe(10);
    expect(s.band[0]!.row).toBe(8);
    const t = craft(wall, { highPoint: 17, row: 15, col: 2, pitch: 2 });
    expect(floorRow(t)).toBe(14);
  });
});

describe('tank and refill', () => {
  it('a completed pitch refills to the tank of the next pitch', () => {
    const s = craft(wall, { highPoint: 39, row: 39, col: 2, pitch: 4, stamina: 5 });
    apply(wall, s, { type: 'move', row: 40, col: 2 });
    expect(s.tank).toBe(23);
    expect(s.stamina).toBe(23);
    const t = craft(wall, { highPoint: 129, row: 129, col: 2, pitch: 13, stamina: 5 });
    apply(wall, t, { type: 'move', row: 130, col: 2 });
    expect([t.pitch, t.tank, t.stamina]).toEqual([14, wall.difficulty(14).tank, wall.difficulty(14).tank]);
  });
  it('beyond pitch 34 nothing changes but the pitch award, which keeps growing', () => {
    const s = craft(wall, { highPoint: 499, row: 499, col: 2, pitch: 50, stamina: 10 });
    expect(s.tank).toBe(15);
    const before = s.score;
    apply(wall, s, { type: 'move', row: 500, col: 2 });
    expect(s.score - before).toBe(10 + 100 * 50 + 15 * 9 + 150);
    expect(s.tank).toBe(15);
  });
});

describe('wall changes', () => {
  it('frost reaches your own cell', () => {
    const s = craft(wall, { highPoint: 75, row: 75, col: 2, pitch: 8, turn: 8 });
    setCell(s, 75, 3, hold('plain', { ice: 'icy' }));
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 75, 2)?.ice).toBe('frosting');
  });
  it('a sweep touches only rows in play: not under the floor, not above the next belay, not fogged, not ledges', () => {
    const s = craft(wall, { highPoint: 17, row: 16, col: 0, pitch: 2 });
    s.rockfall.now = 4;
    const under = JSON.stringify(cell(s, 13, 4));
    const above = JSON.stringify(cell(s, 21, 4));
    apply(wall, s, { type: 'breathe' });
    expect(JSON.stringify(cell(s, 13, 4))).toBe(under);
    expect(JSON.stringify(cell(s, 21, 4))).toBe(above);
    expect(cell(s, 20, 4)).toEqual(hold('jug'));
    expect(cell(s, 15, 4)).toEqual(hold('plain', { cracks: 1 }));
  });
  it('the repair runs after a sweep removes holds: every hold in play keeps a hold a step above', () => {
    const s = craft(wall, { highPoint: 15, row: 15, col: 0, pitch: 2 });
    for (let r = 12; r <= 19; r++) for (let c = 0; c < 6; c++) setCell(s, r, c, c === 5 ? hold('crimp') : c === 0 ? hold('plain') : null);
    setCell(s, 13, 4, hold('plain'));
    s.rockfall.now = 5;
    apply(wall, s, { type: 'breathe' });
    // Column 5 crimps are not the last in their rows (column 0 is there), so they go; (13,4) is left with
    // nothing a step above, so the repair writes a plain solid hold directly above it.
    expect(cell(s, 14, 5)).toBeNull();
    expect(cell(s, 14, 4)).toEqual(hold('plain'));
    for (let r = 12; r < 19; r++)
      for (let c = 0; c < 6; c++) {
        if (!cell(s, r, c)) continue;
        const ok = [c - 1, c, c + 1].some((x) => x >= 0 && x < 6 && cell(s, r + 1, x) !== null);
        expect(ok, `${r},${c}`).toBe(true);
      }
  });
});

describe('responses', () => {
  it('observation lists every legal move with its cost, in legalActions order, and the text shows the band', () => {
    const game = createGame(wall);
    const r = game.init(7);
    const moves = r.legalActions.filter((a) => a.type === 'move');
    expect(r.observation.moves.map((m) => ({ type: 'move', row: m.row, col: m.col }))).toEqual(moves);
    const lines = r.observation.text.split('\n');
    expect(lines.filter((l) => /^\s+\d+ \|/.test(l))).toHaveLength(10);
    expect(r.observation.text).toContain('@=');
    expect(r.spec.decisions.length).toBeGreaterThan(15);
    expect(legalActions(r.state).at(-1)).toEqual({ type: 'breathe' });
  });
  it('the served schemas name exactly the fields a state and an observation carry', () => {
    const game = createGame(wall);
    const r = game.init(9);
    const stateSchema = r.spec.stateSchema as { required: string[]; properties: Record<string, unknown> };
    expect([...stateSchema.required].sort()).toEqual(Object.keys(r.state).sort());
    expect(Object.keys(stateSchema.properties).sort()).toEqual(Object.keys(r.state).sort());
    const obsSchema = r.spec.observationSchema as { required: string[]; properties: Record<string, unknown> };
    expect([...obsSchema.required].sort()).toEqual(Object.keys(r.observation).sort());
    expect(Object.keys(obsSchema.properties).sort()).toEqual(Object.keys(r.observation).sort());
    expect(Object.keys(r.spec.legend)).toContain('@');
    expect(r.spec.rules).toContain('TURN ORDER');
  });
  it('a refusal carries the full legal list and changes nothing', () => {
    const game = createGame(wall);
    const r = game.init(7);
    const before = JSON.stringify(r.state);
    const res = game.act(r.state, { type: 'move', row: 5, col: 3 });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.reason).toBe('out_of_reach');
      expect(res.legalActions).toEqual(r.legalActions);
    }
    expect(JSON.stringify(r.state)).toBe(before);
    const junk = game.act(r.state, { type: 'jump' });
    expect(junk.ok === false && junk.reason).toBe('unknown_action');
  });
});
