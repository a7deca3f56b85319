// The wall kernel: the difficulty table, the repair, generated rows, and the WASM build against its
// JavaScript build (wasm2js of the same module) on over 100,000 (seed, row) pairs.
import { hash } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWall, type Difficulty, Param, type Wall } from '../src/generator.ts';
import { type CragKernel, loadKernel } from '../src/kernel.ts';

let wasm: CragKernel;
let js: CragKernel;
let wall: Wall;
beforeAll(async () => {
  wasm = await loadKernel('wasm');
  js = await loadKernel('js');
  wall = createWall(wasm);
});

// The design document's table, transcribed independently of the kernel's.
const DOC: Record<number, Difficulty> = {
  1: row(24, 4, 5, 34, 2, 0, 0, 0, 0, 0, 0, 0, 0, 6),
  5: row(23, 4, 5, 26, 2, 12, 8, 12, 0, 0, 1, 5, 0, 6),
  8: row(22, 3, 4, 20, 2, 21, 20, 24, 6, 9, 1, 5, 16, 6),
  13: row(20, 2, 3, 12, 1, 36, 28, 40, 14, 7, 2, 4, 11, 6),
  22: row(17, 2, 3, 12, 1, 50, 28, 40, 14, 4, 3, 2, 5, 5),
  34: row(15, 2, 3, 12, 1, 50, 28, 40, 14, 4, 3, 2, 5, 3),
};
function row(...v: number[]): Difficulty {
  const names = Object.keys(Param) as Array<keyof typeof Param>;
  return Object.fromEntries(names.map((n, i) => [n, v[i]])) as Difficulty;
}

describe('difficulty', () => {
  it('passes through every point of the table and holds at pitch 34 forever', () => {
    for (const [p, d] of Object.entries(DOC)) expect(wall.difficulty(Number(p)), `pitch ${p}`).toEqual(d);
    for (const p of [35, 36, 50, 100, 1000, 100000]) expect(wall.difficulty(p)).toEqual(DOC[34]);
    for (const p of [35, 1000])
      for (const name of Object.keys(Param))
        expect(wasm.difficulty(Param[name as keyof typeof Param], p)).toBe(DOC[34]![name as keyof Difficulty]);
  });
  it('interpolates linearly between table pitches, rounding half up, monotone between neighbours', () => {
    // tank 24 -> 23 over pitches 1..5: 24 - 0.25k rounds to 24, 24 (23.5 rounds up), 23, 23.
    expect([1, 2, 3, 4, 5].map((p) => wall.difficulty(p).tank)).toEqual([24, 24, 24, 23, 23]);
    // foresight 5 -> 3 over 22..34: 4.5 at 25 rounds up to 5, 3.5 at 31 rounds up to 4.
    expect([22, 25, 26, 31, 32, 34].map((p) => wall.difficulty(p).foresight)).toEqual([5, 5, 4, 4, 3, 3]);
    const points = [1, 5, 8, 13, 22, 34];
    for (const name of Object.keys(Param) as Array<keyof Difficulty>)
      for (let i = 0; i + 1 < points.length; i++)
        for (let p = points[i]!; p < points[i + 1]!; p++) {
          const a = wall.difficulty(p)[name];
          const b = wall.difficulty(p + 1)[name];
          const lo = Math.min(DOC[points[i]!]![name], DOC[points[i + 1]!]![name]);
          const hi = Math.max(DOC[points[i]!]![name], DOC[points[i + 1]!]![name]);
          expect(a >= lo && a <= hi && b >= lo && b <= hi, `${name} at ${p}`).toBe(true);
        }
  });
  it('schedules are off until their first non-zero table pitch', () => {
    for (let p = 1; p < 5; p++) expect([wall.difficulty(p).gustColumns, wall.difficulty(p).gustEvery]).toEqual([0, 0]);
    for (let p = 1; p < 8; p++) expect([wall.difficulty(p).frostEvery, wall.difficulty(p).sweepEvery]).toEqual([0, 0]);
    expect(wall.difficulty(9).frostEvery).toBe(9);
    expect(wall.difficulty(12).sweepEvery).toBe(12);
  });
  it('foresight never drops below 3, so every legal target (at most 2 rows up) is out of the fog', () => {
    for (let p = 1; p <= 40; p++) expect(wall.difficulty(p).foresight).toBeGreaterThanOrEqual(3);
  });
});

describe('repair', () => {
  it('writes directly above a hold with nothing within a step in the row above, in ascending order', () => {
    expect(wasm.repairColumns(0b000001, 0)).toBe(0b000001);
    expect(wasm.repairColumns(0b000101, 0)).toBe(0b000101);
    expect(wasm.repairColumns(0b000101, 0b000010)).toBe(0);
    expect(wasm.repairColumns(0b100000, 0b001000)).toBe(0b100000);
    expect(wasm.repairColumns(0b111111, 0b010010)).toBe(0);
    expect(wasm.repairColumns(0b111111, 0)).toBe(0b010101);
    expect(wasm.repairColumns(0, 0)).toBe(0);
  });
  it('generated rows keep a line: every hold has a hold within a step above it (2,000 seeds x 3 pitches of rows)', () => {
    let holds = 0;
    for (let k = 0; k < 2000; k++) {
      const seed = hash(99, 1, k);
      let below = wall.rowMask(seed, 0);
      for (let r = 1; r <= 30; r++) {
        const above = wall.rowMask(seed, r);
        expect(wasm.repairColumns(below, above), `seed ${seed} row ${r}`).toBe(0);
        below = above;
        holds++;
      }
    }
    expect(holds).toBe(60000);
  });
});

describe('generated rows', () => {
  it('ledges are six dry jugs with no breaths and no overhang', () => {
    for (const r of [0, 10, 20, 340, 10000]) {
      const g = wall.row(12345, r);
      expect(g.overhang).toBe(false);
      expect(g.cells).toEqual(Array(6).fill({ kind: 'jug', breaths: 0, cracks: 0, ice: 'dry' }));
    }
  });
  it('rows follow the pitch difficulty (hold counts, breaths, no crimps/cracks/ice/overhang on pitch 1)', () => {
    for (let k = 0; k < 300; k++) {
      const seed = hash(5, 5, k);
      for (let r = 1; r < 10; r++) {
        const g = wall.row(seed, r);
        const holds = g.cells.filter((c) => c !== null);
        expect(holds.length).toBeGreaterThanOrEqual(4);
        expect(holds.length).toBeLessThanOrEqual(6);
        expect(g.overhang).toBe(false);
        for (const h of holds) {
          expect(h!.kind === 'crimp' || h!.cracks > 0 || h!.ice !== 'dry').toBe(false);
          expect(h!.breaths).toBe(h!.kind === 'jug' ? 2 : 0);
        }
      }
      for (let r = 341; r < 350; r++) {
        const g = wall.row(seed, r);
        for (const h of g.cells) if (h) expect(h.ice === 'frosting').toBe(false);
        const n = g.cells.filter((c) => c !== null).length;
        expect(n).toBeGreaterThanOrEqual(2);
      }
    }
  });
  it('the hold mix over many rows is near the table percentages (pitch 13)', () => {
    let holds = 0;
    let jugs = 0;
    let crimps = 0;
    let cracked = 0;
    let icy = 0;
    let overhang = 0;
    let rows = 0;
    for (let k = 0; k < 3000; k++) {
      for (let r = 121; r < 130; r++) {
        const g = wall.row(hash(6, 6, k), r);
        rows++;
        if (g.overhang) overhang++;
        for (const h of g.cells) {
          if (!h) continue;
          holds++;
          if (h.kind === 'jug') jugs++;
          if (h.kind === 'crimp') crimps++;
          if (h.cracks > 0) cracked++;
          if (h.ice === 'icy') icy++;
        }
      }
    }
    // Repair holds (plain, solid, dry) dilute the drawn percentages slightly; allow for it.
    expect(jugs / holds).toBeGreaterThan(0.09);
    expect(jugs / holds).toBeLessThan(0.13);
    expect(crimps / holds).toBeGreaterThan(0.28);
    expect(crimps / holds).toBeLessThan(0.37);
    expect(cracked / holds).toBeGreaterThan(0.22);
    expect(cracked / holds).toBeLessThan(0.29);
    expect(icy / holds).toBeGreaterThan(0.1);
    expect(icy / holds).toBeLessThan(0.15);
    expect(overhang / rows).toBeGreaterThan(0.37);
    expect(overhang / rows).toBeLessThan(0.43);
  });
  it('is a pure function of (seed, row): order of generation and the memo do not matter', () => {
    const seed = 777;
    const forward = Array.from({ length: 40 }, (_, r) => JSON.stringify(wall.row(seed, r)));
    for (let r = 39; r >= 0; r--) {
      wall.row(seed + 1, r + 3);
      expect(JSON.stringify(wall.row(seed, r))).toBe(forward[r]);
    }
  });
});

describe('gusts and rockfall', () => {
  it('fire on the scheduled turns only, with the right number of distinct columns', () => {
    const seed = 4242;
    for (let t = 0; t < 200; t++) {
      expect(wall.gusts(seed, t, 1)).toEqual([]);
      expect(wall.rockfall(seed, t, 1)).toBeNull();
      const g5 = wall.gusts(seed, t, 5);
      expect(g5.length).toBe((t + 1) % 5 === 0 ? 1 : 0);
      const g22 = wall.gusts(seed, t, 22);
      expect(g22.length).toBe((t + 1) % 2 === 0 ? 3 : 0);
      expect(new Set(g22).size).toBe(g22.length);
      const r = wall.rockfall(seed, t, 13);
      expect(r === null).toBe((t + 1) % 11 !== 0);
      if (r !== null) expect(r >= 0 && r < 6).toBe(true);
    }
  });
  it('spread over all columns', () => {
    const seen = new Set<number>();
    for (let t = 4; t < 400; t += 5) seen.add(wall.rockfall(9, t, 40)!);
    expect(seen).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });
});

describe('WASM and its JavaScript build agree', () => {
  const N = 120_000;
  it(`row content on ${N.toLocaleString('en')} (seed, row) pairs, memoised and cold`, () => {
    const pw = wasm.rowBuffer();
    const pj = js.rowBuffer();
    let mismatches = 0;
    let pairs = 0;
    for (let k = 0; pairs < N; k++) {
      const seed = k < 4 ? [0, 1, 0x7fffffff, 0xffffffff][k]! : hash(0xc0ffee, 7, k);
      const start = k % 3 === 0 ? 0 : hash(0xc0ffee, 8, k) % 100000;
      // A run of consecutive rows (the memo path) then a few random ones (the cold path).
      for (let i = 0; i < 12; i++, pairs++) {
        const r = i < 9 ? start + i : hash(seed, 9, i) % 1000000;
        if (wasm.generateRow(seed, r) !== js.generateRow(seed, r)) mismatches++;
        const a = new Int32Array(wasm.memory.buffer, pw, 7);
        const b = new Int32Array(js.memory.buffer, pj, 7);
        for (let c = 0; c < 7; c++) if (a[c] !== b[c]) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    expect(pairs).toBeGreaterThanOrEqual(100_000);
  });
  it('bulk checksums, difficulty, gusts, rockfall and repair agree', () => {
    for (let k = 0; k < 200; k++) {
      const seed = hash(1, 2, k);
      expect(wasm.generateRowsChecksum(seed, k * 37, 50) >>> 0).toBe(js.generateRowsChecksum(seed, k * 37, 50) >>> 0);
    }
    for (let p = -2; p <= 60; p++) for (let i = 0; i < 14; i++) expect(wasm.difficulty(i, p)).toBe(js.difficulty(i, p));
    for (let t = 0; t < 5000; t++) {
      const seed = hash(3, 4, t);
      const cols = 1 + (t % 3);
      const every = 1 + (t % 6);
      expect(wasm.gustMask(seed, t, cols, every)).toBe(js.gustMask(seed, t, cols, every));
      expect(wasm.rockfallColumn(seed, t, every)).toBe(js.rockfallColumn(seed, t, every));
    }
    for (let a = 0; a < 64; a++) for (let b = 0; b < 64; b++) expect(wasm.repairColumns(a, b)).toBe(js.repairColumns(a, b));
  });
  it('cold generation equals memoised generation', () => {
    for (let k = 0; k < 300; k++) {
      const seed = hash(8, 8, k);
      const warm: number[][] = [];
      for (let r = 0; r < 25; r++) {
        wasm.generateRow(seed, r);
        warm.push(Array.from(new Int32Array(wasm.memory.buffer, wasm.rowBuffer(), 7)));
      }
      for (let r = 24; r >= 0; r--) {
        wasm.forgetMemo();
        wasm.generateRow(seed, r);
        expect(Array.from(new Int32Array(wasm.memory.buffer, wasm.rowBuffer(), 7))).toEqual(warm[r]);
      }
    }
  });
});
