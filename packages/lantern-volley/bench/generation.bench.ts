// Layout generation CPU per layout, median and max per wave and overall, over seeds 1..N (SEEDS, default 1000) x
// waves 1..8 (best of REPEAT, default 3), on the WASM kernel (KERNEL=js for its JavaScript build). Issue 14: no init
// or action may cost more than 5 ms of CPU, and generating the next wave's layout is the heavy part of a clear.
// Usage: tsx bench/generation.bench.ts
import { FlightSim } from '../src/flight.ts';
import { loadKernel } from '../src/kernel.ts';
import { generationCost, printGeneration } from './generation-cost.ts';

const SEEDS = Number(process.env.SEEDS ?? 1000);
const REPEAT = Number(process.env.REPEAT ?? 3);
const kind = process.env.KERNEL === 'js' ? 'js' : 'wasm';
const sim = new FlightSim(await loadKernel(kind));
console.log(`layout generation, seeds 1..${SEEDS}, ${kind} kernel, CPU ms per layout (best of ${REPEAT})`);
printGeneration(generationCost(sim, SEEDS, REPEAT));
