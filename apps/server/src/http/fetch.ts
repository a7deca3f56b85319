// The handler under a Fetch Request and Response: the in-process adapter (tests, and the MCP server's calls into
// the API on a client's behalf). What it hands the handler and what it makes of the answer are what node.ts does
// over a socket, so a route answers the same through either (test/adapters.test.ts).
import { readStreamBody } from './body.ts';
import type { Handler } from './handler.ts';
import { type Answer, decodePath, type HttpRequest } from './request.ts';

export interface InProcessOptions {
  /** The client on whose behalf the request is made (its rate limit, its address in the log). */
  client?: string;
  /** An operator's request (as on ADMIN_PORT). */
  admin?: boolean;
  /** The socket peer the request stands for (tests: a loopback client), '' by default: no socket. */
  peer?: string;
  /** An episode record beside the body (a batch's run). */
  record?: string;
}

/** Answers a Fetch Request (a path is taken relative to http://localhost) through the handler. */
export async function fetchThrough(
  handler: Handler,
  input: Request | string,
  init?: RequestInit,
  options: InProcessOptions = {},
): Promise<Response> {
  const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
  const answer = await handler(fetchRequest(request, options));
  return toResponse(answer);
}

function fetchRequest(request: Request, options: InProcessOptions): HttpRequest {
  const url = request.url;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const target = start < 0 ? '/' : url.slice(start);
  const hash = target.indexOf('#');
  const bare = hash < 0 ? target : target.slice(0, hash);
  const q = bare.indexOf('?');
  return {
    method: request.method,
    path: decodePath(q < 0 ? bare : bare.slice(0, q)),
    query: q < 0 ? '' : bare.slice(q + 1),
    header: (name) => request.headers.get(name) ?? undefined,
    headerEntries: () => {
      const entries: [string, string][] = [];
      request.headers.forEach((value, name) => {
        entries.push([name, value]);
      });
      return entries;
    },
    body: (maxBytes) => readStreamBody(request.body, Number(request.headers.get('content-length') ?? Number.NaN), maxBytes),
    peer: options.peer ?? '',
    authority: new URL(url).host,
    admin: options.admin === true,
    client: options.client,
    record: options.record,
  };
}

/** The answer as a Response, with the Content-Length node:http would send. */
export function toResponse(answer: Answer): Response {
  const headers = new Headers(answer.headers);
  const { body } = answer;
  if (body !== null && !(body instanceof ReadableStream) && !headers.has('content-length')) {
    headers.set('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  }
  const status = answer.status;
  const empty = status === 204 || status === 304 || body === null;
  return new Response(empty ? null : (body as BodyInit), { status, headers });
}
