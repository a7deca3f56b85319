import type { IncomingMessage } from 'node:http';

/** Limits on what a JSON body may be; every one is documented in /docs/api. */
export interface BodyLimits {
  /** Bytes of body (413 above). */
  maxBytes: number;
  /** Nesting depth of arrays and objects (400 above). */
  maxDepth: number;
  /** Items in any one array, members in any one object (400 above). */
  maxItems: number;
}

/** The client closed the connection (or reset it) before its body ended: a 400 invalid_body, never a 500. */
export class BodyAbortedError extends Error {
  constructor() {
    super('client closed the connection before the body ended');
    this.name = 'BodyAbortedError';
  }
}

export type BodyResult =
  | { ok: true; value: unknown; text: string }
  | { ok: false; status: 400 | 413 | 415; reason: string; message: string };

/** `application/json`, optionally with `charset=utf-8`; anything else is 415. */
export function checkContentType(header: string | undefined): string | null {
  if (!header) return 'send the body with Content-Type: application/json';
  const [type, ...params] = header.split(';').map((s) => s.trim().toLowerCase());
  if (type !== 'application/json') return `Content-Type must be application/json, got ${type}`;
  for (const p of params) {
    if (p.startsWith('charset=') && p !== 'charset=utf-8' && p !== 'charset="utf-8"') return 'the only accepted charset is utf-8';
  }
  return null;
}

/**
 * Bytes of an oversized body the server still reads (and drops) before answering 413: a proxy in front (nginx)
 * is still sending it, and a response followed by a close mid-upload makes the proxy fail with EPIPE, answer
 * 502 and take the instance out of rotation for everyone. Past this, the connection is closed after the 413.
 */
export const discardLimit = (maxBytes: number): number => Math.max(8 * maxBytes, 8 * 1024 * 1024);

/**
 * Reads a Node request's body up to `maxBytes`. An oversized body (null) is read to its end and dropped, up to
 * discardLimit(maxBytes), so the 413 goes out after the upload, never in the middle of it.
 */
export function readBody(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(incoming.headers['content-length'] ?? Number.NaN);
  const discardUpTo = discardLimit(maxBytes);
  if (declared > discardUpTo) return Promise.resolve(null);
  return new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = declared > maxBytes;
    const done = (result: Buffer | null) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        if (size > discardUpTo) {
          incoming.pause();
          done(null);
        }
      } else if (!over) chunks.push(chunk);
    };
    const onEnd = () => done(over ? null : Buffer.concat(chunks, size));
    // Node reports a client gone mid-body as an 'aborted' error (ECONNRESET) or as a close before 'end'.
    const onError = () => reject(new BodyAbortedError());
    const onClose = () => {
      if (!incoming.complete) reject(new BodyAbortedError());
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
    if (incoming.readableEnded) onEnd();
  });
}

/** The same for a Fetch body stream (the in-process adapter): null when over `maxBytes` (or its declared length is). */
export async function readStreamBody(
  stream: ReadableStream<Uint8Array> | null,
  declared: number,
  maxBytes: number,
): Promise<Buffer | null> {
  const discardUpTo = discardLimit(maxBytes);
  if (declared > discardUpTo) return null;
  if (!stream) return declared > maxBytes ? null : Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new BodyAbortedError();
    });
    if (done) break;
    size += value.length;
    if (size > discardUpTo) {
      await reader.cancel();
      return null;
    }
    if (size <= maxBytes) chunks.push(value);
  }
  return size > maxBytes || declared > maxBytes ? null : Buffer.concat(chunks, size);
}

// One strict decoder for every body: decode() without { stream: true } starts afresh each call.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's bytes as text, or null when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

export const NOT_UTF8 = { ok: false, status: 400, reason: 'invalid_json', message: 'body is not valid UTF-8' } as const;

/** Parses and bounds a JSON body (the limits walk is iterative, so a hostile nesting depth cannot overflow the stack). */
export function parseJsonBody(bytes: Buffer, limits: BodyLimits): BodyResult {
  const text = decodeUtf8(bytes);
  return text === null ? NOT_UTF8 : parseJsonText(text, limits);
}

/** parseJsonBody from the text: JSON, within the limits, an object. */
export function parseJsonText(text: string, limits: BodyLimits): BodyResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, status: 400, reason: 'invalid_json', message: `body is not valid JSON: ${(error as Error).message}` };
  }
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  const problem = checkShape(value, limits);
  if (problem) return { ok: false, status: 400, reason: 'invalid_body', message: problem };
  if (!isObject) return { ok: false, status: 400, reason: 'invalid_body', message: 'body must be a JSON object' };
  return { ok: true, value, text };
}

/** The first limit a parsed value breaks, or null. */
export function checkShape(root: unknown, limits: BodyLimits): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limits.maxDepth) return `body is nested deeper than ${limits.maxDepth} levels`;
    const items = Array.isArray(value) ? value : Object.values(value);
    if (items.length > limits.maxItems) {
      return `${Array.isArray(value) ? 'an array has' : 'an object has'} more than ${limits.maxItems} items`;
    }
    for (const item of items) {
      if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1 });
      // 1e400 parses to Infinity, which JSON cannot hold (it would serialise, and seal, as null).
      else if (typeof item === 'number' && !Number.isFinite(item)) return 'a number is out of range (JSON numbers must be finite)';
    }
  }
  if (typeof root === 'number' && !Number.isFinite(root)) return 'a number is out of range (JSON numbers must be finite)';
  return null;
}
