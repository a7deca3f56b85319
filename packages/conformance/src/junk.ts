// Inputs no game may accept: malformed actions and corrupted states.

const JUNK_VALUES: unknown[] = [
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  1e12,
  -1e12,
  2 ** 53,
  '',
  'x',
  true,
  {},
  [],
];

/** Actions that are malformed whatever the state: the engine must answer unknown_action. */
export function malformedActions(): Array<{ name: string; action: unknown }> {
  return [
    { name: 'null', action: null },
    { name: 'undefined', action: undefined },
    { name: 'number', action: 42 },
    { name: 'string', action: 'move' },
    { name: 'boolean', action: true },
    { name: 'empty array', action: [] },
    { name: 'empty object', action: {} },
    { name: 'unknown type', action: { type: 'no-such-action' } },
    { name: 'numeric type', action: { type: 7 } },
    { name: 'null type', action: { type: null } },
    { name: 'object type', action: { type: { type: 'x' } } },
    { name: 'prototype pollution', action: JSON.parse('{"__proto__": {"type": "x"}}') },
  ];
}

/**
 * Variants of a legal action that must be refused: the action wrapped in an array, each field removed,
 * each field replaced by junk (non-finite, huge, negative, strings, null, objects; plus v+0.5 for an integer
 * value, unless the grammar declares that field a plain `number`, where a fraction may well be legal).
 */
export function brokenVariants(action: unknown, grammar: unknown = {}): Array<{ name: string; action: unknown }> {
  if (action === null || typeof action !== 'object' || Array.isArray(action)) return [];
  const base = action as Record<string, unknown>;
  const out: Array<{ name: string; action: unknown }> = [{ name: 'wrapped in an array', action: [base] }];
  for (const key of Object.keys(base)) {
    const { [key]: _removed, ...rest } = base;
    out.push({ name: `without ${key}`, action: rest });
    if (key === 'type') continue;
    for (const junk of JUNK_VALUES) out.push({ name: `${key} = ${describe(junk)}`, action: { ...base, [key]: junk } });
    const v = base[key];
    if (typeof v === 'number' && Number.isInteger(v) && !declaredAsNumber(grammar, key))
      out.push({ name: `${key} = ${v + 0.5}`, action: { ...base, [key]: v + 0.5 } });
    if (typeof v === 'number') out.push({ name: `${key} as a string`, action: { ...base, [key]: String(v) } });
  }
  return out;
}

/** Whether any property schema named `key` in the grammar (at any depth) has `type: 'number'`. */
export function declaredAsNumber(schema: unknown, key: string): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some((s) => declaredAsNumber(s, key));
  const record = schema as Record<string, unknown>;
  const props = record.properties as Record<string, { type?: unknown }> | undefined;
  if (props && typeof props === 'object' && props[key]?.type === 'number') return true;
  return Object.values(record).some((v) => declaredAsNumber(v, key));
}

function describe(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v) ?? String(v);
}

/** Values that are not a state of any game. */
export function notAState(): Array<{ name: string; state: unknown }> {
  return [
    { name: 'null', state: null },
    { name: 'undefined', state: undefined },
    { name: 'number', state: 7 },
    { name: 'string', state: 'state' },
    { name: 'array', state: [] },
    { name: 'empty object', state: {} },
  ];
}

/** The state with each top-level key deleted in turn: every one must give invalid_state. */
export function missingKeys(state: unknown): Array<{ name: string; state: unknown }> {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return [];
  return Object.keys(state).map((key) => {
    const { [key]: _gone, ...rest } = state as Record<string, unknown>;
    return { name: `without ${key}`, state: rest };
  });
}

/**
 * The state with leaves replaced by junk, arrays truncated or padded, up to `limit` variants, walking the
 * whole tree deterministically. These must never crash the engine; most must be refused.
 */
export function corruptedLeaves(state: unknown, limit = 400): Array<{ name: string; state: unknown }> {
  const out: Array<{ name: string; state: unknown }> = [];
  const paths: Array<Array<string | number>> = [];
  const walk = (v: unknown, path: Array<string | number>) => {
    if (paths.length > limit) return;
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) {
        paths.push(path);
        v.forEach((x, i) => {
          walk(x, [...path, i]);
        });
      } else {
        for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...path, k]);
      }
    } else paths.push(path);
  };
  walk(state, []);
  const replacements: unknown[] = ['corrupt', -1e9, 1e15, 0.5, null, { nested: true }, true];
  paths.forEach((path, i) => {
    if (out.length >= limit) return;
    const target = getAt(state, path);
    if (Array.isArray(target)) {
      out.push({ name: `${path.join('.')} truncated`, state: setAt(state, path, target.slice(0, Math.floor(target.length / 2))) });
      out.push({ name: `${path.join('.')} padded`, state: setAt(state, path, [...target, target[0] ?? 0]) });
    } else {
      const junk = replacements[i % replacements.length];
      out.push({ name: `${path.join('.')} = ${JSON.stringify(junk)}`, state: setAt(state, path, junk) });
    }
  });
  return out;
}

function getAt(v: unknown, path: Array<string | number>): unknown {
  let cur = v;
  for (const p of path) cur = (cur as Record<string | number, unknown>)[p];
  return cur;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** Recursively freezes a value so any mutation by the engine throws (and shows up as internal_error). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k]);
  }
  return value;
}
