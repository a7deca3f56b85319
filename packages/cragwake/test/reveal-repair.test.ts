// "A LINE ALWAYS EXISTS": the repair also runs when a row comes into view (out of the fog or into the band). The row under it may have changed in
// play (here: it holds more than was generated), and every hold in play must keep a hold within a step above it, so
// the newly seen row gets a plain solid hold above each hold of the row below that has nothing within reach, left
// to right, each written hold counting for the next.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Wall } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { apply } from '../src/rules.ts';
import type { Cell } from '../src/state.ts';
import { cell, craft, hold } from './craft.ts';

let wall: Wall;
beforeAll(async () => {
  wall = createWall(await loadKernel('wasm'));
});

/** The document's repair of `above` against a full row below: a plain solid hold wherever c-1..c+1 above is empty. */
function repairedAboveFullRow(above: Cell[]): Cell[] {
  const out = above.slice();
  for (let c = 0; c < 6; c++) {
    const near = [c - 1, c, c + 1].some((k) => k >= 0 && k < 6 && out[k] !== null);
    if (!near) out[c] = hold('plain');
  }
  return out;
}

describe('the repair when a row comes into view', () => {
  it('writes plain holds into the revealed row above every hold of the row below left without a step', () => {
    // Pitch 13 (foresight 6, 2 to 3 holds a row): from high point 122 the band is rows 119..128; one row up it
    // moves to 120..129 and row 129 comes into view, under the belay at 130, so it is in play. Row 128 is full (craft makes every cell in play
    // plain), so any three empty columns in a row of the generated row 129 need a repair.
    let seed = 1;
    let generated: Cell[] = [];
    for (; seed < 500; seed++) {
      generated = wall.row(seed, 129).cells;
      if (repairedAboveFullRow(generated).some((c, i) => c !== generated[i])) break;
    }
    const s = craft(wall, { seed, highPoint: 122, row: 122, col: 2, pitch: 13 });
    expect(s.band.find((r) => r.row === 129)).toBeUndefined();
    apply(wall, s, { type: 'move', row: 123, col: 2 });
    const row = s.band.find((r) => r.row === 129)!;
    expect(row.fogged).toBe(false);
    const expected = repairedAboveFullRow(generated);
    expect(expected).not.toEqual(generated);
    expect(row.cells).toEqual(expected);
    expect(cell(s, 123, 2)).toEqual(hold('plain'));
  });
  it('repairs from the lowest row that came into view when a lunge brings in two', () => {
    // Two rows up from 122 the band moves to 121..130: rows 129 and 130 (the belay, a ledge) come in at once.
    let seed = 1;
    let generated: Cell[] = [];
    for (; seed < 500; seed++) {
      generated = wall.row(seed, 129).cells;
      if (repairedAboveFullRow(generated).some((c, i) => c !== generated[i])) break;
    }
    const s = craft(wall, { seed, highPoint: 122, row: 122, col: 2, pitch: 13 });
    apply(wall, s, { type: 'move', row: 124, col: 2 });
    expect(s.band.map((r) => r.row)).toEqual([121, 122, 123, 124, 125, 126, 127, 128, 129, 130]);
    expect(s.band.find((r) => r.row === 129)!.cells).toEqual(repairedAboveFullRow(generated));
  });
});
