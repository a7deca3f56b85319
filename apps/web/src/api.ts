// The server's run and leaderboard routes (issue 13). The page works without them (static hosting): every call
// answers `{ ok: false, absent: true }` when nothing at this origin speaks the API, so pages can say so plainly.
import { type BusyPolicy, sendUntilNotBusy } from '@hearth/client';
import type { Json } from '@hearth/engine';

export interface RunRecord {
  id: string | number;
  game: string;
  seed: number;
  actions: Json[];
  player: string;
  agent: string | null;
  score: number;
  turns: number;
  end: string | null;
  stateHash: string;
  version: string;
  createdAt: string;
}
export interface BoardEntry {
  rank: number;
  player: string;
  agent: string | null;
  score: number;
  runId: string | number;
  createdAt: string;
  /** challenge board: `score` is the mean normalised score; raw is the total of the best raw scores. */
  raw?: number;
  seeds?: number;
  normalized?: number | null;
}
export interface Submitted {
  runId: string | number;
  score: number;
  rank: number | null;
  url: string;
  duplicate: boolean;
  /** whose run it is: for a duplicate, the player it was first stored under */
  player?: string;
  playerKey?: string;
}
/**
 * An answer of the server's API. A failure says which: `unreachable` (the request never got an answer: the
 * server is down or the network is), `absent` (something answered that is not the API: a static file server),
 * else the API's own refusal (`status`, `reason`, `message`).
 */
export type ApiResult<T> =
  | ({ ok: true } & T)
  | { ok: false; absent?: boolean; unreachable?: boolean; status?: number; reason?: string; message: string };

/** What a player reads when the page cannot reach the server (never a developer's instruction). */
export const UNREACHABLE = 'The Hearth server cannot be reached right now (it may be down, or you may be offline).';
/** What a player reads when this copy of the page is served without the server's API. */
export const ABSENT = 'This copy of Hearth runs without its server, so leaderboards, dailies and stored runs are not available here.';

/** The player's words for a failed answer: unreachable, absent, or the server's own message. */
export const failureText = (r: { absent?: boolean; unreachable?: boolean; message: string }) =>
  r.unreachable ? UNREACHABLE : r.absent ? ABSENT : r.message;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * A page waits out a busy server (429 or 503 with Retry-After: @hearth/client's policy) up to three times, but never
 * longer than 10 s a time: a player is watching. A longer wait is answered at once with the server's own message.
 */
export const PAGE_BUSY: BusyPolicy = { retries: 3, maxWaitSeconds: 10 };

export async function callApi<T>(
  path: string,
  init: RequestInit = {},
  fetchImpl: Fetch = (i, o) => fetch(i, o),
  busy: BusyPolicy = PAGE_BUSY,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    const url = new URL(path, document.baseURI).toString();
    response = await sendUntilNotBusy(() => fetchImpl(url, init), busy);
  } catch {
    return { ok: false, absent: true, unreachable: true, message: UNREACHABLE };
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // a static server answers 404 with a page or plain text: there is no API here
    return { ok: false, absent: true, status: response.status, message: ABSENT };
  }
  const b = (body ?? {}) as { ok?: unknown; reason?: unknown; message?: unknown; error?: unknown };
  if (!response.ok || b.ok === false) {
    const message = String(b.message ?? b.error ?? `the server answered ${response.status}`);
    return { ok: false, status: response.status, ...(typeof b.reason === 'string' ? { reason: b.reason } : {}), message };
  }
  return { ...(body as T), ok: true } as ApiResult<T>;
}

const keyOf = (player: string) => `hearth:key:${player}`;
export const PLAYER_NAME = 'hearth:player';

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}
export const savedName = (): string => storage()?.getItem(PLAYER_NAME) ?? '';
/**
 * The key this browser holds for a name. Names are unique ignoring case on the server (`Alice` is `alice`), so a
 * key kept under any spelling of the name is the name's key.
 */
export function savedKey(player: string): string | null {
  const s = storage();
  if (!s) return null;
  const exact = s.getItem(keyOf(player));
  if (exact) return exact;
  const wanted = keyOf(player).toLowerCase();
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.toLowerCase() === wanted) return s.getItem(k);
  }
  return null;
}

/** Every name this browser holds a key for, with its key (the home page shows them so they can be taken along). */
export function heldKeys(): { player: string; key: string }[] {
  const s = storage();
  if (!s) return [];
  const out: { player: string; key: string }[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith('hearth:key:')) out.push({ player: k.slice('hearth:key:'.length), key: s.getItem(k) ?? '' });
  }
  return out.filter((x) => x.key).sort((a, b) => a.player.localeCompare(b.player));
}

/**
 * Keeps a name's key brought from another browser (pasted by the player). Nothing is checked here: the server
 * checks the key on the next submit, and a wrong key is refused then with nothing stored.
 */
export function adoptKey(player: string, key: string): boolean {
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(keyOf(player), key);
    s.setItem(PLAYER_NAME, player);
    return true;
  } catch {
    return false;
  }
}

/** What a person reads when the server refuses a name's key (its own message is addressed to programs). */
export function nameRefusal(player: string, reason: string | undefined): string | undefined {
  if (reason === 'key_required' || reason === 'wrong_key') {
    return `the name “${player}” belongs to another player, or to you in another browser (names ignore case: “${player.toLowerCase()}” is the same name). If it is yours, paste its key under “Your name” on the home page; otherwise choose another name.`;
  }
  return undefined;
}

/** A player key for a first claim, chosen here: `hk_` and 256 random bits in base64url (the server's form). */
function chooseKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `hk_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;
}

/**
 * POST /api/runs with the name's key when this device holds one. For a name it has none for, a key is chosen
 * and kept in localStorage before sending, so a claim whose answer is lost is sent again under the same key and
 * the name stays this browser's; a chosen key the server refuses (the name is another player's) is dropped.
 */
export async function submitRun(run: { game: string; seed: number; actions: unknown[]; player: string }): Promise<ApiResult<Submitted>> {
  let key = savedKey(run.player);
  let chosen: string | null = null;
  if (!key) {
    try {
      chosen = chooseKey();
      storage()?.setItem(keyOf(run.player), chosen);
      key = chosen;
    } catch {
      chosen = null; // no storage: the server issues the key and the page shows it once
    }
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  const r = await callApi<Submitted>('api/runs', { method: 'POST', headers, body: JSON.stringify(run) });
  if (!r.ok && chosen && r.reason === 'wrong_key') storage()?.removeItem(keyOf(run.player));
  // A claim made with the chosen key: the page says the name is now this browser's, as for an issued key.
  if (r.ok && chosen && !r.duplicate && !r.playerKey) r.playerKey = chosen;
  if (r.ok) {
    const s = storage();
    try {
      s?.setItem(PLAYER_NAME, run.player);
      if (r.playerKey) s?.setItem(keyOf(run.player), r.playerKey);
    } catch {
      // storage full or blocked: the key is shown once on the page instead
    }
  }
  return r;
}

/** GET /api/runs/{id}: the run's fields at the top level (or under `run`, as the first draft of the route had it). */
export async function fetchRun(id: string): Promise<ApiResult<{ run: RunRecord }>> {
  const r = await callApi<RunRecord & { run?: RunRecord }>(`api/runs/${encodeURIComponent(id)}`);
  if (!r.ok) return r;
  return { ok: true, run: r.run ?? r };
}

/** One board page; `kind` undefined is everyone (people and agents), the board a submit's `rank` is counted on. */
export function fetchBoard(
  slug: string,
  board: string,
  kind: 'human' | 'agent' | undefined,
  cursor?: string,
  limit = 20,
  challenge?: string,
) {
  const q = new URLSearchParams({ board, limit: String(limit) });
  if (kind) q.set('kind', kind);
  if (challenge && board === 'challenge') q.set('challenge', challenge);
  if (cursor) q.set('cursor', cursor);
  return callApi<{ rows?: BoardEntry[]; entries?: BoardEntry[]; nextCursor: string | null }>(
    `api/leaderboards/${encodeURIComponent(slug)}?${q}`,
  );
}

export const fetchChallenges = (slug: string) => callApi<Record<string, Json>>(`api/challenges/${encodeURIComponent(slug)}`);
