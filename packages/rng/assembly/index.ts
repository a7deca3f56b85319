// Counter-based hash RNG: every draw is a pure function of (seed, stream, index).
// The algorithm is specified in packages/rng/README.md; src/hash.ts is its TypeScript twin,
// and the differential test proves both (and the JavaScript build of this module) bit-identical.

// lowbias32 finalizer (Chris Wellons' hash-prospector): full avalanche on 32 bits.
function mix(x: u32): u32 {
  x ^= x >>> 16;
  x *= 0x21f0aaad;
  x ^= x >>> 15;
  x *= 0x735a2d97;
  x ^= x >>> 15;
  return x;
}

/** One u32 draw: the `index`-th value of stream `stream` under `seed`. */
export function hash(seed: u32, stream: u32, index: u32): u32 {
  let h = mix(seed ^ 0x9e3779b9);
  h = mix(h ^ (stream * 0x85ebca6b) ^ 0x5bd1e995);
  h = mix(h ^ (index * 0xc2b2ae35) ^ 0x27d4eb2f);
  return h;
}

/** Uniform integer in [0, n) for 1 <= n <= 2^31, by the high word of a 32x32-bit product (Lemire, no rejection). */
export function below(seed: u32, stream: u32, index: u32, n: u32): u32 {
  return <u32>((<u64>hash(seed, stream, index) * <u64>n) >>> 32);
}

/** Uniform integer in [lo, hi] inclusive. */
export function range(seed: u32, stream: u32, index: u32, lo: i32, hi: i32): i32 {
  return lo + <i32>below(seed, stream, index, <u32>(hi - lo + 1));
}

/** True with probability pct/100 (pct an integer 0..100). */
export function percent(seed: u32, stream: u32, index: u32, pct: u32): bool {
  return below(seed, stream, index, 100) < pct;
}

/** Fills `out` (n consecutive i32 in linear memory) with a permutation of 0..n-1: Fisher-Yates from the top, draw k uses index base + k. */
export function shuffleInto(out: usize, n: i32, seed: u32, stream: u32, base: u32): void {
  for (let i = 0; i < n; i++) store<i32>(out + ((<usize>i) << 2), i);
  for (let i = n - 1; i > 0; i--) {
    const j = <i32>below(seed, stream, base + <u32>(n - 1 - i), <u32>(i + 1));
    const a = load<i32>(out + ((<usize>i) << 2));
    store<i32>(out + ((<usize>i) << 2), load<i32>(out + ((<usize>j) << 2)));
    store<i32>(out + ((<usize>j) << 2), a);
  }
}

/** Bulk: writes hash(seed, stream, base + k) for k in 0..count-1 to `out` (used by tests and benchmarks). */
export function fill(out: usize, count: i32, seed: u32, stream: u32, base: u32): void {
  for (let k = 0; k < count; k++) store<u32>(out + ((<usize>k) << 2), hash(seed, stream, base + <u32>k));
}

/** Scratch space a caller can use for fill/shuffleInto: a fixed region after the static data. */
export function scratch(bytes: i32): usize {
  return heap.alloc(<usize>bytes);
}

/** XOR of hash(base + k, k, k * 31) for k in 0..count-1: every draw varies all three inputs (benchmarks, tests). */
export function checksum(count: i32, base: u32): u32 {
  let acc: u32 = 0;
  for (let k = 0; k < count; k++) acc ^= hash(base + <u32>k, <u32>k, <u32>k * 31);
  return acc;
}
