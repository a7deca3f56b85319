// A hearth server's HTTP API as a WireEngine. The server seals what it hands out (an HMAC `seal` inside plain states,
// an encrypted stateToken), so every body goes back exactly as it came. Busy answers (429, 503 with Retry-After)
// are waited out and sent again, a bounded number of times; a step's transport failures come back as refusals
// (reason server_unreachable, server_error or http_<status>), everything else's as a TransportError.
import type { ActResponse, OkResponse, Spec, VerifyOutcome } from '@hearth/engine';
import { type BusyPolicy, sendUntilNotBusy } from './busy.ts';
import { failure, type GameInfo, TransportError, type WireEngine } from './types.ts';

/** The part of fetch this needs (injectable: tests, an in-process server's request). */
export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; headers?: { get(name: string): string | null }; text(): Promise<string> }>;

/** The fetch to use and how busy answers are waited out (busy.ts: 3 times, at most 30 s each, by default). */
export interface HttpOptions extends BusyPolicy {
  fetch?: FetchLike;
}

type Answer = { status: number; body: unknown } | { error: string };

export function httpEngine(server: string, options: HttpOptions = {}): WireEngine {
  const base = server.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const policy: BusyPolicy = options;
  const gamePath = (slug: string) => `/api/games/${encodeURIComponent(slug)}`;

  /** One call, busy answers waited out; the JSON body and status, or why there is none. */
  const call = async (path: string, body?: unknown): Promise<Answer> => {
    const url = `${base}${path}`;
    const init =
      body === undefined
        ? { method: 'GET' }
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    let status: number;
    let text: string;
    try {
      const res = await sendUntilNotBusy(() => fetchImpl(url, init), policy);
      status = res.status;
      text = await res.text();
    } catch (error) {
      return { error: `${url}: ${error instanceof Error ? error.message : String(error)}` };
    }
    try {
      return { status, body: JSON.parse(text) };
    } catch {
      return { error: `${url} answered HTTP ${status} with a body that is not JSON` };
    }
  };

  /** The body of a call that must succeed, or a TransportError naming what the server said. */
  const must = async <T>(path: string, body?: unknown): Promise<T> => {
    const answer = await call(path, body);
    if ('error' in answer) throw new TransportError(answer.error, 'server_unreachable');
    const b = answer.body as { ok?: unknown; reason?: unknown; message?: unknown };
    if (answer.status >= 400 || b?.ok === false) {
      const reason = typeof b?.reason === 'string' ? b.reason : `http_${answer.status}`;
      throw new TransportError(`${base}${path}: ${String(b?.message ?? `HTTP ${answer.status}`)}`, reason);
    }
    return answer.body as T;
  };

  return {
    async games() {
      const index = await must<{ games: GameInfo[] }>('/api/games');
      return index.games.map(({ slug, name, genre, description, goal }) => ({ slug, name, genre, description, goal }));
    },
    spec: (slug) => must<Spec>(`${gamePath(slug)}/spec`),
    async init(slug, seed, initOptions) {
      const first = await must<OkResponse>(`${gamePath(slug)}/init?seed=${seed >>> 0}${initOptions?.compact ? '&view=compact' : ''}`);
      if (!first.spec || typeof first.spec !== 'object')
        throw new TransportError(`${base} answered init for ${slug} without a spec`, 'server_error');
      return first;
    },
    async act(slug, body, stepOptions) {
      // The server's compact view carries the recap the local wire adds (`view.recap`); both are given.
      const compact = stepOptions?.recap || stepOptions?.compact;
      const answer = await call(`${gamePath(slug)}/action${compact ? '?view=compact' : ''}`, body);
      if ('error' in answer) return failure(answer.error.includes('not JSON') ? 'server_error' : 'server_unreachable', answer.error);
      const r = answer.body as ActResponse & { view?: { recap?: unknown }; message?: string };
      const raw = answer.body as Record<string, unknown> | null;
      if (r && typeof r === 'object' && typeof r.ok === 'boolean') {
        if (!r.ok) return { ...r, message: r.message ?? r.reason, legalActions: Array.isArray(r.legalActions) ? r.legalActions : [] };
        if (stepOptions?.recap && r.recap === undefined && r.view?.recap !== undefined) r.recap = r.view.recap as ActResponse['recap'];
        return r;
      }
      const message = raw && typeof raw === 'object' && 'message' in raw ? String(raw.message) : 'no ok field';
      return failure(answer.status >= 400 ? `http_${answer.status}` : 'server_error', `${base} answered HTTP ${answer.status}: ${message}`);
    },
    async verify(slug, seed, actions): Promise<VerifyOutcome> {
      const answer = await call(`${gamePath(slug)}/verify`, { seed, actions });
      if ('error' in answer) throw new TransportError(answer.error, 'server_unreachable');
      const r = answer.body as Record<string, unknown>;
      if (answer.status >= 400)
        throw new TransportError(`${base}: ${String(r?.message ?? `HTTP ${answer.status}`)}`, String(r?.reason ?? `http_${answer.status}`));
      if (r.ok !== true) return { ok: false, index: r.index as number, reason: String(r.reason), message: String(r.message) };
      return {
        ok: true,
        score: r.score as number,
        gameOver: r.gameOver as boolean,
        turns: r.turns as number,
        stateHash: r.stateHash as string,
        end: (r.end as string | null) ?? null,
      };
    },
  };
}
