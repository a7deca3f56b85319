// The handler's two shapes, free of any framework: a request (method, path, query, headers, body bytes) in and an
// answer (status, headers, body bytes) out. An adapter (node.ts for node:http, fetch.ts for a Fetch Request in tests
// and in-process calls) makes the one and writes the other; every decision in between is the handler's.

/** A request as the handler reads it. */
export interface HttpRequest {
  /** As sent (GET, POST, HEAD, ...). */
  readonly method: string;
  /** The path, decoded as a router reads it (decodePath); no query. */
  readonly path: string;
  /** The raw query text after `?` (no fragment), '' when there is none. */
  readonly query: string;
  /** A header's value by lower-case name (the first, when sent twice), or undefined. */
  header(name: string): string | undefined;
  /** Every header as sent, lower-case names (a header sent twice is two entries). */
  headerEntries(): Iterable<[string, string]>;
  /**
   * The body's bytes, read up to `maxBytes`: null when it is larger (the rest is read and dropped up to a bound,
   * so the answer goes out after the upload). Rejects with BodyAbortedError when the client goes away mid-body.
   */
  body(maxBytes: number): Promise<Buffer | null>;
  /** The address of the peer on the other end of the socket; '' when there is no socket (an in-process request). */
  readonly peer: string;
  /** The authority the request was made to when it has no Host header (the listener's address). */
  readonly authority: string;
  /** Made on the operators' listener (ADMIN_PORT). */
  readonly admin?: boolean;
  /** Made in-process on a client's behalf (the MCP server's submit_run, a batch's runs): that client's address. */
  readonly client?: string;
  /** An episode record handed in-process beside the body (a batch's run: inflated already, outside the body limit). */
  readonly record?: string;
}

/** What the handler answers. */
export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Text (written as UTF-8), bytes, a stream (written as it comes), or nothing. */
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
  /** Compress the text body when the client takes it and its size is in range (compress.ts). */
  compress?: boolean;
  /** A refusal ({ ok: false, reason }): counted once under the request's route and game. */
  reason?: string;
}

const decodeWithPreservedPercent = (value: string) => decodeURI(value.includes('%25') ? value.replace(/%25/g, '%2525') : value);

/** `decoder(str)`, or, when it throws, each decodable run of percent-escapes decoded and the rest left as it is. */
export function tryDecode(str: string, decoder: (s: string) => string): string {
  try {
    return decoder(str);
  } catch {
    return str.replace(/(?:%[0-9A-Fa-f]{2})+/g, (match) => {
      try {
        return decoder(match);
      } catch {
        return match;
      }
    });
  }
}

/**
 * A target's path as routes see it: percent-escapes decoded as decodeURI does (reserved characters such as %2F stay
 * escaped, %25 stays %25), invalid escapes left as they are. The same rule as hono's getPath, so paths, params and
 * messages are what they were when hono routed.
 */
export function decodePath(raw: string): string {
  if (!raw.includes('%')) return raw;
  const decoded = tryDecode(raw, decodeWithPreservedPercent);
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) {
    const rewritten = new URL('http://localhost');
    rewritten.pathname = decoded.replace(/[\\\t\n\r]/g, encodeURIComponent);
    if (tryDecode(rewritten.pathname, decodeWithPreservedPercent) !== decoded) {
      return tryDecode(raw.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'), decodeWithPreservedPercent);
    }
  }
  return decoded;
}

/** A path parameter's value: percent-escapes decoded as decodeURIComponent does, invalid ones left. */
export const decodeParam = (value: string): string => (value.includes('%') ? tryDecode(value, decodeURIComponent) : value);

const decodeQueryPart = (value: string): string => decodeParam(value.includes('+') ? value.replace(/\+/g, ' ') : value);

/**
 * The query's parameters: the first value of each name, `+` as a space and percent-escapes decoded, a name without
 * `=` the empty string, empty names left out.
 */
export function parseQuery(query: string): Map<string, string> {
  const out = new Map<string, string>();
  if (query === '') return out;
  const encoded = /[%+]/.test(query);
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    let name = eq < 0 ? part : part.slice(0, eq);
    if (encoded) name = decodeQueryPart(name);
    if (name === '' || out.has(name)) continue;
    out.set(name, eq < 0 ? '' : encoded ? decodeQueryPart(part.slice(eq + 1)) : part.slice(eq + 1));
  }
  return out;
}
