// The typed wrappers over the kernel (src/generator.ts): a cell's i32 encoding (assembly/constants.ts: bit 0 a hold,
// then 2-bit kind, breaths, cracks and ice fields) read back as the state's hold, every kind and every ice; the row
// mask the same holds as the row; and rows still read right after the kernel's memory grows (a grown WebAssembly
// memory detaches every view taken on it before).
import { describe, expect, it } from 'vitest';
import * as K from '../assembly/constants.ts';
import { createWall, decodeCell } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';

const encode = (kind: number, breaths: number, cracks: number, ice: number) =>
  1 | (kind << K.CELL_KIND_SHIFT) | (breaths << K.CELL_BREATHS_SHIFT) | (cracks << K.CELL_CRACKS_SHIFT) | (ice << K.CELL_ICE_SHIFT);

describe('decodeCell', () => {
  it('bare rock is 0; every kind and ice level and the breath and crack counts read back', () => {
    expect(decodeCell(0)).toBeNull();
    expect(decodeCell(encode(K.KIND_JUG, 2, 0, K.ICE_DRY))).toEqual({ kind: 'jug', breaths: 2, cracks: 0, ice: 'dry' });
    expect(decodeCell(encode(K.KIND_PLAIN, 0, 3, K.ICE_FROSTING))).toEqual({ kind: 'plain', breaths: 0, cracks: 3, ice: 'frosting' });
    expect(decodeCell(encode(K.KIND_CRIMP, 0, 1, K.ICE_ICY))).toEqual({ kind: 'crimp', breaths: 0, cracks: 1, ice: 'icy' });
  });
});

describe('the wall over the kernel', () => {
  it('rowMask has a bit exactly for each column of the generated row that holds a hold', async () => {
    const wall = createWall(await loadKernel('wasm'));
    for (const seed of [1, 7, 2026])
      for (let row = 0; row < 60; row++) {
        const cells = wall.row(seed, row).cells;
        const mask = cells.reduce((m, c, i) => (c ? m | (1 << i) : m), 0);
        expect(wall.rowMask(seed, row), `seed ${seed} row ${row}`).toBe(mask);
      }
  });
  it('rows read the same after the kernel memory grows', async () => {
    const kernel = await loadKernel('wasm');
    const wall = createWall(kernel);
    const before = [3, 15, 127].map((row) => wall.row(99, row));
    (kernel.memory as WebAssembly.Memory).grow(1);
    expect([3, 15, 127].map((row) => wall.row(99, row))).toEqual(before);
  });
});
