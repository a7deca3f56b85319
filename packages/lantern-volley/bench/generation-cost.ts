// Layout generation CPU per layout (process.cpuUsage, user + system) over seeds 1..N x waves 1..8. Each layout is
// generated `repeat` times and its best time kept: on a shared machine a single run picks up other processes'
// cache misses and our own GC pauses; the best of 3 is the work itself.
import type { FlightSim } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';

export const cpuMs = (f: () => void): number => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};

export function summary(xs: readonly number[]): { median: number; mean: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1]!, mean: s.reduce((a, b) => a + b, 0) / s.length, max: s[s.length - 1]! };
}

export const fmt = (x: { median: number; mean: number; max: number }, digits = 2) =>
  `median ${x.median.toFixed(digits)}  mean ${x.mean.toFixed(digits)}  max ${x.max.toFixed(digits)}`;

/** CPU ms per layout, per wave (index 0 = wave 1). */
export function generationCost(sim: FlightSim, seeds: number, repeat = 3): number[][] {
  for (let seed = 1000; seed < 1010; seed++) generateLayout(seed, 8, sim); // warm-up
  const perWave: number[][] = [];
  for (let wave = 1; wave <= 8; wave++) {
    const xs: number[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      let best = Number.POSITIVE_INFINITY;
      for (let r = 0; r < repeat; r++)
        best = Math.min(
          best,
          cpuMs(() => generateLayout(seed, wave, sim)),
        );
      xs.push(best);
    }
    perWave.push(xs);
  }
  return perWave;
}

export function printGeneration(perWave: number[][]): void {
  for (let i = 0; i < perWave.length; i++) console.log(`  wave ${i + 1}: ${fmt(summary(perWave[i]!))}`);
  const all = perWave.flat();
  console.log(`  all:    ${fmt(summary(all))}`);
  for (const limit of [2, 3, 4, 5]) console.log(`  layouts over ${limit} ms: ${all.filter((x) => x > limit).length} of ${all.length}`);
}
