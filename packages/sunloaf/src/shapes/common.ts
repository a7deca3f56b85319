// Building blocks shared by the state, observation and action shapes (TypeBox: one declaration gives the
// served JSON Schema, the TypeScript type and the compiled shape check).
import { type TSchema, Type } from '@sinclair/typebox';

export const Int = (minimum: number, maximum?: number, description?: string) =>
  Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), ...(description ? { description } : {}) });

export const Tile = Int(0, 48);

/** One of a fixed list of literals (emitted as anyOf of consts: plain draft 2020-12). */
export const OneOf = <T extends string | number>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((x) => Type.Literal(x)),
    description ? { description } : {},
  );

/** An object with exactly these fields: all required, no others. */
export const Exact = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

/** Plain JSON Schema from a TypeBox schema: the symbol keys TypeBox adds are dropped by the JSON round trip. */
export const toJsonSchema = (schema: TSchema, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...extra,
  ...JSON.parse(JSON.stringify(schema)),
});
