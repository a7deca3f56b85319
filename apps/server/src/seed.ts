import { randomInt } from 'node:crypto';
import { toSeed } from '@hearth/rng';

export type SeedResult = { ok: true; seed: number } | { ok: false; message: string };

/**
 * The `seed` query parameter: absent means a fresh seed from the OS's CSPRNG; present, it must be a
 * decimal integer within +-(2^53 - 1), normalised to u32 by wrapping (x >>> 0), as every adapter does.
 */
export function parseSeedParam(raw: string | undefined): SeedResult {
  if (raw === undefined) return { ok: true, seed: randomInt(0, 2 ** 32) };
  return parseSeedValue(/^-?\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN);
}

export function parseSeedValue(value: unknown): SeedResult {
  const n = typeof value === 'number' && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? toSeed(value) : null;
  if (n === null) return { ok: false, message: 'seed must be an integer between -(2^53 - 1) and 2^53 - 1 (normalised to u32 by wrapping)' };
  return { ok: true, seed: n };
}
