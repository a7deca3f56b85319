// Online mode: the same EngineService, answered by the server's HTTP API instead of the worker. The server
// seals what it hands out (an HMAC `seal` inside plain states, an encrypted stateToken), so the page sends
// back exactly what it received, as any API client does.
import type { ActResponse, Json, OkResponse, Spec } from '@hearth/engine';
import type { EngineService, GameInfo, ReplayOutcome } from './engine-service.ts';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export function createHttpEngine(base: string, fetchImpl: Fetch = (i, init) => fetch(i, init)): EngineService {
  const url = (path: string) => new URL(path, base).toString();
  /** The body as JSON. A non-2xx answer is an error, except a refusal to an action (e.g. invalid_state, HTTP 400). */
  const json = async <T>(response: Response, refusalIsAnswer = false): Promise<T> => {
    const text = await response.text();
    let body: { ok?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`the server answered ${response.status} without JSON`);
    }
    if (!response.ok && !(refusalIsAnswer && body?.ok === false))
      throw new Error(String(body?.message ?? `the server answered ${response.status}`));
    return body as T;
  };
  const get = async <T>(path: string) => json<T>(await fetchImpl(url(path)));
  const post = async <T>(path: string, body: unknown, refusalIsAnswer = false) =>
    json<T>(
      await fetchImpl(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      refusalIsAnswer,
    );
  const game = (slug: string) => `api/games/${encodeURIComponent(slug)}`;

  return {
    async games() {
      const index = await get<{ games: GameInfo[] }>('api/games');
      return index.games.map(({ slug, name, genre, description, goal }) => ({ slug, name, genre, description, goal }));
    },
    spec: (slug) => get<Spec>(`${game(slug)}/spec`),
    init: (slug, seed) => get<OkResponse>(`${game(slug)}/init?seed=${seed >>> 0}`),
    async act(slug, body, options) {
      // the server's compact view carries the same recap the worker's wire adds (`view.recap`)
      if (!options?.recap) return post<ActResponse>(`${game(slug)}/action`, body, true);
      const r = await post<ActResponse & { view?: { recap?: unknown } }>(`${game(slug)}/action?view=compact`, body, true);
      if (r.ok && r.recap === undefined && r.view?.recap !== undefined) r.recap = r.view.recap;
      return r;
    },
    async replay(slug, seed, actions: Json[]) {
      const r = await post<ReplayOutcome & Record<string, unknown>>(`${game(slug)}/verify`, { seed, actions });
      if (!r.ok) return { ok: false, index: r.index, reason: r.reason, message: r.message };
      return { ok: true, score: r.score, gameOver: r.gameOver, turns: r.turns, stateHash: r.stateHash, end: r.end };
    },
  };
}
