// pnpm bench: RNG throughput of the WASM kernel vs its JavaScript build (wasm2js of the same module) vs the
// TypeScript twin, measured in one run and printed as ratios. Bulk fill keeps the boundary out of the loop.
import { checksum, hash } from '../src/hash.ts';
import { loadRngJs, loadRngWasm, type RngKernel } from '../src/kernel.ts';

const CHUNK = 65_536;
const ROUNDS = 300;

function timeKernel(k: RngKernel): number {
  const p = k.scratch(CHUNK * 4);
  for (let r = 0; r < 20; r++) k.fill(p, CHUNK, r, 1, 0); // warm up: first calls run unoptimised
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) k.fill(p, CHUNK, r, 1, r * CHUNK);
  return performance.now() - t0;
}

function timeTwin(): number {
  const out = new Uint32Array(CHUNK);
  const run = (r: number) => {
    for (let i = 0; i < CHUNK; i++) out[i] = hash(r, 1, r * CHUNK + i);
  };
  for (let r = 0; r < 20; r++) run(r);
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) run(r);
  return performance.now() - t0;
}

const wasm = await loadRngWasm();
const js = loadRngJs();
const n = CHUNK * ROUNDS;
const tw = timeKernel(wasm);
const tj = timeKernel(js);
const tt = timeTwin();
const rate = (ms: number) => `${(((n / ms) * 1000) / 1e6).toFixed(1)} M draws/s`;
console.log(`rng, one (seed, stream) per bulk fill: ${n.toLocaleString('en')} draws each`);
console.log(`  wasm        ${rate(tw)}`);
console.log(`  js build    ${rate(tj)}`);
console.log(`  ts twin     ${rate(tt)}`);
console.log(`  ratio wasm/js-build ${(tj / tw).toFixed(2)}x, wasm/ts-twin ${(tt / tw).toFixed(2)}x`);

// Every input varying per draw: nothing for a JIT to hoist out of the loop.
function timeChecksum(f: (count: number, base: number) => number): number {
  for (let r = 0; r < 20; r++) f(CHUNK, r);
  const t0 = performance.now();
  let acc = 0;
  for (let r = 0; r < ROUNDS; r++) acc ^= f(CHUNK, r * CHUNK);
  if (acc === 0.5) console.log(acc);
  return performance.now() - t0;
}
const cw = timeChecksum(wasm.checksum);
const cj = timeChecksum(js.checksum);
const ct = timeChecksum(checksum);
console.log('rng, all inputs varying per draw (checksum):');
console.log(`  wasm        ${rate(cw)}`);
console.log(`  js build    ${rate(cj)}`);
console.log(`  ts twin     ${rate(ct)}`);
console.log(`  ratio wasm/js-build ${(cj / cw).toFixed(2)}x, wasm/ts-twin ${(ct / cw).toFixed(2)}x`);
