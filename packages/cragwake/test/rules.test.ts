// Unit tests of the rules on hand-made positions: every cost term and its ledge exemption, every refusal
// reason and their precedence, and the turn-order cases the design document names.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { apply, legalActions, legalMoves, moveCost, Reason, refuse } from '../src/rules.ts';
import type { CragState } from '../src/state.ts';
import { cell, craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

/** A mid-pitch position on pitch 1: at (5, 2), high point 5, rows 2..11 in the band, visible to 11. */
const mid = (extra: Partial<CragState> = {}): CragState => Object.assign(craft(wall, { highPoint: 5, row: 5, col: 2 }), extra);

describe('cost terms', () => {
  it('base 1 for a jug or a plain hold, 2 for a crimp', () => {
    const s = mid();
    setCell(s, 6, 1, hold('jug', { breaths: 2 }));
    setCell(s, 6, 2, hold('plain'));
    setCell(s, 6, 3, hold('crimp'));
    expect(moveCost(s, 6, 1, false)).toBe(1);
    expect(moveCost(s, 6, 2, false)).toBe(1);
    expect(moveCost(s, 6, 3, false)).toBe(2);
  });
  it('+2 for a lunge', () => {
    const s = mid();
    expect(moveCost(s, 7, 2, true)).toBe(3);
    expect(legalMoves(s).find((m) => m.row === 7 && m.col === 2)).toEqual({ row: 7, col: 2, cost: 3, lunge: true });
  });
  it('+2 if the target is icy, nothing if it is only frosting', () => {
    const s = mid();
    setCell(s, 6, 2, hold('plain', { ice: 'icy' }));
    setCell(s, 6, 3, hold('plain', { ice: 'frosting' }));
    expect(moveCost(s, 6, 2, false)).toBe(3);
    expect(moveCost(s, 6, 3, false)).toBe(1);
  });
  it('+1 if the target row overhangs', () => {
    const s = mid();
    s.band[6 - s.band[0]!.row]!.overhang = true;
    expect(moveCost(s, 6, 2, false)).toBe(2);
    expect(moveCost(s, 5, 3, false)).toBe(1);
  });
  it('+2 if the target column gusts this turn (next turn does not count)', () => {
    const s = mid({ gusts: { now: [3], next: [2] } });
    expect(moveCost(s, 6, 3, false)).toBe(3);
    expect(moveCost(s, 6, 2, false)).toBe(1);
  });
  it('all terms together cost 9, the maximum, and the move is legal with exactly 9 stamina', () => {
    const s = mid({ gusts: { now: [2], next: [] }, stamina: 9 });
    setCell(s, 7, 2, hold('crimp', { ice: 'icy' }));
    s.band[7 - s.band[0]!.row]!.overhang = true;
    expect(moveCost(s, 7, 2, true)).toBe(9);
    expect(legalMoves(s).find((m) => m.row === 7 && m.col === 2)?.cost).toBe(9);
    s.stamina = 8;
    expect(refuse(s, { type: 'move', row: 7, col: 2 })).toMatchObject({ reason: Reason.tooCostly, cost: 9, stamina: 8 });
  });
  it('a ledge row charges none of the four extras: a gusted lunge onto the belay costs 1', () => {
    const s = craft(wall, { highPoint: 8, row: 8, col: 2 });
    s.gusts.now = [2, 3];
    s.band[10 - s.band[0]!.row]!.overhang = false;
    expect(moveCost(s, 10, 2, true)).toBe(1);
    expect(legalMoves(s).filter((m) => m.row === 10)).toEqual([
      { row: 10, col: 1, cost: 1, lunge: true },
      { row: 10, col: 2, cost: 1, lunge: true },
      { row: 10, col: 3, cost: 1, lunge: true },
    ]);
  });
  it('no listed cost is ever above 9 or above stamina', () => {
    const s = mid({ gusts: { now: [0, 1, 2, 3, 4, 5], next: [] }, stamina: 5 });
    for (let r = 4; r <= 7; r++) for (let c = 0; c < 6; c++) setCell(s, r, c, hold('crimp', { ice: 'icy' }));
    setCell(s, 5, 2, hold('plain'));
    for (const r of s.band) r.overhang = !r.fogged && r.row % 10 !== 0;
    const moves = legalMoves(s);
    for (const m of moves) expect(m.cost).toBeLessThanOrEqual(5);
    s.stamina = 24;
    for (const m of legalMoves(s)) expect(m.cost).toBeLessThanOrEqual(9);
    expect(Math.max(...legalMoves(s).map((m) => m.cost))).toBe(9);
  });
});

describe('refusal reasons', () => {
  it('out_of_reach: not a step or a lunge, your own cell, a column off the wall, three rows up, a downward lunge', () => {
    const s = mid();
    for (const [row, col] of [
      [8, 2],
      [5, 2],
      [5, 6],
      [5, -1],
      [6, 5],
      [4, 0],
      [3, 2],
      [1e12, 2],
    ] as const)
      expect(refuse(s, { type: 'move', row, col })?.reason, `${row},${col}`).toBe(Reason.outOfReach);
  });
  it('out_of_reach: above the next unclimbed belay, so from the row below it the two-row reach is not offered', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2 });
    expect(refuse(s, { type: 'move', row: 11, col: 2 })?.reason).toBe(Reason.outOfReach);
    expect(refuse(s, { type: 'move', row: 10, col: 2 })).toBeNull();
    expect(legalMoves(s).every((m) => m.row <= 10)).toBe(true);
    expect(moveCost(s, 10, 2, false)).toBe(1);
  });
  it('below_floor: under the band (high point - 3) and under the pitch ledge', () => {
    const s = craft(wall, { highPoint: 6, row: 3, col: 2 });
    expect(refuse(s, { type: 'move', row: 2, col: 2 })?.reason).toBe(Reason.belowFloor);
    const t = craft(wall, { highPoint: 11, row: 10, col: 2, pitch: 2 });
    expect(refuse(t, { type: 'move', row: 9, col: 2 })?.reason).toBe(Reason.belowFloor);
    expect(refuse(mid(), { type: 'move', row: -1e12, col: 2 })?.reason).toBe(Reason.outOfReach);
    const z = craft(wall, { highPoint: 0, row: 0, col: 3 });
    expect(refuse(z, { type: 'move', row: -1, col: 3 })?.reason).toBe(Reason.belowFloor);
  });
  it('bare_rock', () => {
    const s = mid();
    setCell(s, 6, 2, null);
    expect(refuse(s, { type: 'move', row: 6, col: 2 })?.reason).toBe(Reason.bareRock);
    expect(legalActions(s)).not.toContainEqual({ type: 'move', row: 6, col: 2 });
  });
  it('lunge_from_ice: no lunge from an icy hold (steps are fine; frosting does not stop lunges)', () => {
    const s = mid();
    setCell(s, 5, 2, hold('plain', { ice: 'icy' }));
    expect(refuse(s, { type: 'move', row: 7, col: 2 })?.reason).toBe(Reason.lungeFromIce);
    expect(refuse(s, { type: 'move', row: 5, col: 4 })?.reason).toBe(Reason.lungeFromIce);
    expect(refuse(s, { type: 'move', row: 6, col: 2 })).toBeNull();
    expect(legalMoves(s).every((m) => !m.lunge)).toBe(true);
    setCell(s, 5, 2, hold('plain', { ice: 'frosting' }));
    expect(refuse(s, { type: 'move', row: 7, col: 2 })).toBeNull();
  });
  it('too_costly carries the cost and the stamina', () => {
    const s = mid({ stamina: 2 });
    setCell(s, 6, 2, hold('crimp', { ice: 'icy' }));
    expect(refuse(s, { type: 'move', row: 6, col: 2 })).toMatchObject({ reason: Reason.tooCostly, cost: 4, stamina: 2 });
  });
  it('wrong_phase: moves and breaths at a ledge, climbOn/endRun while climbing, anything once over', () => {
    const s = mid();
    expect(refuse(s, { type: 'climbOn' })?.reason).toBe(Reason.wrongPhase);
    expect(refuse(s, { type: 'endRun' })?.reason).toBe(Reason.wrongPhase);
    s.phase = 'atLedge';
    expect(refuse(s, { type: 'breathe' })?.reason).toBe(Reason.wrongPhase);
    expect(refuse(s, { type: 'move', row: 6, col: 2 })?.reason).toBe(Reason.wrongPhase);
    expect(legalActions(s)).toEqual([{ type: 'climbOn' }, { type: 'endRun' }]);
    s.phase = 'over';
    for (const a of [{ type: 'breathe' }, { type: 'climbOn' }, { type: 'endRun' }, { type: 'move', row: 6, col: 2 }] as const)
      expect(refuse(s, a)?.reason).toBe(Reason.wrongPhase);
    expect(legalActions(s)).toEqual([]);
  });
  it('precedence: out_of_reach > below_floor > bare_rock > lunge_from_ice > too_costly', () => {
    // On the pitch-2 ledge (row 10) with the band reaching down to row 8: rows 8 and 9 are shown, under the floor.
    const a = craft(wall, { highPoint: 11, row: 10, col: 2, pitch: 2, stamina: 1 });
    setCell(a, 9, 2, null);
    setCell(a, 8, 2, null);
    expect(refuse(a, { type: 'move', row: 8, col: 2 })?.reason).toBe(Reason.outOfReach);
    expect(refuse(a, { type: 'move', row: 9, col: 2 })?.reason).toBe(Reason.belowFloor);
    // On an icy hold with 1 stamina: a bare lunge target is bare_rock; a costly lunge is lunge_from_ice.
    const b = mid({ stamina: 1 });
    setCell(b, 5, 2, hold('plain', { ice: 'icy' }));
    setCell(b, 7, 2, null);
    setCell(b, 7, 3, hold('crimp', { ice: 'icy' }));
    expect(refuse(b, { type: 'move', row: 7, col: 2 })?.reason).toBe(Reason.bareRock);
    expect(refuse(b, { type: 'move', row: 7, col: 3 })?.reason).toBe(Reason.lungeFromIce);
    setCell(b, 6, 2, hold('crimp'));
    expect(refuse(b, { type: 'move', row: 6, col: 2 })?.reason).toBe(Reason.tooCostly);
  });
  it('legalActions is exactly the set refuse accepts, over every cell within 3 rows', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const s = craft(wall, { seed, highPoint: 6, row: 5, col: seed % 6, stamina: 1 + (seed % 9) });
      for (let r = 3; r <= 9; r++) for (let c = 0; c < 6; c++) if ((seed + r * c) % 3 === 0) setCell(s, r, c, null);
      setCell(s, 5, seed % 6, hold(seed % 2 ? 'jug' : 'crimp', { ice: seed % 4 === 0 ? 'icy' : 'dry' }));
      s.gusts.now = [seed % 6];
      const legal = legalActions(s);
      const accepted: unknown[] = [];
      for (let r = 1; r <= 10; r++)
        for (let c = -1; c <= 6; c++)
          if (refuse(s, { type: 'move', row: r, col: c }) === null) accepted.push({ type: 'move', row: r, col: c });
      accepted.push({ type: 'breathe' });
      expect(new Set(legal.map((a) => JSON.stringify(a)))).toEqual(new Set(accepted.map((a) => JSON.stringify(a))));
    }
  });
});

describe('turn order', () => {
  it('landing on the belay with exactly 0 stamina completes the pitch and refills (stamina bonus 0, pitch dipped)', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 1, turn: 30 });
    s.rockfall.now = 2;
    apply(wall, s, { type: 'move', row: 10, col: 2 });
    expect(s.phase).toBe('atLedge');
    expect(s.pitch).toBe(2);
    expect(s.stamina).toBe(wall.difficulty(2).tank);
    expect(s.tank).toBe(wall.difficulty(2).tank);
    expect(s.score).toBe(10 * 10 + 100 * 1 + 0);
    expect(s.cleanStreak).toBe(0);
    expect(s.pitchDipped).toBe(false);
    // The completing move stops there: no sweep, no spindrift, no turn advance.
    expect(s.turn).toBe(30);
    expect(s.spindrift).toBe(0);
  });
  it('a clean pitch pays 100n + 15 per stamina left + 150 x streak, streak payment capped at 6', () => {
    const s = craft(wall, { highPoint: 39, row: 39, col: 2, stamina: 10, pitch: 4 });
    s.cleanStreak = 6;
    const before = s.score;
    apply(wall, s, { type: 'move', row: 40, col: 2 });
    expect(s.score - before).toBe(10 + 400 + 15 * 9 + 150 * 6);
    expect(s.cleanStreak).toBe(7);
    const t = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 10 });
    apply(wall, t, { type: 'move', row: 10, col: 2 });
    expect(t.score).toBe(100 + 100 + 15 * 9 + 150);
  });
  it('a dip (stamina 3 or below after paying) resets the streak and pays no clean award', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 4 });
    s.cleanStreak = 3;
    apply(wall, s, { type: 'move', row: 10, col: 2 });
    expect(s.cleanStreak).toBe(0);
    expect(s.score).toBe(100 + 100 + 15 * 3);
  });
  it('spindrift counts as a dip', () => {
    const s = mid({ stamina: 8, rockfall: { now: 2, next: null } });
    apply(wall, s, { type: 'breathe' });
    expect(s.stamina).toBe(3);
    expect(s.pitchDipped).toBe(true);
  });
  it('spindrift costs 4 and leaves your cell unchanged; the rest of the column is swept', () => {
    const s = mid({ stamina: 20, rockfall: { now: 2, next: null } });
    setCell(s, 5, 2, hold('crimp', { cracks: 1 }));
    setCell(s, 6, 2, hold('jug', { breaths: 2 }));
    setCell(s, 7, 2, hold('plain'));
    setCell(s, 4, 2, hold('crimp'));
    apply(wall, s, { type: 'breathe' });
    expect(s.stamina).toBe(20 - 1 - 4);
    expect(s.spindrift).toBe(1);
    expect(cell(s, 5, 2)).toEqual(hold('crimp', { cracks: 1 }));
    expect(cell(s, 6, 2)).toEqual(hold('plain'));
    expect(cell(s, 7, 2)).toEqual(hold('plain', { cracks: 1 }));
    expect(cell(s, 4, 2)).toBeNull();
    expect(s.turn).toBe(1);
  });
  it('a sweep removes a cracked jug, but not the last hold in its row; ledges and other columns are untouched', () => {
    const s = craft(wall, { highPoint: 8, row: 8, col: 0 });
    s.rockfall.now = 3;
    setCell(s, 9, 3, hold('jug', { breaths: 2, cracks: 2 }));
    for (let c = 0; c < 6; c++) setCell(s, 6, c, c === 3 ? hold('crimp') : null);
    for (let c = 0; c < 6; c++) setCell(s, 5, c, c === 0 ? hold('plain') : c === 3 ? hold('plain', { cracks: 2 }) : hold('plain'));
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 9, 3)).toBeNull();
    expect(cell(s, 6, 3)).toEqual(hold('crimp'));
    expect(cell(s, 10, 3)).toEqual(hold('jug'));
    expect(cell(s, 9, 2)).toEqual(hold('plain'));
    expect(s.spindrift).toBe(0);
  });
  it('no spindrift on a ledge row', () => {
    const s = craft(wall, { highPoint: 10, row: 10, col: 2, pitch: 2 });
    s.rockfall.now = 2;
    const before = s.stamina;
    apply(wall, s, { type: 'breathe' });
    expect(s.spindrift).toBe(0);
    expect(s.stamina).toBe(before - 1);
  });
  it('a crack is spent when you leave, not when you arrive, stand or breathe; at 0 the hold is gone', () => {
    const s = mid();
    setCell(s, 6, 2, hold('jug', { breaths: 2, cracks: 2 }));
    apply(wall, s, { type: 'move', row: 6, col: 2 });
    expect(cell(s, 6, 2)?.cracks).toBe(2);
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 6, 2)).toEqual(hold('jug', { breaths: 1, cracks: 2 }));
    apply(wall, s, { type: 'move', row: 6, col: 3 });
    expect(cell(s, 6, 2)?.cracks).toBe(1);
    apply(wall, s, { type: 'move', row: 6, col: 2 });
    apply(wall, s, { type: 'move', row: 7, col: 2 });
    expect(cell(s, 6, 2)).toBeNull();
  });
  it('lunging off a cracked hold destroys it whatever its cracks say', () => {
    const s = mid();
    setCell(s, 5, 2, hold('plain', { cracks: 3 }));
    apply(wall, s, { type: 'move', row: 7, col: 2 });
    expect(cell(s, 5, 2)).toBeNull();
  });
  it('the repair writes a plain solid hold above a hold left with nothing within a step', () => {
    const s = mid();
    for (let c = 0; c < 6; c++) setCell(s, 7, c, c === 1 ? hold('plain', { cracks: 1 }) : null);
    for (let c = 0; c < 6; c++) setCell(s, 6, c, c === 1 ? hold('plain') : null);
    s.row = 7;
    s.col = 1;
    s.highPoint = 7;
    setCell(s, 8, 0, hold('plain'));
    for (let c = 1; c < 6; c++) setCell(s, 8, c, null);
    // Leaving (7,1) breaks it: (6,1) has nothing within a step above, so (7,1) is written plain and solid.
    apply(wall, s, { type: 'move', row: 8, col: 0 });
    expect(cell(s, 7, 1)).toEqual(hold('plain'));
  });
  it('frosting becomes icy only on a creep turn; dry holds next to already-icy ones start frosting', () => {
    const s = craft(wall, { highPoint: 75, row: 75, col: 0, pitch: 8 });
    expect(wall.difficulty(8).frostEvery).toBe(9);
    setCell(s, 74, 3, hold('plain', { ice: 'frosting' }));
    setCell(s, 76, 3, hold('plain', { ice: 'icy' }));
    s.turn = 0;
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 74, 3)?.ice).toBe('frosting');
    expect(cell(s, 76, 2)?.ice).toBe('dry');
    s.turn = 8; // (8 + 1) % 9 === 0: the creep fires at the end of this turn
    apply(wall, s, { type: 'breathe' });
    expect(cell(s, 74, 3)?.ice).toBe('icy');
    for (const [r, c] of [
      [76, 2],
      [76, 4],
      [77, 3],
      [75, 3],
    ] as const)
      expect(cell(s, r, c)?.ice, `${r},${c}`).toBe('frosting');
    // Next to the hold that only just turned icy: still dry (it was not ALREADY icy).
    expect(cell(s, 74, 2)?.ice).toBe('dry');
    expect(cell(s, 73, 3)?.ice).toBe('dry');
    // Diagonal: dry.
    expect(cell(s, 77, 4)?.ice).toBe('dry');
  });
  it('breathing: +4 on a jug with breaths, +2 on an overhang, capped at the tank; -1 on a spent jug and on a ledge', () => {
    const s = mid({ stamina: 10 });
    setCell(s, 5, 2, hold('jug', { breaths: 2 }));
    apply(wall, s, { type: 'breathe' });
    expect(s.stamina).toBe(14);
    expect(cell(s, 5, 2)?.breaths).toBe(1);
    s.band[5 - s.band[0]!.row]!.overhang = true;
    apply(wall, s, { type: 'breathe' });
    expect(s.stamina).toBe(16);
    expect(cell(s, 5, 2)?.breaths).toBe(0);
    apply(wall, s, { type: 'breathe' });
    expect(s.stamina).toBe(15);
    const t = mid({ stamina: 22 });
    setCell(t, 5, 2, hold('jug', { breaths: 2 }));
    apply(wall, t, { type: 'breathe' });
    expect(t.stamina).toBe(24);
    expect(cell(t, 5, 2)?.breaths).toBe(1);
    const z = craft(wall, { highPoint: 0, row: 0, col: 3 });
    apply(wall, z, { type: 'breathe' });
    expect(z.stamina).toBe(23);
    expect(z.turn).toBe(1);
  });
  it('stamina reaching 0 ends the run (exhausted); breathing stays legal down to the last point', () => {
    const s = mid({ stamina: 1 });
    expect(legalActions(s)).toContainEqual({ type: 'breathe' });
    apply(wall, s, { type: 'breathe' });
    expect(s.phase).toBe('over');
    expect(s.ending).toBe('exhausted');
    expect(legalActions(s)).toEqual([]);
  });
  it('climbOn and endRun change neither score, stamina, turn nor wall', () => {
    const s = craft(wall, { highPoint: 9, row: 9, col: 2, stamina: 12, turn: 40 });
    apply(wall, s, { type: 'move', row: 10, col: 2 });
    const snapshot = JSON.stringify({ ...s, phase: null });
    const a = structuredClone(s);
    apply(wall, a, { type: 'climbOn' });
    expect(a.phase).toBe('climbing');
    expect(JSON.stringify({ ...a, phase: null })).toBe(snapshot);
    const b = structuredClone(s);
    apply(wall, b, { type: 'endRun' });
    expect(b.phase).toBe('over');
    expect(b.ending).toBe('ended');
    expect(JSON.stringify({ ...b, phase: null, ending: null })).toBe(JSON.stringify({ ...s, phase: null, ending: null }));
  });
  it('height pays 10 per row above the previous high point, once', () => {
    const s = mid();
    apply(wall, s, { type: 'move', row: 7, col: 2 });
    expect(s.score).toBe(70);
    apply(wall, s, { type: 'move', row: 6, col: 2 });
    apply(wall, s, { type: 'move', row: 7, col: 2 });
    expect(s.score).toBe(70);
    apply(wall, s, { type: 'move', row: 8, col: 2 });
    expect(s.score).toBe(80);
  });
});
