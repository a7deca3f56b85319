// cloneState is how act keeps its promise that a refusal, and any step, changes nothing the caller holds: the clone
// shares no list or row with the original, and holds are values (the rules never change one in place, they put
// another in its cell: holdOf), so stepping the clone in place never reaches the caller's state.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { createRules } from '../src/index.ts';
import { loadKernel } from '../src/kernel.ts';
import { greedyPolicy, randomPolicy } from '../src/policies.ts';
import { type CragState, cloneState, type Hold, holdOf } from '../src/state.ts';
import { craft, hold, setCell } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

const holdsOf = (s: CragState): Hold[] => s.band.flatMap((r) => r.cells.filter((c): c is Hold => c !== null));

describe('cloneState', () => {
  it('is equal to the original and shares none of its lists or rows', () => {
    const s = craft(wall, { highPoint: 75, row: 75, col: 2, pitch: 8 });
    s.gusts = { now: [1, 4], next: [2] };
    s.rockfall = { now: 3, next: null };
    setCell(s, 76, 2, hold('jug', { breaths: 2, cracks: 1 }));
    const before = JSON.stringify(s);
    const c = cloneState(s);
    expect(c).toEqual(s);
    c.gusts.now.push(5);
    c.gusts.next.pop();
    c.rockfall.now = null;
    c.band[0]!.cells[0] = null;
    c.band.find((r) => r.row === 76)!.cells[2] = holdOf('plain', 0, 0, 'icy');
    c.band[1]!.overhang = !c.band[1]!.overhang;
    c.band.pop();
    expect(JSON.stringify(s)).toBe(before);
  });

  it('over greedy and random play every hold is a shared frozen value, and stepping a clone never changes the original', () => {
    const rules = createRules(wall);
    // What the rules did to holds, counted so the test fails if play never exercised one of them.
    const seen = { breath: 0, crack: 0, ice: 0, sweptJug: 0 };
    // Greedy play climbs into the pitches with rockfall and frost; random play spends jugs and cracks early.
    for (let seed = 1; seed <= 24; seed++) {
      const s = rules.init(seed);
      const policy = (seed % 3 === 0 ? randomPolicy : greedyPolicy)(seed);
      for (let t = 0; t < 600 && !rules.gameOver(s); t++) {
        for (const h of holdsOf(s)) {
          expect(Object.isFrozen(h)).toBe(true);
          expect(holdOf(h.kind, h.breaths, h.cracks, h.ice)).toBe(h);
        }
        const legal = rules.legalActions(s);
        const a = policy.decide(s, legal);
        const before = JSON.stringify(s);
        const next = cloneState(s);
        rules.apply(next, a);
        expect(JSON.stringify(s)).toBe(before);
        // Compare the holds cell by cell (same rows, by row number) to name what changed.
        for (const r of next.band) {
          const old = s.band.find((x) => x.row === r.row);
          if (!old || old.fogged || r.fogged) continue;
          r.cells.forEach((h, c) => {
            const was = old.cells[c];
            if (!h || !was || h === was) return;
            if (h.breaths < was.breaths && was.kind === 'jug' && h.kind === 'jug') seen.breath++;
            if (h.cracks < was.cracks) seen.crack++;
            if (h.ice !== was.ice) seen.ice++;
            if (was.kind === 'jug' && h.kind === 'plain') seen.sweptJug++;
          });
        }
        rules.apply(s, a);
        expect(JSON.stringify(s)).toBe(JSON.stringify(next));
      }
    }
    expect(seen.breath).toBeGreaterThan(0);
    expect(seen.crack).toBeGreaterThan(0);
    expect(seen.ice).toBeGreaterThan(0);
    expect(seen.sweptJug).toBeGreaterThan(0);
  }, 60_000);
});
