import { sealedJsonOf } from './sealing.ts';

/**
 * JSON.stringify(response), byte for byte, for a wire response whose `state` an HMAC sealer just made:
 * the sealed state's JSON is spliced in from the sealer (it has just serialised the state to seal it)
 * instead of being serialised again. Anything else (no sealed state) is plain JSON.stringify.
 */
export function responseJson(response: object): string {
  const record = response as Record<string, unknown>;
  const stateJson = sealedJsonOf(record.state);
  if (stateJson === undefined || typeof record.toJSON === 'function') return JSON.stringify(response);
  let out = '{';
  for (const key of Object.keys(record)) {
    // As JSON.stringify: a member whose value has no JSON (undefined, a function) is left out.
    const json = key === 'state' ? stateJson : JSON.stringify(record[key]);
    if (json === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${json}`;
  }
  return `${out}}`;
}
