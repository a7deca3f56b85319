// The hot routes on bare node:http: POST /api/games/:slug/action and GET /api/games/:slug/init (and the bench's
// GET /hello) are answered straight from the Node request, in front of the hono app that serves everything else.
// Measured in one run (bench/http.bench.ts), CPU per action request: hono's node adapter builds a Fetch Request,
// a Headers object for every header read, a Context and a Response per request; here none of them exist.
//
// The answers are the app's own, byte for byte: the same Answer functions as the hono routes (routes/api.ts), the
// same request id, CORS headers, rate limit, drain `Connection: close`, metrics sample and request log line
// (server.ts's `front`), the same error JSON and unhandled-error handling. Anything this front would have to
// interpret differently from hono (a percent-encoded or `+` query, a duplicate Content-Type, an unknown game, a
// method the route does not take, HEAD) goes to the app unchanged, so its answer cannot differ.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Reasons } from '@hearth/engine';
import { readBody } from './body.ts';
import { compressionHeaders, encodeBody } from './compress.ts';
import type { ServedGame, ServerContext } from './context.ts';
import { type Answer, actionAnswer, failAnswer, initAnswer } from './routes/api.ts';

/** What the front shares with the hono middleware (server.ts), so both label, limit, log and fail alike. */
export interface Front {
  ctx: ServerContext;
  /** The request's id: the client's X-Request-Id when it is a valid one, else a fresh one. */
  requestId(given: string | undefined): string;
  draining(): boolean;
  /** The rate limit for a client at `peer` (forwarded for `forwardedFor`): 0 to go ahead, else seconds to wait. */
  limit(peer: string, forwardedFor: string | undefined): number;
  /** One metrics sample and one request log line. */
  record(requestId: string, method: string, path: string, route: string, game: string, status: number, started: number): void;
  /** The answer to an error no route handled (logged), as app.onError gives it. */
  unhandled(error: unknown, where: { requestId: string; method: string; path: string; peer: string; forwardedFor?: string }): Answer;
  /** GET /hello is served (the bench's baseline). */
  hello: boolean;
}

/** Serves `req` when it is a hot route in a form this front answers as the app does; false: hand it to the app. */
export type HotRoutes = (req: IncomingMessage, res: ServerResponse) => boolean;

const API_PREFIX = '/api/games/';
const CORS = 'access-control-allow-origin';
const EXPOSE = 'access-control-expose-headers';
const EXPOSED = 'X-Request-Id, Retry-After';
const HELLO_TYPE = 'text/plain; charset=UTF-8';
/** Bytes of an unread body still drained after the answer, and for how long (as @hono/node-server does). */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 500;

export function createHotRoutes(front: Front): HotRoutes {
  const { ctx } = front;
  return (req, res) => {
    const url = req.url ?? '';
    // A target or Host that @hono/node-server would normalise or refuse (its own checks): the app's.
    const host = req.headers.host;
    if (host === undefined || !VALID_HOST.test(host) || !VALID_TARGET.test(url) || DOT_SEGMENT.test(url)) return false;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const method = req.method;
    if (path === '/hello') {
      if (!front.hello || method !== 'GET' || q >= 0) return false;
      serve(req, res, path, '/hello', '', (_started) => ({ status: 200, json: 'hello', headers: { 'content-type': HELLO_TYPE } }));
      return true;
    }
    if (!path.startsWith(API_PREFIX)) return false;
    const slash = path.indexOf('/', API_PREFIX.length);
    if (slash < 0) return false;
    const slug = path.slice(API_PREFIX.length, slash);
    const served = ctx.games.get(slug);
    // An unknown (or percent-encoded) slug, a trailing slash, another route: the app's.
    if (!served) return false;
    const rest = path.slice(slash);
    const query = q < 0 ? NO_QUERY : parseQuery(url.slice(q + 1));
    if (query === null) return false;
    if (rest === '/action' && method === 'POST') {
      if (duplicated(req.rawHeaders, 'content-type')) return false;
      serve(req, res, path, '/api/games/:slug/action', slug, () => action(served, query, req));
      return true;
    }
    if (rest === '/init' && method === 'GET') {
      serve(req, res, path, '/api/games/:slug/init', slug, () => initAnswer(served, (name) => query.get(name)));
      return true;
    }
    return false;
  };

  async function action(served: ServedGame, query: Map<string, string>, req: IncomingMessage): Promise<Answer> {
    const answer = await actionAnswer(
      ctx,
      served,
      (name) => query.get(name),
      req.headers['content-type'],
      () => readBody(req, undefined, ctx.limits.maxBytes),
    );
    return answer;
  }

  /** The middleware's work around a route's answer: id, CORS, rate limit, drain, then the write, the sample and the log line. */
  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    route: string,
    game: string,
    answer: (started: number) => Answer | Promise<Answer>,
  ): void {
    const started = performance.now();
    const method = req.method as string;
    const given = req.headers['x-request-id'];
    const requestId = front.requestId(typeof given === 'string' ? given : undefined);
    const api = route !== '/hello';
    const peer = req.socket?.remoteAddress ?? 'local';
    const forwardedFor = req.headers['x-forwarded-for'] as string | undefined;
    const write = (a: Answer, routeLabel: string, gameLabel: string) => {
      if (a.reason !== undefined) ctx.metrics.refusal(routeLabel, gameLabel, a.reason);
      const headers: Record<string, string | number> = { 'x-request-id': requestId };
      if (front.draining()) headers.connection = 'close';
      if (api) {
        headers[CORS] = '*';
        headers[EXPOSE] = EXPOSED;
      }
      if (a.headers) Object.assign(headers, a.headers);
      else headers['content-type'] = 'application/json';
      // Compressed as the app compresses (compress.ts): the same coding, Vary and bytes.
      const encoded = encodeBody(a.json, req.headers['accept-encoding']);
      if (encoded.vary) Object.assign(headers, compressionHeaders(encoded));
      headers['content-length'] = Buffer.byteLength(encoded.body);
      res.writeHead(a.status, headers);
      res.end(encoded.body);
      // A body left unread (an answer made before it was read) is drained for a while, then the socket closed.
      if (method === 'POST' && !req.readableEnded) res.once('finish', () => drain(req));
      front.record(requestId, method, path, routeLabel, gameLabel, a.status, started);
    };
    const wait = front.limit(peer, forwardedFor);
    if (wait > 0) {
      write(
        failAnswer(429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, { 'retry-after': String(wait) }),
        'rate_limited',
        '',
      );
      return;
    }
    const failed = (error: unknown) => write(front.unhandled(error, { requestId, method, path, peer, forwardedFor }), route, game);
    let made: Answer | Promise<Answer>;
    try {
      made = answer(started);
    } catch (error) {
      failed(error);
      return;
    }
    const done = (a: Answer) => {
      if (a.reason === Reasons.internalError) ctx.logger.error({ requestId, game, message: a.message }, 'engine error');
      write(a, route, game);
    };
    if (made instanceof Promise) made.then(done, failed);
    else done(made);
  }
}

const NO_QUERY = new Map<string, string>();
// @hono/node-server's own tests for a request it takes as it is (src/url.ts there): anything else it rebuilds
// through new URL() or refuses, so it goes to the app.
const VALID_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const VALID_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * The query as hono reads it (the first value of each name; a name without `=` is the empty string), or null when
 * it holds anything hono would decode (`%`, `+`) or a fragment: those requests go to the app.
 */
function parseQuery(text: string): Map<string, string> | null {
  if (/[%+#]/.test(text)) return null;
  const out = new Map<string, string>();
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (!out.has(name)) out.set(name, eq < 0 ? '' : part.slice(eq + 1));
  }
  return out;
}

/** Whether a header is sent more than once (Node keeps the first Content-Type; a Fetch Headers joins them). */
function duplicated(raw: string[], name: string): boolean {
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name && ++seen > 1) return true;
  }
  return false;
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
