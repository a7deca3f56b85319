// Hash routes, because the server only knows / and static files: `#/`, `#/<slug>?seed=N`,
// `#/<slug>?seed=N&replay=<actions>` (actions as base64url of their JSON array). `online=1` on any route
// plays through the server's HTTP API instead of the in-page worker.
import { base64UrlDecode, base64UrlEncode } from '@hearth/engine';

export type Route =
  | { page: 'home'; online?: boolean }
  | { page: 'game'; slug: string; seed: number | undefined; replay: unknown[] | undefined; online?: boolean };

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const [rawPath = '', query = ''] = path.split('?', 2);
  const slug = rawPath.replace(/^\/+|\/+$/g, '');
  const params = new URLSearchParams(query);
  const online = params.get('online') === '1' ? { online: true } : {};
  if (!slug || !SLUG.test(slug)) return { page: 'home', ...online };
  return { page: 'game', slug, seed: parseSeed(params.get('seed')), replay: decodeActions(params.get('replay')), ...online };
}

export function formatRoute(route: Route): string {
  if (route.page === 'home') return route.online ? '#/?online=1' : '#/';
  const params: string[] = [];
  if (route.seed !== undefined) params.push(`seed=${route.seed}`);
  if (route.replay !== undefined) params.push(`replay=${encodeActions(route.replay)}`);
  if (route.online) params.push('online=1');
  return `#/${route.slug}${params.length ? `?${params.join('&')}` : ''}`;
}

/** A u32 seed, or undefined when the text is not a whole number in [0, 2^32). */
export function parseSeed(text: string | null | undefined): number | undefined {
  if (text == null || !/^\d{1,10}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n <= 0xffffffff ? n : undefined;
}

export function encodeActions(actions: readonly unknown[]): string {
  return base64UrlEncode(new TextEncoder().encode(JSON.stringify(actions)));
}

/** The action list inside a replay parameter, or undefined when it is absent or does not decode to an array. */
export function decodeActions(text: string | null | undefined): unknown[] | undefined {
  if (text == null) return undefined;
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(text)));
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh seed for "new game" when the field is empty: not a rule, just the player's choice of game. */
export function randomSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] as number;
}
