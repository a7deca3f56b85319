/**
 * The engine's canonicalJson (keys sorted by code unit, no whitespace, undefined members dropped, -0 as 0,
 * non-finite numbers as null), written for speed: seals are computed on every action, and string
 * concatenation with cached quoted keys is several times faster than map/join. The tests prove it gives
 * the engine's exact string on edge values and on every game's states.
 */
const quotedKeys = new Map<string, string>();
const MAX_CACHED_KEYS = 4096;

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    // States have few distinct keys; a hostile body with many cannot grow the cache past its bound.
    if (quotedKeys.size < MAX_CACHED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

export function fastCanonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      // String(n) is JSON's number format for finite n (and gives "0" for -0).
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return Array.isArray(value) ? arrayJson(value) : objectJson(value as Record<string, unknown>);
    default:
      return 'null';
  }
}

function arrayJson(items: unknown[]): string {
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    out += fastCanonicalJson(items[i]);
  }
  return `${out}]`;
}

function objectJson(record: Record<string, unknown>): string {
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = record[key];
    if (item === undefined) continue;
    out += first ? '' : ',';
    out += `${quoteKey(key)}:${fastCanonicalJson(item)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * True when JSON.stringify(value) is already its canonical JSON: every object's keys, in the order
 * JSON.stringify writes them (Object.keys order), are sorted by code unit, and nothing in it serialises
 * differently from fastCanonicalJson (a function, symbol or bigint member, a toJSON method). A walk over the
 * keys, no copy: the games build their states in this order, so the sealer signs the native serialisation.
 */
export function inCanonicalOrder(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object': {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!inCanonicalOrder(value[i])) return false;
        return true;
      }
      const record = value as Record<string, unknown>;
      if (typeof record.toJSON === 'function') return false;
      const keys = Object.keys(record);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        if (i > 0 && (keys[i - 1] as string) >= key) return false;
        const item = record[key];
        // An undefined member is left out by both; in an array it is null in both.
        if (item !== undefined && !inCanonicalOrder(item)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
