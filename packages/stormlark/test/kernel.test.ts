// The kernel: WASM and its JavaScript build agree on >= 100,000 random boards (search, repair and the
// world step), the search agrees with a brute-force oracle built on the real world step, and the
// repair touches only what the spec says it may.
import { Stream, streamId } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { isSolid } from '../src/board.ts';
import { instantiateKernel, type StormlarkKernel } from '../src/kernel.ts';
import { wardenMoves } from '../src/rules.ts';
import { load, randomBoard } from './boards.ts';

let wasm: StormlarkKernel;
let js: StormlarkKernel;
beforeAll(async () => {
  wasm = await instantiateKernel('wasm');
  js = await instantiateKernel('js');
});

const equal = (a: StormlarkKernel, b: StormlarkKernel) =>
  a.board.kind.every((x, i) => x === b.board.kind[i]) &&
  a.board.hp.every((x, i) => x === b.board.hp[i]) &&
  a.board.drift.every((x, i) => x === b.board.drift[i]) &&
  a.board.id.every((x, i) => x === b.board.id[i]);

describe('WASM vs the JavaScript build of the same kernel', () => {
  it('agree on 100,000 random boards: failingColumn, repair (count and board), advance (mask and board)', () => {
    const stream = new Stream(1, streamId('stormlark-differential'));
    let mismatches = 0;
    let failing = 0;
    let repaired = 0;
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      const b = randomBoard(stream);
      load(wasm.board, b);
      load(js.board, b);
      const fw = wasm.failingColumn(b.column);
      if (fw !== js.failingColumn(b.column)) mismatches++;
      if (fw !== 0) failing++;
      const rw = wasm.repair(b.column, b.shipLane);
      if (rw !== js.repair(b.column, b.shipLane) || !equal(wasm, js)) mismatches++;
      if (rw > 0) repaired++;
      const mw = wasm.advance(b.shipLane, wardenMoves(b.column));
      if (mw !== js.advance(b.shipLane, wardenMoves(b.column)) || !equal(wasm, js)) mismatches++;
    }
    expect(mismatches).toBe(0);
    // the boards exercise both outcomes of the search
    expect(failing).toBeGreaterThan(N / 10);
    expect(repaired).toBe(failing);
  });
});

/** Brute force on the real step: try every lane sequence l1, l2, l3 (|l(i+1) - l(i)| <= 1). */
function oracle(k: StormlarkKernel, b: ReturnType<typeof randomBoard>): boolean {
  const seq = (lanes: number[]): boolean => {
    load(k.board, b);
    for (let t = 0; t < lanes.length; t++) {
      const lane = lanes[t]!;
      const swept = k.advance(lane, wardenMoves(b.column + t));
      if (swept & (1 << lane)) return false;
      if (isSolid(k.board.kind[lane]!)) return false;
    }
    return true;
  };
  for (let l1 = 0; l1 < 7; l1++)
    for (let l2 = l1 - 1; l2 <= l1 + 1; l2++)
      for (let l3 = l2 - 1; l3 <= l2 + 1; l3++) {
        if (l2 < 0 || l2 > 6 || l3 < 0 || l3 > 6) continue;
        if (seq([l1, l2, l3])) return true;
      }
  return false;
}

describe('the survivability search', () => {
  it('agrees with a brute-force oracle over the real world step on 20,000 boards', () => {
    const stream = new Stream(2, streamId('stormlark-oracle'));
    let disagreements = 0;
    let withWardens = 0;
    for (let i = 0; i < 20_000; i++) {
      const b = randomBoard(stream);
      load(wasm.board, b);
      const verdict = wasm.failingColumn(b.column) === 0;
      if (b.kind.slice(7, 28).includes(6)) withWardens++;
      if (verdict !== oracle(js, b)) disagreements++;
    }
    expect(disagreements).toBe(0);
    expect(withWardens).toBeGreaterThan(1000);
  });

  it('the repair deletes only solids in columns 1..3, ends feasible, and is idempotent', () => {
    const stream = new Stream(3, streamId('stormlark-repair'));
    for (let i = 0; i < 20_000; i++) {
      const b = randomBoard(stream);
      load(wasm.board, b);
      const deleted = wasm.repair(b.column, b.shipLane);
      expect(wasm.failingColumn(b.column)).toBe(0);
      let removed = 0;
      for (let cell = 0; cell < 70; cell++) {
        if (wasm.board.kind[cell] === b.kind[cell]) continue;
        removed++;
        expect(wasm.board.kind[cell]).toBe(0);
        expect(isSolid(b.kind[cell]!)).toBe(true);
        expect(cell >= 7 && cell < 28).toBe(true);
      }
      expect(removed).toBe(deleted);
      expect(wasm.repair(b.column, b.shipLane)).toBe(0);
    }
  });
});
