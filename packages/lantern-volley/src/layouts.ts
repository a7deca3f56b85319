// Layouts by (seed, wave), generated on demand and memoised. Generation is a pure function, so the cache
// changes nothing but speed; it is bounded so a long-running server does not grow without limit.
import type { FlightSim } from './flight.ts';
import { type GeneratedLayout, generateLayout } from './generator.ts';

const LIMIT = 2048;

export class LayoutCache {
  private readonly entries = new Map<string, GeneratedLayout>();
  constructor(readonly sim: FlightSim) {}

  get(seed: number, wave: number): GeneratedLayout {
    const key = `${seed}:${wave}`;
    let g = this.entries.get(key);
    if (!g) {
      if (this.entries.size >= LIMIT) this.entries.delete(this.entries.keys().next().value as string);
      g = generateLayout(seed, wave, this.sim);
      this.entries.set(key, g);
    }
    return g;
  }
}
