// Small, allocation-light validators for parseState/parseAction. Each returns an error message or null,
// so a game can name exactly what is wrong with a forged or corrupted state.

export type Check = string | null;

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An integer in [min, max] (inclusive). */
export function int(v: unknown, name: string, min: number, max: number): Check {
  if (typeof v !== 'number' || !Number.isInteger(v)) return `${name} must be an integer`;
  if (v < min || v > max) return `${name} must be between ${min} and ${max}, got ${v}`;
  return null;
}

/** A finite number in [min, max]. */
export function num(v: unknown, name: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): Check {
  if (typeof v !== 'number' || !Number.isFinite(v)) return `${name} must be a finite number`;
  if (v < min || v > max) return `${name} must be between ${min} and ${max}, got ${v}`;
  return null;
}

export function bool(v: unknown, name: string): Check {
  return typeof v === 'boolean' ? null : `${name} must be a boolean`;
}

export function oneOf<T extends string>(v: unknown, name: string, options: readonly T[]): Check {
  return typeof v === 'string' && (options as readonly string[]).includes(v) ? null : `${name} must be one of ${options.join(', ')}`;
}

export function array(v: unknown, name: string, minLength = 0, maxLength = 1_000_000): Check {
  if (!Array.isArray(v)) return `${name} must be an array`;
  if (v.length < minLength || v.length > maxLength) return `${name} must have ${minLength} to ${maxLength} items, got ${v.length}`;
  return null;
}

/** The object has exactly these keys (no missing, no extra). */
export function exactKeys(v: unknown, name: string, keys: readonly string[]): Check {
  if (!isRecord(v)) return `${name} must be an object`;
  for (const k of keys) if (!(k in v)) return `${name}.${k} is missing`;
  for (const k of Object.keys(v)) if (!keys.includes(k)) return `${name}.${k} is not a field of ${name}`;
  return null;
}

/** The first non-null message, for chaining checks: firstError(int(...), bool(...)). */
export function firstError(...checks: Check[]): Check {
  for (const c of checks) if (c !== null) return c;
  return null;
}
