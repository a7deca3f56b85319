// Compressed responses: a body goes out with gzip or brotli when the client accepts one (Accept-Encoding, RFC 9110
// 12.5.3), else exactly as it is. The handler compresses every answer a route marks `compress` (http/handler.ts)
// with encodeBody and compressionHeaders.
//
// Bounded work on the request thread: only bodies of COMPRESS_MIN_BYTES to COMPRESS_MAX_BYTES are compressed
// (below, the headers would eat the saving; above, the body goes plain rather than hold the event loop), at fast
// settings, synchronously: gzip level 1 and brotli quality 3 (about 11 us per KB of JSON each; brotli 3 is as small as
// gzip 6 at half its cost, brotli 4 is 1.5x the cost for 2% smaller), a window no larger than the largest body.
// bench/compress.bench.ts measures them on the server's own bodies: about 0.3 ms for a 40 KB init with its spec,
// 60-100 us more on a late-game action request (x1.3 its CPU, a quarter of its bytes), a few ms at COMPRESS_MAX_BYTES.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip';
/** The codings this server writes, best first: brotli is smaller at the same cost. */
export const CODINGS: readonly Coding[] = ['br', 'gzip'];
/** Smaller bodies go plain (a few hundred bytes saved at most, and the first packet carries them anyway). */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger bodies go plain: compressing them would hold the event loop for several ms. */
export const COMPRESS_MAX_BYTES = 256 * 1024;
export const GZIP_LEVEL = 1;
export const BROTLI_QUALITY = 3;
/** 2^18: the window covers a whole COMPRESS_MAX_BYTES body, and brotli's memory stays bounded by it. */
const BROTLI_LGWIN = 18;

/**
 * The codings an Accept-Encoding header accepts: a listed coding with q > 0, or `*` with q > 0 for those not
 * listed. Names ignore case; a q that is not a number counts as 0.
 */
export function acceptedEncodings(header: string | undefined): Set<Coding> {
  const out = new Set<Coding>();
  if (!header) return out;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const value = qp === undefined ? 1 : Number(qp.slice(2));
    if (name) q.set(name.trim().toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  for (const name of CODINGS) {
    const v = q.get(name) ?? q.get('*');
    if (v !== undefined && v > 0) out.add(name);
  }
  return out;
}

// Clients send a handful of distinct headers ("gzip, deflate, br", "gzip, deflate", ...): remember the answers
// for the latest ones, so a request costs a map lookup, not a parse. Bounded: emptied when full.
const known = new Map<string, Coding | null>();
const KNOWN_MAX = 64;

/** The best coding the header accepts, or null. */
export function preferredCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  let coding = known.get(header);
  if (coding === undefined) {
    const accepted = acceptedEncodings(header);
    coding = CODINGS.find((c) => accepted.has(c)) ?? null;
    if (known.size >= KNOWN_MAX) known.clear();
    if (header.length <= 256) known.set(header, coding);
  }
  return coding;
}

export interface Encoded {
  /** The body to write: the text itself when not compressed, byte for byte. */
  body: string | NonSharedBuffer;
  coding: Coding | null;
  /** The body's size made it eligible, so its representation depends on Accept-Encoding: say `Vary`. */
  vary: boolean;
}

/** Compresses `body` for a client whose Accept-Encoding is `acceptEncoding`, when its size is in range. */
export function encodeBody(body: string, acceptEncoding: string | undefined): Encoded {
  // A UTF-16 code unit takes at most 3 bytes of UTF-8: most small bodies are ruled out without measuring.
  if (body.length * 3 < COMPRESS_MIN_BYTES) return { body, coding: null, vary: false };
  const bytes = Buffer.byteLength(body);
  if (bytes < COMPRESS_MIN_BYTES || bytes > COMPRESS_MAX_BYTES) return { body, coding: null, vary: false };
  const coding = preferredCoding(acceptEncoding);
  if (coding === null) return { body, coding, vary: true };
  const input = Buffer.from(body);
  return { body: compress(input, coding), coding, vary: true };
}

/** The bytes of `input` in `coding`, at this module's settings. */
export function compress(input: Buffer, coding: Coding): NonSharedBuffer {
  if (coding === 'gzip') return gzipSync(input, { level: GZIP_LEVEL });
  return brotliCompressSync(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: BROTLI_LGWIN,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });
}

/** The headers an encoded body needs beside its own (Content-Encoding, Vary); none for a body sent as it is. */
export function compressionHeaders(encoded: Encoded): Record<string, string> {
  if (!encoded.vary) return {};
  return encoded.coding ? { 'content-encoding': encoded.coding, vary: 'Accept-Encoding' } : { vary: 'Accept-Encoding' };
}
