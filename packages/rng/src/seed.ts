// The one seed rule of every surface (HTTP API, web page, MCP, CLI): an integer within +-(2^53 - 1), normalised to
// a u32 by wrapping (toSeed, like `x >>> 0`), so -1 is 4294967295 everywhere. Text must be plain decimal digits.
import { toSeed } from './stream.ts';

export type SeedParse = { ok: true; seed: number } | { ok: false; message: string };

export const SEED_RULE = 'seed must be an integer between -(2^53 - 1) and 2^53 - 1 (normalised to u32 by wrapping)';

/** A number given as a seed (JSON bodies, tool arguments). */
export function parseSeedNumber(value: unknown): SeedParse {
  const seed = typeof value === 'number' && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? toSeed(value) : null;
  return seed === null ? { ok: false, message: SEED_RULE } : { ok: true, seed };
}

/** A seed written as text (a query parameter, a form field): optional minus sign and at most 16 decimal digits. */
export function parseSeedText(text: string): SeedParse {
  return parseSeedNumber(/^-?\d{1,16}$/.test(text) ? Number(text) : Number.NaN);
}
