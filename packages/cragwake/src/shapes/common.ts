// Building blocks of Cragwake's shapes (TypeBox: one declaration gives the served JSON Schema, the TypeScript
// type and the compiled shape check), and the first shape error of a value as a message naming the field.
import { type TProperties, type TSchema, Type } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';

export const Int = (minimum: number, maximum?: number, description?: string) =>
  Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), ...(description ? { description } : {}) });

/** One of a fixed list of string literals (emitted as anyOf of consts). */
export const OneOf = <T extends string>(values: readonly [T, ...T[]], description?: string) =>
  Type.Union(
    values.map((x) => Type.Literal(x)),
    description ? { description } : {},
  );

/** An object with exactly these fields: all required, no others. */
export const Exact = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

/** A column 0..5. */
export const Column = Int(0, 5);

/** Plain JSON Schema (draft 2020-12) from a TypeBox schema: the JSON round trip drops TypeBox's symbol keys. */
export const toJsonSchema = (schema: TSchema, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...extra,
  ...JSON.parse(JSON.stringify(schema)),
});

/** '/band/0/cells/2/kind' as 'band[0].cells[2].kind'. */
const fieldOf = (path: string): string =>
  path
    .split('/')
    .slice(1)
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('') || 'the value';

/** The deepest first error: for a union (a cell is null or a hold), the error inside the branch that got furthest. */
function deepest(e: ValueError): ValueError {
  if (e.type !== ValueErrorType.Union) return e;
  let best = e;
  for (const branch of e.errors) {
    const first = branch.First();
    if (first && first.path.length > best.path.length) best = deepest(first);
  }
  return best;
}

/** The first reason a value fails a compiled shape, naming the field, or null when it fits. */
export function shapeError(check: TypeCheck<TSchema>, value: unknown, root: string): string | null {
  if (check.Check(value)) return null;
  const e = check.Errors(value).First();
  if (!e) return `${root} does not have the expected shape`;
  const d = deepest(e);
  const field = d.path === '' ? root : fieldOf(d.path);
  const got = d.value === undefined ? 'missing' : JSON.stringify(d.value)?.slice(0, 40);
  return `${field}: ${d.message.toLowerCase()} (got ${got})`;
}
