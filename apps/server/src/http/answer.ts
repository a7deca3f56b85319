// The answers routes make: JSON and text (compressed by the handler when the client takes it), the uniform error
// body, and the 405 of a known path. Plain data: the handler writes them (handler.ts), an adapter sends them.
import type { Answer } from './request.ts';

export type { Answer };

const JSON_TYPE = 'application/json';

/** Whether a route's intermediate result (a body read, a replay, a lookup) is already its answer. */
export const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && 'status' in value && 'headers' in value && 'body' in value;

/** `value` as JSON (compressed when the client takes it). */
export function json(value: unknown, status = 200): Answer {
  return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(value), compress: true };
}

/** JSON text already made (the spec, an init response), compressed when the client takes it; `headers` add to the type. */
export function jsonText(body: string, status = 200, headers?: Record<string, string>): Answer {
  return { status, headers: headers ? { ...headers, 'content-type': JSON_TYPE } : { 'content-type': JSON_TYPE }, body, compress: true };
}

/** Text of a type (HTML, plain text, NDJSON), compressed when the client takes it. */
export function text(body: string, contentType: string, status = 200): Answer {
  return { status, headers: { 'content-type': contentType }, body, compress: true };
}

/** The uniform error body `{ ok: false, reason, message }` (a stable snake_case reason), counted as a refusal. */
export function fail(status: number, reason: string, message: string, headers?: Record<string, string>): Answer {
  return { ...jsonText(JSON.stringify({ ok: false, reason, message }), status, headers), reason };
}

/** 405 for a known path asked with a method it does not take, with Allow. */
export function methodNotAllowed(pattern: string, methods: string, method: string): Answer {
  return fail(405, 'method_not_allowed', `${pattern} takes ${methods}, not ${method}`, { allow: methods });
}
