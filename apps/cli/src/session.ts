// A game being played, wherever the engine runs: in this process through the engine's wire protocol
// (createWire, PlainTokenCodec), or on a server through the HTTP API. Both speak the gameboard shapes,
// and both carry the state the way the game's spec says ({ state } or { stateToken }).
import { createWire, type Game, nextBody, type OkResponse, type Recap, type Refusal, type Spec } from '@hearth/engine';

export type Response = OkResponse | Refusal;

export interface Session {
  readonly slug: string;
  readonly spec: Spec;
  readonly seed: number;
  /** The last accepted response (init's at first). */
  readonly current: OkResponse;
  /**
   * Sends one action; on success `current` moves on, on a refusal nothing changes. With `recap`, an accepted
   * response carries the engine's "what happened" (`recap`): the wire's own locally, `?view=compact`'s
   * `view.recap` from a server (absent when the server predates it).
   */
  act(action: unknown, options?: ActOptions): Promise<Response>;
}

export interface ActOptions {
  recap?: boolean;
  /** Add `view` (the engine's CompactView, recap included) to an accepted response. */
  compact?: boolean;
}

export interface SessionOptions {
  /** Every response, init's included, carries `view` (the engine's CompactView; `?view=compact` from a server). */
  compact?: boolean;
}

/** The engine's recap of an accepted response, wherever the transport put it. */
export function recapOf(response: Response): Recap | undefined {
  if (!response.ok) return undefined;
  const direct = response.recap as Recap | undefined;
  const view = response.view as { recap?: Recap } | undefined;
  const recap = direct ?? view?.recap;
  return recap && typeof recap.text === 'string' ? recap : undefined;
}

export function localSession(game: Game, seed: number, sessionOptions: SessionOptions = {}): Session {
  const wire = createWire(game);
  let current: OkResponse = wire.init(seed, { compact: sessionOptions.compact });
  return {
    slug: game.slug,
    spec: game.spec,
    seed,
    get current() {
      return current;
    },
    async act(action, options) {
      const compact = sessionOptions.compact || options?.compact;
      const response = wire.act(nextBody(game.spec, current, action), { recap: options?.recap, compact });
      if (response.ok) current = response;
      return response;
    },
  };
}

/** Fetch-like function, injectable for tests. */
export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

export async function remoteSession(
  server: string,
  slug: string,
  seed: number,
  fetchImpl: FetchLike = fetch,
  sessionOptions: SessionOptions = {},
): Promise<Session> {
  const base = `${server.replace(/\/+$/, '')}/api/games/${encodeURIComponent(slug)}`;
  const init = await request(fetchImpl, `${base}/init?seed=${seed}${sessionOptions.compact ? '&view=compact' : ''}`);
  if (!init.ok) throw new Error(`${server} refused to start ${slug}: ${init.message}`);
  const spec = (init as OkResponse).spec as Spec | undefined;
  if (!spec || typeof spec !== 'object') throw new Error(`${server} answered init for ${slug} without a spec`);
  let current = init as OkResponse;
  return {
    slug,
    spec,
    seed,
    get current() {
      return current;
    },
    async act(action, options) {
      const url = options?.recap || options?.compact || sessionOptions.compact ? `${base}/action?view=compact` : `${base}/action`;
      const response = await request(fetchImpl, url, nextBody(spec, current, action));
      if (response.ok) current = response;
      return response;
    },
  };
}

/** One API call. Transport failures and non-JSON answers come back as refusals, never as throws. */
async function request(fetchImpl: FetchLike, url: string, body?: unknown): Promise<Response> {
  let status = 0;
  let text = '';
  try {
    const res = await fetchImpl(
      url,
      body === undefined
        ? { method: 'GET' }
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    status = res.status;
    text = await res.text();
  } catch (error) {
    return failure('server_unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure('server_error', `${url} answered HTTP ${status} with a body that is not JSON`);
  }
  if (parsed && typeof parsed === 'object' && 'ok' in parsed && typeof parsed.ok === 'boolean') {
    const r = parsed as Response;
    if (!r.ok) return { ...r, message: r.message ?? r.reason, legalActions: Array.isArray(r.legalActions) ? r.legalActions : [] };
    return r;
  }
  const message = parsed && typeof parsed === 'object' && 'message' in parsed ? String(parsed.message) : text.slice(0, 200);
  return failure(status >= 400 ? `http_${status}` : 'server_error', `${url} answered HTTP ${status}: ${message}`);
}

function failure(reason: string, message: string): Refusal {
  return { ok: false, reason, message, legalActions: [] };
}
