// Building blocks shared by the state, observation and action shapes (TypeBox: one declaration gives the served
// JSON Schema, the TypeScript type through Static, and the compiled shape check).
import { type TSchema, Type } from '@sinclair/typebox';

export const Num = (options: { minimum?: number; maximum?: number; description?: string } = {}) => Type.Number(options);
export const Int = (minimum: number, maximum?: number, description?: string) =>
  Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), ...(description ? { description } : {}) });
export const Bool = (description?: string) => Type.Boolean(description ? { description } : {});
/** A closed object: every listed key required (unless Optional), no others. */
export const Obj = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

export const Point = Obj({ x: Type.Number(), y: Type.Number() });

/** A TypeBox schema as the plain JSON Schema (draft 2020-12) served in the spec: symbol keys stripped. */
export function served(schema: TSchema): { [keyword: string]: unknown } {
  return JSON.parse(JSON.stringify(schema));
}
