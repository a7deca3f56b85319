import { AGENT_MAX, type BoardKind, CURRENT_CHALLENGE, type PlayerKind, type Store } from '@hearth/store';
import { fail, json } from '../http/answer.ts';
import type { Router } from '../http/router.ts';
import { dayNumber, utcDate } from './challenge-daily.ts';
import { type ServerContext, unknownGame } from './context.ts';
import { runUrl } from './runs.ts';

export const BOARD_MAX_LIMIT = 100;
const BOARDS = new Set<BoardKind>(['all', 'daily', 'challenge']);
const KINDS = new Set<PlayerKind>(['human', 'agent']);

/**
 * GET /api/leaderboards/:slug?board=all|daily|challenge&date=&challenge=&agent=&kind=human|agent&limit=&cursor=
 * The board is one SQL statement in the store (best verified run per player, ties to the earlier run).
 */
export function registerBoardRoutes(router: Router, ctx: ServerContext, store: Store, now: () => number = Date.now): void {
  router.get('/api/leaderboards/:slug', async (x) => {
    x.route = '/api/leaderboards/:slug';
    const slug = x.param('slug');
    if (!ctx.games.has(slug)) return unknownGame(ctx, slug);
    x.game = slug;
    const q = (name: string) => x.query(name);
    const board = (q('board') ?? 'all') as BoardKind;
    if (!BOARDS.has(board)) return fail(400, 'invalid_query', 'board must be all, daily or challenge');
    const kind = q('kind') as PlayerKind | undefined;
    if (kind !== undefined && !KINDS.has(kind)) return fail(400, 'invalid_query', 'kind must be human or agent');
    const agent = q('agent');
    if (agent !== undefined && (agent.length === 0 || agent.length > AGENT_MAX)) {
      return fail(400, 'invalid_query', `agent must be 1-${AGENT_MAX} characters`);
    }
    const rawLimit = q('limit') ?? '20';
    const limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > BOARD_MAX_LIMIT) return fail(400, 'invalid_query', `limit must be an integer from 1 to ${BOARD_MAX_LIMIT}`);
    const date = q('date') ?? utcDate(now());
    if (board === 'daily' && dayNumber(date) === null) return fail(400, 'invalid_query', 'date must be a UTC date, YYYY-MM-DD');
    const challenge = q('challenge') ?? CURRENT_CHALLENGE;
    if (board === 'challenge' && !(await store.challenges.get(challenge))) {
      return fail(404, 'unknown_challenge', `no challenge set ${JSON.stringify(challenge.slice(0, 64))}; see /api/challenges`);
    }
    const cursor = q('cursor');
    let page: Awaited<ReturnType<Store['boards']['page']>>;
    try {
      page = await store.boards.page({ game: slug, board, date, challenge, agent, kind, limit, cursor });
    } catch (error) {
      if (error instanceof RangeError)
        return fail(400, 'invalid_query', 'cursor is not one this server made (pass nextCursor back unchanged)');
      throw error;
    }
    const base = ctx.baseUrl(x);
    const next = new URL(`${base}/api/leaderboards/${slug}`);
    for (const [k, v] of Object.entries({
      board,
      date: board === 'daily' ? date : undefined,
      challenge: board === 'challenge' ? challenge : undefined,
      agent,
      kind,
      limit: String(limit),
    })) {
      if (v !== undefined) next.searchParams.set(k, v);
    }
    if (page.nextCursor) next.searchParams.set('cursor', page.nextCursor);
    return json({
      ok: true,
      game: slug,
      board,
      ...(board === 'daily' ? { date } : {}),
      ...(board === 'challenge' ? { challenge, score: 'mean normalised score over the set: random bot 0, strong bot 100' } : {}),
      rows: page.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), runUrl: runUrl(base, r.runId) })),
      nextCursor: page.nextCursor,
      next: page.nextCursor ? next.toString() : null,
    });
  });
}
