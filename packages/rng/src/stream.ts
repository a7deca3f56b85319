import { below, hash, percent, range } from './hash.ts';

/**
 * A convenience cursor over one (seed, stream): each call draws the next index. It is a plain object
 * whose whole state is (seed, stream, index), so a game can store `index` in its state and rebuild it.
 */
export class Stream {
  constructor(
    readonly seed: number,
    readonly stream: number,
    public index = 0,
  ) {}

  /** Next raw u32. */
  next(): number {
    return hash(this.seed, this.stream, this.index++);
  }

  /** Next integer in [0, n). */
  below(n: number): number {
    return below(this.seed, this.stream, this.index++, n);
  }

  /** Next integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return range(this.seed, this.stream, this.index++, lo, hi);
  }

  /** Next percent roll: true with probability pct/100. */
  percent(pct: number): boolean {
    return percent(this.seed, this.stream, this.index++, pct);
  }

  /** Shuffles `items` in place (Fisher-Yates from the top), one draw per swap. */
  shuffleInPlace<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}

/**
 * Derives a stream id from a short ASCII label (FNV-1a, 32-bit), so games can name their streams
 * ("rows", "gusts") instead of keeping a table of numbers. Labels must be ASCII.
 */
export function streamId(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Normalises any finite number to a u32 seed (wrapping, like `>>> 0`); refuses NaN and infinities. */
export function toSeed(value: number): number | null {
  if (!Number.isFinite(value) || !Number.isInteger(value)) return null;
  return value >>> 0;
}
