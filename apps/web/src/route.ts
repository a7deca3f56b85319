// Hash routes, because the server only knows / and static files: `#/`, `#/<slug>?seed=N`,
// `#/<slug>?seed=N&replay=<actions>` (actions as base64url of their JSON array). `online=1` on any route
// plays through the server's HTTP API instead of the in-page worker.
import { base64UrlDecode, base64UrlEncode } from '@hearth/engine';
import { parseSeedText, type SeedParse } from '@hearth/rng';

export type Route =
  | { page: 'home'; online?: boolean }
  | { page: 'game'; slug: string; seed: number | undefined; replay: unknown[] | undefined; online?: boolean; badReplay?: boolean }
  | { page: 'leaderboard'; slug: string; online?: boolean }
  | { page: 'run'; id: string; online?: boolean };

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const [rawPath = '', query = ''] = path.split('?', 2);
  const slug = rawPath.replace(/^\/+|\/+$/g, '');
  const params = new URLSearchParams(query);
  const online = params.get('online') === '1' ? { online: true } : {};
  const [first = '', second = ''] = slug.split('/');
  if (first === 'leaderboard' && SLUG.test(second)) return { page: 'leaderboard', slug: second, ...online };
  if (first === 'run' && RUN_ID.test(second)) return { page: 'run', id: second, ...online };
  if (!slug || !SLUG.test(slug)) return { page: 'home', ...online };
  const rawReplay = params.get('replay');
  const replay = decodeActions(rawReplay);
  const seed = readSeed(params.get('seed'));
  return {
    page: 'game',
    slug,
    seed: seed.ok ? seed.seed : undefined,
    replay,
    ...(rawReplay !== null && replay === undefined ? { badReplay: true } : {}),
    ...online,
  };
}

export function formatRoute(route: Route): string {
  if (route.page === 'home') return route.online ? '#/?online=1' : '#/';
  if (route.page === 'leaderboard') return `#/leaderboard/${route.slug}${route.online ? '?online=1' : ''}`;
  if (route.page === 'run') return `#/run/${encodeURIComponent(route.id)}${route.online ? '?online=1' : ''}`;
  const params: string[] = [];
  if (route.seed !== undefined) params.push(`seed=${route.seed}`);
  if (route.replay !== undefined) params.push(`replay=${encodeActions(route.replay)}`);
  if (route.online) params.push('online=1');
  return `#/${route.slug}${params.length ? `?${params.join('&')}` : ''}`;
}

const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type SeedText = SeedParse;

/**
 * The API's seed rule, the one of every surface (@hearth/rng parseSeedText): a decimal integer within +-(2^53 - 1),
 * wrapped to u32, so -1 is 4294967295 here exactly as over HTTP; "abc", "1e3", "" and 2^53 are refused with the
 * API's message instead of silently becoming a random seed. Spaces around a typed seed are forgiven.
 */
export function readSeed(text: string | null | undefined): SeedText {
  return parseSeedText((text ?? '').trim());
}

/** The u32 seed of a text, or undefined when the API would refuse it. */
export function parseSeed(text: string | null | undefined): number | undefined {
  const r = readSeed(text);
  return r.ok ? r.seed : undefined;
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
