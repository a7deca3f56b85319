import type { JsonSchema } from '@hearth/engine';

/**
 * Makes a value that satisfies a (simple) JSON Schema: const, enum, oneOf/anyOf, object with properties
 * and required, integer and number with minimum/maximum, boolean, string. Used for the worked example
 * in the docs when a game's legalActions is empty by design, and by the API tests to play such games.
 * `pick(n)` chooses an index in [0, n) and `fraction()` a number in [0, 1); the defaults take the middle.
 */
export interface Chooser {
  pick(n: number): number;
  fraction(): number;
}

const middle: Chooser = { pick: () => 0, fraction: () => 0.5 };

export function sampleFromSchema(schema: JsonSchema, chooser: Chooser = middle): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[chooser.pick(schema.enum.length)];
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    // A variant inherits the parent's keywords (e.g. "type": "object" written once at the top).
    const { oneOf: _o, anyOf: _a, ...base } = schema;
    return sampleFromSchema({ ...base, ...(variants[chooser.pick(variants.length)] as JsonSchema) }, chooser);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (type === 'object' || properties) {
    const out: Record<string, unknown> = {};
    const required = new Set((schema.required as string[] | undefined) ?? Object.keys(properties ?? {}));
    for (const [key, sub] of Object.entries(properties ?? {})) if (required.has(key)) out[key] = sampleFromSchema(sub, chooser);
    return out;
  }
  if (type === 'integer' || type === 'number') {
    const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
    const exclusiveLo = num('minimum') === undefined && num('exclusiveMinimum') !== undefined;
    const exclusiveHi = num('maximum') === undefined && num('exclusiveMaximum') !== undefined;
    const lo = num('minimum') ?? num('exclusiveMinimum') ?? 0;
    const hi = num('maximum') ?? num('exclusiveMaximum') ?? lo + 100;
    const x = lo + chooser.fraction() * (hi - lo);
    // Integers step by 1 and numbers by 0.1, kept inside the bounds (strictly, for exclusive ones).
    const scale = type === 'integer' ? 1 : 10;
    let k = Math.round(x * scale);
    const kLo = exclusiveLo ? Math.floor(lo * scale) + 1 : Math.ceil(lo * scale);
    const kHi = exclusiveHi ? Math.ceil(hi * scale) - 1 : Math.floor(hi * scale);
    k = Math.min(kHi, Math.max(kLo, k));
    return k / scale;
  }
  if (type === 'boolean') return chooser.pick(2) === 1;
  if (type === 'string') return '';
  if (type === 'array') return [];
  return null;
}
