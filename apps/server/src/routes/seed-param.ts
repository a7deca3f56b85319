import { randomInt } from 'node:crypto';
import { parseSeedText, type SeedParse } from '@hearth/rng';

/**
 * The `seed` query parameter: absent means a fresh seed from the OS's CSPRNG; present, it follows the one seed rule
 * of every surface (@hearth/rng parseSeedText: a decimal integer within +-(2^53 - 1), wrapped to u32).
 */
export function parseSeedParam(raw: string | undefined): SeedParse {
  if (raw === undefined) return { ok: true, seed: randomInt(0, 2 ** 32) };
  return parseSeedText(raw);
}
