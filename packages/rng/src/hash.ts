// The TypeScript twin of assembly/index.ts, line for line. The algorithm is specified in ../README.md;
// test/differential.test.ts proves this file, the WASM build and the JavaScript build bit-identical.

/** lowbias32 finalizer: full avalanche on 32 bits. */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}

/** One u32 draw: the `index`-th value of stream `stream` under `seed`. All three are taken modulo 2^32. */
export function hash(seed: number, stream: number, index: number): number {
  let h = mix((seed ^ 0x9e3779b9) >>> 0);
  h = mix(h ^ Math.imul(stream, 0x85ebca6b) ^ 0x5bd1e995);
  h = mix(h ^ Math.imul(index, 0xc2b2ae35) ^ 0x27d4eb2f);
  return h;
}

/** Uniform integer in [0, n) for 1 <= n <= 2^31: floor(hash * n / 2^32), exact in doubles because the product is below 2^53. */
export function below(seed: number, stream: number, index: number, n: number): number {
  return Math.floor((hash(seed, stream, index) * n) / 4294967296);
}

/** Uniform integer in [lo, hi] inclusive. */
export function range(seed: number, stream: number, index: number, lo: number, hi: number): number {
  return lo + below(seed, stream, index, hi - lo + 1);
}

/** True with probability pct/100 (pct an integer 0..100). */
export function percent(seed: number, stream: number, index: number, pct: number): boolean {
  return below(seed, stream, index, 100) < pct;
}

/** A permutation of 0..n-1: Fisher-Yates from the top, the k-th swap drawing index base + k. */
export function shuffle(n: number, seed: number, stream: number, base: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i);
  for (let i = n - 1; i > 0; i--) {
    const j = below(seed, stream, base + (n - 1 - i), i + 1);
    const a = out[i] as number;
    out[i] = out[j] as number;
    out[j] = a;
  }
  return out;
}

/** Shuffles `items` (a copy) with the same permutation as `shuffle(items.length, ...)`. */
export function shuffled<T>(items: readonly T[], seed: number, stream: number, base: number): T[] {
  return shuffle(items.length, seed, stream, base).map((i) => items[i] as T);
}

/** XOR of hash(base + k, k, k * 31) for k in 0..count-1 (the twin of the kernel's checksum). */
export function checksum(count: number, base: number): number {
  let acc = 0;
  for (let k = 0; k < count; k++) acc ^= hash((base + k) >>> 0, k, Math.imul(k, 31));
  return acc >>> 0;
}
