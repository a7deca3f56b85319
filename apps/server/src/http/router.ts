// Which route takes a request: patterns of literal segments and `:name` parameters (one non-empty segment each),
// or `*` for every path; tried in the order they were added, the first that matches takes it. A GET route also
// takes HEAD (the handler drops the body); `ALL` takes every method.
import type { Exchange } from './exchange.ts';
import type { Answer } from './request.ts';

export type RouteHandler = (x: Exchange) => Answer | Promise<Answer>;

interface Route {
  method: string;
  pattern: string;
  /** Literal segments, or null where a parameter stands; null for `*`. */
  segments: (string | null)[] | null;
  names: string[];
  handler: RouteHandler;
}

export class Router {
  readonly #routes: Route[] = [];

  get(pattern: string, handler: RouteHandler): void {
    this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: RouteHandler): void {
    this.add('POST', pattern, handler);
  }

  all(pattern: string, handler: RouteHandler): void {
    this.add('ALL', pattern, handler);
  }

  add(method: string, pattern: string, handler: RouteHandler): void {
    if (pattern === '*') {
      this.#routes.push({ method, pattern, segments: null, names: [], handler });
      return;
    }
    const parts = pattern.split('/');
    this.#routes.push({
      method,
      pattern,
      segments: parts.map((p) => (p.startsWith(':') ? null : p)),
      names: parts.map((p) => (p.startsWith(':') ? p.slice(1) : '')),
      handler,
    });
  }

  /** The first route for this method and path, with its parameters; null when none takes it. */
  match(method: string, path: string): { handler: RouteHandler; params: Record<string, string> } | null {
    const parts = path.split('/');
    const asMethod = method === 'HEAD' ? 'GET' : method;
    for (const route of this.#routes) {
      if (route.method !== 'ALL' && route.method !== asMethod) continue;
      if (route.segments === null) return { handler: route.handler, params: {} };
      const params = matchSegments(route, parts);
      if (params) return { handler: route.handler, params };
    }
    return null;
  }
}

function matchSegments(route: Route, parts: string[]): Record<string, string> | null {
  const segments = route.segments as (string | null)[];
  if (segments.length !== parts.length) return null;
  let params: Record<string, string> | null = null;
  for (let i = 0; i < parts.length; i++) {
    const literal = segments[i];
    const part = parts[i] as string;
    if (literal === null) {
      if (part === '') return null;
      params ??= {};
      params[route.names[i] as string] = part;
    } else if (literal !== part) return null;
  }
  return params ?? {};
}
