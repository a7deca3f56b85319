// Fixed-size spaces over a game, for batched and Gymnasium-style drivers (`hearth sim serve`, clients/python):
// a Discrete action space (a fixed enumeration, index <-> action, with legal-action masks) and the structured
// observation flattened to fixed-shape numeric fields. Both are derived from the game's served schemas
// (actionGrammar, observationSchema), so a game gets them without code here; the one exception is an action
// whose fields are unbounded in the grammar (an absolute position), which the game declares in its rules as
// `relativeActions` (engine contract) and the space enumerates relative to the player.
import { enumerateSchema, type Game, type JsonSchema } from '@hearth/engine';
import { isRunEnding } from './policy/random.ts';

/** One index of the action space, as documented to clients: an action, or a template relative to the player. */
export type ActionLabel = Record<string, unknown>;

export interface ActionCodec<S = unknown, A = unknown> {
  readonly size: number;
  readonly labels: readonly ActionLabel[];
  /** Indices of the actions that end the run by choice (random drivers leave them out, as the simulator's random policy does). */
  readonly runEnding: readonly number[];
  /** The action at index k in `state`. */
  decode(k: number, state: S): A;
  /** The index of `action` in `state`, or -1 when the space has no index for it. */
  index(action: A, state: S): number;
  /**
   * Sets mask[row + index] = 1 for every action of `legal` (the mask loop: the player's position is read once);
   * returns the first action that has no index, or undefined.
   */
  markLegal(legal: readonly A[], state: S, mask: Uint8Array, row: number): A | undefined;
}

/** The game's action space: relative moves first (where the game has them), then the grammar's finite candidates in grammar order. */
export function actionCodec<S, A>(game: Game<S, A>): ActionCodec<S, A> {
  const rel = game.rules.relativeActions;
  const fixed = enumerateSchema(game.spec.actionGrammar) as A[];
  if (!rel && fixed.length === 0) throw new Error(`${game.slug}: the action grammar has no finite enumeration`);
  const base = rel ? rel.offsets.length : 0;
  // Candidates are told apart by their values in property-name order: faster than canonical JSON per legal action.
  const keys = [...new Set(fixed.flatMap((a) => Object.keys(a as object)))].sort();
  const keyOf = (a: A) => {
    let k = '';
    for (const p of keys) k += `${(a as Record<string, unknown>)[p] ?? ''}|`;
    return k;
  };
  const byKey = new Map<string, number>();
  fixed.forEach((a, k) => {
    byKey.set(keyOf(a), base + k);
  });
  // Offsets to indices through a dense table over their bounding box (no string keys in the mask loop).
  const rows = rel ? rel.offsets.map(([dr]) => dr) : [0];
  const cols = rel ? rel.offsets.map(([, dc]) => dc) : [0];
  const [r0, c0] = [Math.min(...rows), Math.min(...cols)];
  const width = Math.max(...cols) - c0 + 1;
  const height = Math.max(...rows) - r0 + 1;
  const grid = new Int32Array(width * height).fill(-1);
  rel?.offsets.forEach(([dr, dc], k) => {
    grid[(dr - r0) * width + (dc - c0)] = k;
  });
  const labels: ActionLabel[] = [
    ...(rel?.offsets.map(([dr, dc]) => ({ type: rel.type, dRow: dr, dCol: dc })) ?? []),
    ...(fixed as ActionLabel[]),
  ];
  const runEnding = fixed.flatMap((a, k) => (isRunEnding(game, a) ? [base + k] : []));
  return {
    size: labels.length,
    labels,
    runEnding,
    decode(k, state) {
      if (k >= base) return fixed[k - base] as A;
      const [r, c] = rel!.origin(state);
      const [dr, dc] = rel!.offsets[k]!;
      return { type: rel!.type, [rel!.rowKey]: r + dr, [rel!.colKey]: c + dc } as A;
    },
    index(action, state) {
      const a = action as Record<string, unknown>;
      if (rel && a.type === rel.type) {
        const [r, c] = rel.origin(state);
        const dr = (a[rel.rowKey] as number) - r - r0;
        const dc = (a[rel.colKey] as number) - c - c0;
        return dr >= 0 && dr < height && dc >= 0 && dc < width ? (grid[dr * width + dc] as number) : -1;
      }
      return byKey.get(keyOf(action)) ?? -1;
    },
    markLegal(legal, state, mask, row) {
      const [r, c] = rel ? rel.origin(state) : [0, 0];
      for (const action of legal) {
        const a = action as Record<string, unknown>;
        let j: number;
        if (rel && a.type === rel.type) {
          const dr = (a[rel.rowKey] as number) - r - r0;
          const dc = (a[rel.colKey] as number) - c - c0;
          j = dr >= 0 && dr < height && dc >= 0 && dc < width ? (grid[dr * width + dc] as number) : -1;
        } else j = byKey.get(keyOf(action)) ?? -1;
        if (j < 0) return action;
        mask[row + j] = 1;
      }
      return undefined;
    },
  };
}

/** One fixed-shape numeric field of the flattened observation. */
export interface ObservationField {
  /** The observation's path, dot-separated; array levels add a dimension, not a name (`wall.cells.kind` is 10x6). */
  name: string;
  /** `discrete` (a scalar with `n` values), `multibinary` (0/1 array), or `box` (bounded numbers). */
  space: 'box' | 'discrete' | 'multibinary';
  shape: number[];
  dtype: 'int64' | 'float64' | 'int8';
  low: number;
  high: number;
  /** For an enumeration: the value of each code (a null or absent value is the code after the last). */
  values?: unknown[];
  /** Offset of the field in an environment's row of `size` numbers (row-major inside the field). */
  offset: number;
  /** How it travels: `i8` (an integer field whose bounds fit in -128..127) or `f64`, at `wireOffset` in that row. */
  wire: 'i8' | 'f64';
  wireOffset: number;
}

export interface ObservationCodec {
  /** Numbers per environment. */
  readonly size: number;
  /** Of them, the numbers that travel as int8 and as float64 (narrow + wide = size). */
  readonly narrow: number;
  readonly wide: number;
  readonly fields: readonly ObservationField[];
  /** Paths of the observation left out: unbounded arrays and free strings (the text picture travels apart). */
  readonly omitted: readonly string[];
  /** Writes `observation` into out[offset .. offset + size). */
  encode(observation: unknown, out: Float64Array, offset: number): void;
  /** Writes `observation` as it travels: its narrow fields into i8[i8At ..], its wide ones into f64[f64At ..]. */
  encodeWire(observation: unknown, i8: Int8Array, i8At: number, f64: Float64Array, f64At: number): void;
}

type Writer = (value: unknown, out: Float64Array, base: number, cell: number) => void;

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * Flattens a game's observation schema into fixed-shape fields, one writer per field:
 * - integer: a box over its bounds (int64; unbounded sides are the int32 limits); number: a float64 box;
 * - boolean: 0/1 (discrete(2) as a scalar, multibinary in an array); an enumeration of constants: its code;
 * - a constant: left out (it never changes); a string that is not an enumeration: left out;
 * - an object: its properties; an array with maxItems: one more dimension of that size, items absent past the
 *   end, plus `<path>.count` when minItems < maxItems; an array without maxItems: left out;
 * - null or absent: the code after the last value (enumerations, booleans), else one below the minimum
 *   (or the int32 minimum, or -Infinity for an unbounded number).
 */
export function observationCodec(schema: JsonSchema): ObservationCodec {
  const fields: ObservationField[] = [];
  const omitted: string[] = [];
  let size = 0;

  const addField = (f: Omit<ObservationField, 'offset' | 'wire' | 'wireOffset'>): ObservationField => {
    const field: ObservationField = { ...f, offset: size, wire: 'f64', wireOffset: 0 };
    size += f.shape.reduce((a, b) => a * b, 1);
    fields.push(field);
    return field;
  };

  const branches = (s: JsonSchema): JsonSchema[] =>
    (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : [s]) as JsonSchema[];
  const isNull = (s: JsonSchema) => s.type === 'null';
  const constOf = (s: JsonSchema): { ok: boolean; value?: unknown } => ('const' in s ? { ok: true, value: s.const } : { ok: false });

  const compile = (s: JsonSchema, path: string, dims: number[], nullable: boolean): Writer | null => {
    const options = branches(s);
    if (options.length > 1) {
      const nonNull = options.filter((o) => !isNull(o));
      const canBeNull = nullable || nonNull.length < options.length;
      // An enumeration of constants (possibly nested one level, e.g. a nullable enumeration), or one schema or null.
      const flat = nonNull.flatMap((o) => branches(o));
      if (flat.every((o) => constOf(o).ok)) {
        const values = flat.map((o) => o.const);
        if (values.length === 1 && !canBeNull) return null;
        return enumWriter(path, dims, values, canBeNull);
      }
      const innerNull = flat.some(isNull);
      if (nonNull.length === 1) return compile(nonNull[0]!, path, dims, canBeNull || innerNull);
      omitted.push(path);
      return null;
    }
    if ('const' in s) return null;
    if (Array.isArray(s.enum)) return enumWriter(path, dims, s.enum as unknown[], nullable);
    switch (s.type) {
      case 'object': {
        const writers: [string, Writer][] = [];
        for (const [key, sub] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
          if (path === '' && key === 'text') continue;
          const w = compile(sub, path ? `${path}.${key}` : key, dims, nullable);
          if (w) writers.push([key, w]);
        }
        if (writers.length === 0) return null;
        return (value, out, base, cell) => {
          const v = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
          for (const [key, w] of writers) w(v?.[key], out, base, cell);
        };
      }
      case 'array': {
        const max = s.maxItems as number | undefined;
        const items = s.items as JsonSchema | undefined;
        if (typeof max !== 'number' || !items || Array.isArray(items)) {
          omitted.push(path);
          return null;
        }
        const min = typeof s.minItems === 'number' ? s.minItems : 0;
        const count =
          min < max
            ? addField(
                dims.length === 0
                  ? { name: `${path}.count`, space: 'discrete', shape: [], dtype: 'int64', low: 0, high: max }
                  : { name: `${path}.count`, space: 'box', shape: [...dims], dtype: 'int64', low: 0, high: max },
              )
            : null;
        const inner = compile(items, path, [...dims, max], nullable || min < max);
        if (!inner && !count) return null;
        return (value, out, base, cell) => {
          const list = Array.isArray(value) ? value : [];
          if (count) out[base + count.offset + cell] = Math.min(list.length, max);
          if (inner) for (let j = 0; j < max; j++) inner(list[j], out, base, cell * max + j);
        };
      }
      case 'boolean': {
        const scalar = dims.length === 0;
        const f = addField({
          name: path,
          space: nullable ? (scalar ? 'discrete' : 'box') : scalar ? 'discrete' : 'multibinary',
          shape: [...dims],
          dtype: nullable || scalar ? 'int64' : 'int8',
          low: 0,
          high: nullable ? 2 : 1,
        });
        return (value, out, base, cell) => {
          out[base + f.offset + cell] = value === true ? 1 : value === false ? 0 : 2;
        };
      }
      case 'integer':
      case 'number': {
        const integer = s.type === 'integer';
        const min = typeof s.minimum === 'number' ? s.minimum : integer ? INT_MIN : Number.NEGATIVE_INFINITY;
        const max = typeof s.maximum === 'number' ? s.maximum : integer ? INT_MAX : Number.POSITIVE_INFINITY;
        const missing = nullable ? (min === INT_MIN || !Number.isFinite(min) ? min : min - 1) : min;
        const f = addField({
          name: path,
          space: 'box',
          shape: [...dims],
          dtype: integer ? 'int64' : 'float64',
          low: nullable ? missing : min,
          high: max,
        });
        return (value, out, base, cell) => {
          out[base + f.offset + cell] = typeof value === 'number' ? value : missing;
        };
      }
      default:
        if (path !== 'text') omitted.push(path);
        return null;
    }
  };

  const enumWriter = (path: string, dims: number[], values: unknown[], nullable: boolean): Writer => {
    const scalar = dims.length === 0;
    const n = values.length + (nullable ? 1 : 0);
    const f = addField({
      name: path,
      space: scalar ? 'discrete' : 'box',
      shape: [...dims],
      dtype: 'int64',
      low: 0,
      high: n - 1,
      values,
    });
    const codes = new Map(values.map((v, k) => [v, k]));
    const absent = values.length;
    return (value, out, base, cell) => {
      out[base + f.offset + cell] = codes.get(value) ?? absent;
    };
  };

  const root = compile(schema, '', [], false);
  // Small integer fields (codes, flags, counts, cells) travel as int8: an eighth of the bytes to encode and decode.
  const narrowAt: number[] = [];
  const wideAt: number[] = [];
  for (const f of fields) {
    const n = f.shape.reduce((a, b) => a * b, 1);
    const small = f.dtype !== 'float64' && f.low >= -128 && f.high <= 127;
    const list = small ? narrowAt : wideAt;
    f.wire = small ? 'i8' : 'f64';
    f.wireOffset = list.length;
    for (let c = 0; c < n; c++) list.push(f.offset + c);
  }
  const scratch = new Float64Array(size);
  return {
    size,
    narrow: narrowAt.length,
    wide: wideAt.length,
    fields,
    omitted,
    encode(observation, out, offset) {
      root?.(observation, out, offset, 0);
    },
    encodeWire(observation, i8, i8At, f64, f64At) {
      root?.(observation, scratch, 0, 0);
      for (let j = 0; j < narrowAt.length; j++) i8[i8At + j] = scratch[narrowAt[j]!]!;
      for (let j = 0; j < wideAt.length; j++) f64[f64At + j] = scratch[wideAt[j]!]!;
    },
  };
}
