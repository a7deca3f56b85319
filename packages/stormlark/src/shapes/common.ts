// Building blocks of Stormlark's shapes (TypeBox): one declaration gives the served JSON Schema, the
// TypeScript type (Static) and the compiled shape check parseState runs first.
import { type TSchema, Type } from '@sinclair/typebox';

export const Int = (minimum: number, maximum?: number, description?: string) =>
  Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), ...(description ? { description } : {}) });
/** A closed object: every listed key required, no others. */
export const Obj = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
export const Enum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

/** A TypeBox schema as the plain JSON Schema (draft 2020-12) served in the spec: symbol keys stripped. */
export function served(schema: TSchema): { [keyword: string]: unknown } {
  return JSON.parse(JSON.stringify(schema));
}
