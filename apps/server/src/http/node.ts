// node:http mounts the handler directly: the Node request becomes an HttpRequest (headers read from Node's own
// object, the body from the stream, nothing built per request that a route does not ask for) and the Answer is
// written with one writeHead and one end. No framework between the socket and the handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body.ts';
import type { Handler } from './handler.ts';
import { type Answer, decodePath, type HttpRequest } from './request.ts';

export interface NodeMountOptions {
  /** The authority of a request without a Host header (the listener's address); without one, such a request is a 400. */
  hostname?: string;
  /** The operators' listener: every request on it is an operator's. */
  admin?: boolean;
}

/** Bytes of an unread body still drained after the answer, and for how long, before the socket is closed. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 500;

/** The request listener for node:http's createServer. */
export function mountNode(handler: Handler, options: NodeMountOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const target = requestTarget(req, options.hostname);
    if (target === null) {
      // A target or Host no URL can be made of: a bare 400, before any route (nothing of it is trustworthy to log).
      res.writeHead(400);
      res.end();
      return;
    }
    const request = new NodeRequest(req, target, options);
    let answer: Answer | Promise<Answer>;
    try {
      answer = handler(request);
    } catch (error) {
      fatal(res, error);
      return;
    }
    if (answer instanceof Promise)
      answer.then(
        (a) => write(req, res, a),
        (error: unknown) => fatal(res, error),
      );
    else write(req, res, answer);
  };
}

class NodeRequest implements HttpRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly peer: string;
  readonly authority: string;
  readonly admin: boolean;

  constructor(
    private readonly incoming: IncomingMessage,
    target: { path: string; query: string; authority: string },
    options: NodeMountOptions,
  ) {
    this.method = incoming.method ?? 'GET';
    this.path = target.path;
    this.query = target.query;
    this.authority = target.authority;
    this.peer = incoming.socket?.remoteAddress ?? '';
    this.admin = options.admin === true;
  }

  header(name: string): string | undefined {
    // Node keeps only the first Content-Type; a Fetch Headers object joins every copy (and the route refuses that).
    if (name === 'content-type' && this.headerCount(name) > 1) return joined(this.incoming.rawHeaders, name);
    const value = this.incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  *headerEntries(): Iterable<[string, string]> {
    const raw = this.incoming.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) yield [(raw[i] as string).toLowerCase(), raw[i + 1] as string];
  }

  private headerCount(name: string): number {
    let seen = 0;
    const raw = this.incoming.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i] as string;
      if (key.length === name.length && key.toLowerCase() === name) seen++;
    }
    return seen;
  }

  body(maxBytes: number): Promise<Buffer | null> {
    return readBody(this.incoming, maxBytes);
  }
}

function joined(raw: string[], name: string): string {
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === name) values.push(raw[i + 1] as string);
  return values.join(', ');
}

/** Writes an answer: one writeHead and one end (a stream is piped as it comes). */
function write(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const { body } = answer;
  if (body instanceof ReadableStream) {
    res.writeHead(answer.status, answer.headers);
    pipe(body, res);
    return;
  }
  const headers: Record<string, string | number> = answer.headers;
  if (body !== null && answer.headers['content-length'] === undefined) headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(answer.status, headers);
  res.end(body ?? undefined);
  // A body left unread (an answer made before it was read) is drained for a while, then the socket closed.
  if (!req.readableEnded && req.method !== 'GET' && req.method !== 'HEAD') res.once('finish', () => drain(req));
}

async function pipe(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/** The handler itself failed (it answers every route error itself, so this is a bug): a bare 500. */
function fatal(res: ServerResponse, error: unknown): void {
  process.emitWarning(`hearth: the handler failed: ${(error as Error)?.message ?? error}`);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
  res.end('internal error');
}

// A request target taken as it is: a path of plain characters without dot segments, and a Host of plain
// characters. Anything else is rebuilt through new URL() (which resolves dot segments and escapes what must be),
// or refused when no URL can be made of it.
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** The path (decoded for routing), the raw query and the authority of a request, or null for a 400. */
export function requestTarget(req: IncomingMessage, hostname?: string): { path: string; query: string; authority: string } | null {
  const url = req.url ?? '';
  const host = req.headers.host || hostname;
  if (!host) return null;
  let target: string;
  try {
    target = normalisedTarget(host, url);
  } catch {
    return null;
  }
  const hash = target.indexOf('#');
  const q = target.indexOf('?');
  const pathEnd = q >= 0 && (hash < 0 || q < hash) ? q : hash >= 0 ? hash : target.length;
  const query = q >= 0 && (hash < 0 || q < hash) ? target.slice(q + 1, hash > q ? hash : undefined) : '';
  return { path: decodePath(target.slice(0, pathEnd)), query, authority: host };
}

function normalisedTarget(host: string, url: string): string {
  if (url.startsWith('http://') || url.startsWith('https://')) {
    rejectBackslash(url);
    const absolute = new URL(url);
    return absolute.pathname + absolute.search + absolute.hash;
  }
  if (!PLAIN_HOST.test(host)) {
    rejectBackslash(url);
    const parsed = new URL(`http://${host}${url}`);
    const bare = host.includes(':') ? host.replace(/:\d+$/, '') : host;
    if (parsed.hostname.length !== host.length && parsed.hostname !== bare.toLowerCase()) throw new Error('invalid host');
    return parsed.pathname + parsed.search + parsed.hash;
  }
  if (url.length === 0) return '/';
  if (url.charCodeAt(0) !== 47 /* / */) throw new Error('invalid target');
  if (PLAIN_TARGET.test(url) && !DOT_SEGMENT.test(url)) return url;
  rejectBackslash(url);
  const parsed = new URL(`http://${host}${url}`);
  return parsed.pathname + parsed.search + parsed.hash;
}

function rejectBackslash(url: string): void {
  const backslash = url.indexOf('\\');
  if (backslash === -1) return;
  const query = url.indexOf('?');
  if (query === -1 || backslash < query) throw new Error('backslash in the path');
}

/** Reads and drops the rest of a body answered early, up to DRAIN_BYTES and DRAIN_MS, then closes the socket. */
function drain(req: IncomingMessage): void {
  if (req.destroyed || req.readableEnded) return;
  let bytes = 0;
  const cleanup = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', cleanup);
    req.off('error', cleanup);
  };
  const forceClose = () => {
    cleanup();
    const socket = req.socket;
    if (socket && !socket.destroyed) socket.destroySoon();
  };
  const timer = setTimeout(forceClose, DRAIN_MS);
  timer.unref();
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_BYTES) forceClose();
  };
  req.on('data', onData);
  req.on('end', cleanup);
  req.on('error', cleanup);
  req.resume();
}
