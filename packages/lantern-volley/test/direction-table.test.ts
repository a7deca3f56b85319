// The direction table is data: generated once, checked in, and verified here three ways.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANGLE_COUNT, directionOf, directionTableSource, FIRST_TENTH } from '../scripts/direction-table-source.ts';
import { loadKernel } from '../src/kernel.ts';

// pi to 80 digits, for an exact evaluation independent of the platform's Math.cos/Math.sin.
const PI_DIGITS = '314159265358979323846264338327950288419716939937510582097494459230781640628620899';
const SCALE = 10n ** 70n;
const PI = (BigInt(PI_DIGITS) * SCALE) / 10n ** BigInt(PI_DIGITS.length - 1);

/** cos and sin of `tenths` / 10 degrees as fixed-point BigInts (value * 10^70), by Taylor series. */
function exactCosSin(tenths: number): [bigint, bigint] {
  const x = (PI * BigInt(tenths)) / 1800n;
  const x2 = (x * x) / SCALE;
  let cos = 0n;
  let sin = 0n;
  let c = SCALE;
  let s = x;
  for (let n = 0; n < 60; n++) {
    cos += c;
    sin += s;
    c = -(c * x2) / SCALE / BigInt((2 * n + 1) * (2 * n + 2));
    s = -(s * x2) / SCALE / BigInt((2 * n + 2) * (2 * n + 3));
  }
  return [cos, sin];
}

/** Round-half-up of value * 1e9 to an integer, and how far value * 1e9 is from the nearest half (in units of 1). */
function round9Exact(v: bigint): { m: bigint; margin: number } {
  const scaled = v * 10n ** 9n;
  const floor = scaled >= 0n ? scaled / SCALE : -((-scaled + SCALE - 1n) / SCALE);
  const frac = scaled - floor * SCALE; // in [0, SCALE)
  const m = frac * 2n >= SCALE ? floor + 1n : floor;
  const half = SCALE / 2n;
  const distance = frac > half ? frac - half : half - frac;
  return { m, margin: Number((distance * 1_000_000n) / SCALE) / 1_000_000 };
}

describe('direction table', () => {
  it('the checked-in assembly/direction-table.ts is exactly what the generator writes', () => {
    const file = readFileSync(new URL('../assembly/direction-table.ts', import.meta.url), 'utf8');
    expect(file).toBe(directionTableSource());
    expect(file.match(/deg$/gm)).toHaveLength(1501);
  });

  it('every component is the correctly rounded exact value (so no platform trigonometry leaks in)', () => {
    let smallestMargin = 1;
    for (let i = 0; i < ANGLE_COUNT; i++) {
      const tenths = FIRST_TENTH + i;
      const [x, y] = directionOf(tenths);
      const [cos, sin] = exactCosSin(tenths);
      const rx = round9Exact(cos);
      const ry = round9Exact(-sin);
      expect(x).toBe(Number(rx.m) / 1e9);
      expect(y).toBe(Number(ry.m) / 1e9);
      smallestMargin = Math.min(smallestMargin, rx.margin, ry.margin);
    }
    // Every exact value sits well away from a rounding half, so any libm accurate to a few ulps agrees.
    expect(smallestMargin).toBeGreaterThan(1e-4);
  });

  it.each(['wasm', 'js'] as const)('the %s kernel reads the same 1,501 vectors', async (kind) => {
    const k = await loadKernel(kind);
    for (let i = 0; i < ANGLE_COUNT; i++) {
      const [x, y] = directionOf(FIRST_TENTH + i);
      expect(k.directionX(i)).toBe(x);
      expect(k.directionY(i)).toBe(y);
    }
    expect([k.directionX(0), k.directionY(0)]).toEqual([0.965925826, -0.258819045]);
    expect([k.directionX(750), k.directionY(750)]).toEqual([0, -1]);
    expect([k.directionX(1500), k.directionY(1500)]).toEqual([-0.965925826, -0.258819045]);
  });
});
