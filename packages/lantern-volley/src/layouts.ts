// Layouts by (seed, wave), generated on demand and memoised. Generation is a pure function, so the cache
// changes nothing but speed; it is bounded (a layout is a few kilobytes) so a server does not grow without limit.
import type { FlightSim } from './flight.ts';
import { generateLayout } from './generator.ts';
import type { Layout } from './layout.ts';
import { type AngleEffect, sweepLayout } from './sweep.ts';

const LIMIT = 4096;

export interface CachedLayout {
  layout: Layout;
  /** Draws used by the generator (more than MAX_ATTEMPTS = the fallback layout). */
  attempts: number;
}

export class LayoutCache {
  private readonly entries = new Map<string, CachedLayout>();
  constructor(readonly sim: FlightSim) {}

  get(seed: number, wave: number): CachedLayout {
    const key = `${seed}:${wave}`;
    let g = this.entries.get(key);
    if (!g) {
      if (this.entries.size >= LIMIT) this.entries.delete(this.entries.keys().next().value as string);
      const { layout, attempts } = generateLayout(seed, wave, this.sim);
      g = { layout, attempts };
      this.entries.set(key, g);
    }
    return g;
  }

  /** Forgets every layout (benchmarks measure generation from a cold cache). */
  clear(): void {
    this.entries.clear();
  }

  /** What each of the 1,501 angles does in this wave (a fresh sweep, not cached: bots keep what they need). */
  effects(seed: number, wave: number): AngleEffect[] {
    return sweepLayout(this.sim, this.get(seed, wave).layout);
  }
}
