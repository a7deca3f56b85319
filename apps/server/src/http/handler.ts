// The one handler: a request in, an answer out, every route's decision on the way. The steps, in order:
//   1. the request's id (the client's X-Request-Id when it is a valid one);
//   2. the API's CORS headers, and a preflight answered at once;
//   3. the per-client rate limit (health probes exempt);
//   4. the route the router finds, its thrown errors turned into answers (never a stack to the client);
//   5. the answer finished: the id, CORS and drain headers, compression, HEAD's body dropped, its refusal
//      counted, one metrics sample and one log line.
// An adapter (node.ts, fetch.ts) only turns its own request into an HttpRequest and writes the Answer back.
import { fail } from './answer.ts';
import { compressionHeaders, encodeBody } from './compress.ts';
import { Exchange } from './exchange.ts';
import type { Answer, HttpRequest } from './request.ts';
import type { Router } from './router.ts';

export type Handler = (req: HttpRequest) => Answer | Promise<Answer>;

export interface HandlerOptions {
  router: Router;
  /** The request's id: the client's X-Request-Id when it is a valid one, else a fresh one. */
  requestId(given: string | undefined): string;
  /** Draining for shutdown: every answer says `Connection: close`. */
  draining(): boolean;
  /** The rate limit for the request's client: 0 to go ahead, else the seconds to wait. */
  limit(x: Exchange): number;
  /** An answer with ok:false, counted under its route and game. */
  refusal(route: string, game: string, reason: string): void;
  /** One finished request: its metrics sample and log line. */
  record(x: Exchange, status: number, started: number): void;
  /** The answer to an error a route threw (the caller logs it under the request id). */
  error(error: unknown, x: Exchange): Answer;
}

/** Paths never rate-limited: a balancer's probes must not be refused for a busy client's sake. */
const UNLIMITED_PATHS = new Set(['/healthz', '/livez', '/readyz']);
const CORS_HEADERS = {
  // The API holds no cookies or sessions, so any origin may call it (browser-based agents included).
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Request-Id, Retry-After',
};
const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, POST',
  'access-control-allow-headers': 'Content-Type, X-Request-Id, Authorization',
  'access-control-max-age': '86400',
};

export function createHandler(options: HandlerOptions): Handler {
  const { router } = options;

  /** Step 5: the headers every answer carries, compression, HEAD, the refusal count, the sample and log line. */
  const finish = (x: Exchange, answer: Answer, started: number, drainingAtStart: boolean): Answer => {
    const headers: Record<string, string> = { 'x-request-id': x.requestId };
    if (drainingAtStart || options.draining()) headers.connection = 'close';
    if (x.path.startsWith('/api/')) Object.assign(headers, CORS_HEADERS);
    Object.assign(headers, answer.headers);
    let body = answer.body;
    if (answer.compress && typeof body === 'string') {
      const encoded = encodeBody(body, x.header('accept-encoding'));
      body = encoded.body;
      if (encoded.vary) Object.assign(headers, compressionHeaders(encoded));
    }
    if (x.method === 'HEAD') body = null;
    if (answer.reason !== undefined) options.refusal(x.route, x.game, answer.reason);
    options.record(x, answer.status, started);
    return { status: answer.status, headers, body };
  };

  const failed = (x: Exchange, error: unknown, started: number, draining: boolean) => finish(x, options.error(error, x), started, draining);

  return (req) => {
    const started = performance.now();
    const x = new Exchange(req, options.requestId(req.header('x-request-id')));
    const draining = options.draining();
    if (req.method === 'OPTIONS' && req.path.startsWith('/api/')) {
      x.route = 'cors_preflight';
      return finish(x, { status: 204, headers: PREFLIGHT_HEADERS, body: null }, started, draining);
    }
    if (!UNLIMITED_PATHS.has(req.path)) {
      const wait = options.limit(x);
      if (wait > 0) {
        x.route = 'rate_limited';
        const limited = fail(429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, {
          'retry-after': String(wait),
        });
        return finish(x, limited, started, draining);
      }
    }
    const matched = router.match(req.method, req.path);
    if (matched === null) {
      return finish(x, fail(404, 'not_found', 'no such route; see /docs/api'), started, draining);
    }
    x.params = matched.params;
    let made: Answer | Promise<Answer>;
    try {
      made = matched.handler(x);
    } catch (error) {
      return failed(x, error, started, draining);
    }
    if (made instanceof Promise) {
      return made.then(
        (answer) => finish(x, answer, started, draining),
        (error: unknown) => failed(x, error, started, draining),
      );
    }
    return finish(x, made, started, draining);
  };
}
