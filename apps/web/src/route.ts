// Hash routes, because the server only knows / and static files: `#/`, `#/<slug>?seed=N`,
// `#/<slug>?seed=N&replay=<actions>` (actions as base64url of their JSON array). `online=1` on any route
// plays through the server's HTTP API instead of the in-page worker.
import { base64UrlDecode, base64UrlEncode } from '@hearth/engine';
import { parseSeedText, type SeedParse } from '@hearth/rng';

/** The leaderboard tabs, in the order the page shows them. */
export const BOARD_TABS = ['daily', 'challenge', 'all'] as const;
export type BoardTab = (typeof BOARD_TABS)[number];

export interface GameRouteFields {
  slug: string;
  /** The seed the URL names; undefined when it names none (or one the seed rule refuses: see seedError). */
  seed: number | undefined;
  /** A recorded action list to watch step by step. */
  replay: unknown[] | undefined;
  /** The actions of a game in progress (or finished): the page replays them at once and play goes on from there. */
  play?: unknown[];
  /** Through the server's HTTP API instead of the in-page worker. */
  online?: boolean;
  /** The link carried a replay parameter that does not decode to an action list. */
  badReplay?: boolean;
  /** The URL's seed text when the seed rule refuses it, with the refusal in a player's words. */
  seedError?: { text: string; message: string };
  /** The first-game tutorial (`tutorial=1`): the game's fixed seed and its guided moves. */
  tutorial?: boolean;
}

export type Route =
  | { page: 'home'; online?: boolean }
  | ({ page: 'game' } & GameRouteFields)
  | { page: 'leaderboard'; slug: string; board?: BoardTab; online?: boolean }
  | { page: 'run'; id: string; online?: boolean; solution?: boolean }
  | { page: 'scorecard'; id: string; online?: boolean }
  | { page: 'agents'; challenge?: string; online?: boolean }
  | { page: 'stats'; slug: string; online?: boolean }
  | { page: 'unknown'; path: string; online?: boolean };

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const [rawPath = '', query = ''] = path.split('?', 2);
  const slug = rawPath.replace(/^\/+|\/+$/g, '');
  const params = new URLSearchParams(query);
  const online = params.get('online') === '1' ? { online: true } : {};
  const parts = slug.split('/');
  const [first = '', second = ''] = parts;
  if (!slug) return { page: 'home', ...online };
  if (parts.length === 2 && first === 'leaderboard' && SLUG.test(second)) {
    const board = BOARD_TABS.find((b) => b === params.get('board'));
    return { page: 'leaderboard', slug: second, ...(board ? { board } : {}), ...online };
  }
  if (parts.length === 2 && first === 'run' && RUN_ID.test(second))
    return { page: 'run', id: second, ...(params.get('solution') === '1' ? { solution: true } : {}), ...online };
  if (parts.length === 2 && first === 'scorecards' && RUN_ID.test(second)) return { page: 'scorecard', id: second, ...online };
  if (parts.length === 2 && first === 'stats' && SLUG.test(second)) return { page: 'stats', slug: second, ...online };
  if (slug === 'agents') {
    const challenge = params.get('challenge');
    return { page: 'agents', ...(challenge && SLUG.test(challenge) ? { challenge } : {}), ...online };
  }
  if (parts.length !== 1 || !SLUG.test(slug)) return { page: 'unknown', path: slug.slice(0, 200), ...online };
  const rawReplay = params.get('replay');
  const replay = decodeActions(rawReplay);
  const rawPlay = params.get('play');
  const play = decodeActions(rawPlay);
  const rawSeed = params.get('seed');
  const seed = rawSeed === null ? undefined : readSeed(rawSeed);
  return {
    page: 'game',
    slug,
    seed: seed?.ok ? seed.seed : undefined,
    replay,
    ...(play !== undefined && replay === undefined ? { play } : {}),
    ...((rawReplay !== null && replay === undefined) || (rawPlay !== null && play === undefined) ? { badReplay: true } : {}),
    ...(seed && !seed.ok ? { seedError: { text: (rawSeed ?? '').slice(0, 40), message: SEED_WORDS } } : {}),
    ...(params.get('tutorial') === '1' && replay === undefined ? { tutorial: true } : {}),
    ...online,
  };
}

export function formatRoute(route: Route): string {
  if (route.page === 'home') return route.online ? '#/?online=1' : '#/';
  if (route.page === 'unknown') return `#/${route.path}`;
  if (route.page === 'leaderboard') {
    const q = [route.board ? `board=${route.board}` : '', route.online ? 'online=1' : ''].filter(Boolean).join('&');
    return `#/leaderboard/${route.slug}${q ? `?${q}` : ''}`;
  }
  if (route.page === 'run') {
    const q = [route.solution ? 'solution=1' : '', route.online ? 'online=1' : ''].filter(Boolean).join('&');
    return `#/run/${encodeURIComponent(route.id)}${q ? `?${q}` : ''}`;
  }
  if (route.page === 'scorecard') return `#/scorecards/${encodeURIComponent(route.id)}${route.online ? '?online=1' : ''}`;
  if (route.page === 'agents') {
    const q = [route.challenge ? `challenge=${route.challenge}` : '', route.online ? 'online=1' : ''].filter(Boolean).join('&');
    return `#/agents${q ? `?${q}` : ''}`;
  }
  if (route.page === 'stats') return `#/stats/${route.slug}${route.online ? '?online=1' : ''}`;
  const params: string[] = [];
  if (route.seed !== undefined) params.push(`seed=${route.seed}`);
  if (route.replay !== undefined) params.push(`replay=${encodeActions(route.replay)}`);
  else if (route.play !== undefined && route.play.length > 0) params.push(`play=${encodeActions(route.play)}`);
  if (route.tutorial) params.push('tutorial=1');
  if (route.online) params.push('online=1');
  return `#/${route.slug}${params.length ? `?${params.join('&')}` : ''}`;
}

/** The seed rule in a player's words (the API's own message is addressed to programs). */
export const SEED_WORDS =
  'a seed is a whole number such as 42 or 2130928796: digits only, at most 16 of them, with an optional minus sign (no letters, spaces, decimals or exponents)';

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
