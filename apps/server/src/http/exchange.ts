import { decodeParam, type HttpRequest, parseQuery } from './request.ts';

/**
 * One request on its way through the handler: the request, the labels its metrics sample and log line carry
 * (route pattern and game, set by the route that takes it), its id, and what the router read from its path.
 */
export class Exchange {
  /** The route pattern ('unmatched' until a route takes the request). */
  route = 'unmatched';
  /** The game's slug, once a route has found it served ('' otherwise). */
  game = '';
  /** Path parameters of the matched pattern, raw (param() decodes). */
  params: Record<string, string> = {};
  #query: Map<string, string> | null = null;

  constructor(
    readonly req: HttpRequest,
    readonly requestId: string,
  ) {}

  get method(): string {
    return this.req.method;
  }

  get path(): string {
    return this.req.path;
  }

  /** A header by lower-case name. */
  header(name: string): string | undefined {
    return this.req.header(name);
  }

  /** A query parameter (its first value, decoded), or undefined. */
  query(name: string): string | undefined {
    if (this.req.query === '') return undefined;
    this.#query ??= parseQuery(this.req.query);
    return this.#query.get(name);
  }

  /** A path parameter of the matched pattern, percent-decoded. */
  param(name: string): string {
    return decodeParam(this.params[name] ?? '');
  }
}
