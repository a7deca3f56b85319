// Observation tensors (contract.ts, Rules.tensor): a game declares its fields once and gets the row layout, the
// checks every declaration must pass, and a checker for encoded rows (the conformance kit and the tests use it).
import type { ObservationTensor, PlacedTensorField, Rules, TensorDtype, TensorField, TensorRow } from './contract.ts';

/** The range each integer dtype can hold. float32 holds integers exactly up to 2^24 (the bounds are checked against it). */
const RANGE: Record<TensorDtype, readonly [number, number]> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-(2 ** 24), 2 ** 24],
  float32: [-3.4e38, 3.4e38],
};

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Declares a tensor: `fields` in row order, and `make`, which receives each field's offset by name and the row's size and returns the
 * encoder (so the encoder reads fixed offsets and allocates nothing per call). Throws on a declaration a learner
 * could not trust: a duplicate or badly formed name, a non-finite or inverted bound, an integer field whose bounds
 * do not fit its dtype, a shape that is not a list of positive integers.
 */
export function defineTensor<S>(
  fields: readonly TensorField[],
  make: (at: Readonly<Record<string, number>>, size: number) => (state: S, out: TensorRow, offset: number) => void,
): ObservationTensor<S> {
  const placed: PlacedTensorField[] = [];
  const at: Record<string, number> = {};
  let size = 0;
  for (const f of fields) {
    if (!NAME.test(f.name)) throw new Error(`tensor field "${f.name}": names are snake_case`);
    if (f.name in at) throw new Error(`tensor field "${f.name}" is declared twice`);
    if (!f.shape.every((d) => Number.isInteger(d) && d > 0)) throw new Error(`tensor field "${f.name}": shape ${JSON.stringify(f.shape)}`);
    if (!Number.isFinite(f.low) || !Number.isFinite(f.high) || f.low > f.high)
      throw new Error(`tensor field "${f.name}": bounds [${f.low}, ${f.high}] must be finite and ordered`);
    const [lo, hi] = RANGE[f.dtype];
    if (f.low < lo || f.high > hi) throw new Error(`tensor field "${f.name}": [${f.low}, ${f.high}] does not fit ${f.dtype}`);
    if (f.dtype !== 'float32' && (!Number.isInteger(f.low) || !Number.isInteger(f.high)))
      throw new Error(`tensor field "${f.name}": an integer field has integer bounds`);
    const n = f.shape.reduce((a, b) => a * b, 1);
    at[f.name] = size;
    placed.push({ ...f, shape: [...f.shape], offset: size, size: n });
    size += n;
  }
  return { fields: placed, size, encode: make(at, size) };
}

/**
 * Why an encoded row breaks its declaration (a value out of its field's bounds, not finite, or not an integer in
 * an integer field), or null. For tests and the conformance kit.
 */
export function tensorRowProblem(tensor: ObservationTensor, row: TensorRow, offset = 0): string | null {
  for (const f of tensor.fields)
    for (let j = 0; j < f.size; j++) {
      const v = row[offset + f.offset + j]!;
      if (!Number.isFinite(v) || v < f.low || v > f.high || (f.dtype !== 'float32' && !Number.isInteger(v)))
        return `${f.name}[${j}] = ${v} is outside ${f.dtype} [${f.low}, ${f.high}]`;
    }
  return null;
}

/** The row as named arrays (flat, row-major), for tests and readable diffs. */
export function tensorRecord(tensor: ObservationTensor, row: TensorRow, offset = 0): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const f of tensor.fields) out[f.name] = Array.from(row.subarray(offset + f.offset, offset + f.offset + f.size));
  return out;
}

/**
 * The tensor field a game's `relativeActions.legal` names, placed in the row: null when the game declares none (or
 * has no tensor); a string saying why the declaration is unusable when the field is missing or does not hold one
 * number per relative offset. The batch server and the conformance kit both read it from here.
 */
export function relativeLegalField(rules: Pick<Rules<unknown, unknown>, 'relativeActions' | 'tensor'>): PlacedTensorField | string | null {
  const rel = rules.relativeActions;
  if (!rel?.legal || !rules.tensor) return null;
  const field = rules.tensor.fields.find((f) => f.name === rel.legal!.field);
  if (!field || field.size !== rel.offsets.length)
    return `relativeActions.legal names tensor field "${rel.legal.field}", which must hold one number per offset (${rel.offsets.length})`;
  return field;
}
