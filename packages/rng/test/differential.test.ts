import { beforeAll, describe, expect, it } from 'vitest';
import { below, checksum, hash, percent, range, shuffle } from '../src/hash.ts';
import { loadRngJs, loadRngWasm, type RngKernel } from '../src/kernel.ts';

// Inputs cover the edges (0, 2^31, 2^32-1) and a spread drawn from the RNG itself, so a change to
// either side of the algorithm shows up as a mismatch here.
const EDGES = [0, 1, 2, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
const N = 1_000_000;

let wasm: RngKernel;
let js: RngKernel;
beforeAll(async () => {
  wasm = await loadRngWasm();
  js = loadRngJs();
});

describe('RNG: WASM, its JavaScript build and the TypeScript twin are bit-identical', () => {
  it(`hash agrees on ${N.toLocaleString('en')} inputs (bulk fill through linear memory)`, () => {
    const chunk = 4096;
    const pw = wasm.scratch(chunk * 4);
    const pj = js.scratch(chunk * 4);
    let checked = 0;
    let mismatches = 0;
    for (let c = 0; checked < N; c++) {
      const seed = c < EDGES.length ? (EDGES[c] as number) : hash(0xc0ffee, 1, c);
      const stream = hash(0xc0ffee, 2, c) % 97;
      const base = c % 3 === 0 ? 0xffffffff - 1000 : hash(0xc0ffee, 3, c);
      wasm.fill(pw, chunk, seed, stream, base);
      js.fill(pj, chunk, seed, stream, base);
      const a = new Uint32Array(wasm.memory.buffer, pw, chunk);
      const b = new Uint32Array(js.memory.buffer, pj, chunk);
      for (let k = 0; k < chunk; k++) {
        const t = hash(seed, stream, (base + k) >>> 0);
        if (a[k] !== t || b[k] !== t) mismatches++;
      }
      checked += chunk;
    }
    expect(mismatches).toBe(0);
    expect(checked).toBeGreaterThanOrEqual(N);
  });

  it('scalar exports agree on edges and 200,000 mixed calls (below, range, percent)', () => {
    let mismatches = 0;
    for (let i = 0; i < 200_000; i++) {
      const seed = i < EDGES.length ? (EDGES[i] as number) : hash(7, 10, i);
      const stream = hash(7, 11, i);
      const index = hash(7, 12, i);
      const t = hash(seed, stream, index);
      if (wasm.hash(seed, stream, index) >>> 0 !== t || js.hash(seed, stream, index) >>> 0 !== t) mismatches++;
      const n = 1 + (hash(7, 13, i) % (i % 5 === 0 ? 0x7fffffff : 1000));
      const b = below(seed, stream, index, n);
      if (wasm.below(seed, stream, index, n) >>> 0 !== b || js.below(seed, stream, index, n) >>> 0 !== b) mismatches++;
      if (b < 0 || b >= n) mismatches++;
      const lo = (hash(7, 14, i) % 2001) - 1000;
      const hi = lo + (hash(7, 15, i) % 500);
      const r = range(seed, stream, index, lo, hi);
      if (wasm.range(seed, stream, index, lo, hi) !== r || js.range(seed, stream, index, lo, hi) !== r) mismatches++;
      const pct = hash(7, 16, i) % 101;
      const p = percent(seed, stream, index, pct) ? 1 : 0;
      if (wasm.percent(seed, stream, index, pct) !== p || js.percent(seed, stream, index, pct) !== p) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('checksum (every input varying) agrees over 300,000 more draws', () => {
    for (const base of [0, 12345, 0xfffff000]) {
      const t = checksum(100_000, base);
      expect(wasm.checksum(100_000, base) >>> 0).toBe(t);
      expect(js.checksum(100_000, base) >>> 0).toBe(t);
    }
  });

  it('shuffle agrees for sizes 1..64', () => {
    for (let n = 1; n <= 64; n++) {
      const pw = wasm.scratch(n * 4);
      const pj = js.scratch(n * 4);
      wasm.shuffleInto(pw, n, 99, 5, n * 1000);
      js.shuffleInto(pj, n, 99, 5, n * 1000);
      const t = shuffle(n, 99, 5, n * 1000);
      expect(Array.from(new Int32Array(wasm.memory.buffer, pw, n))).toEqual(t);
      expect(Array.from(new Int32Array(js.memory.buffer, pj, n))).toEqual(t);
      expect([...t].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });
});
