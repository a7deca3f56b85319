// A named player's plays, for the web app's stats page (issue 33): every finished run the page played under the
// name, submitted or not, so the name's key taken to another browser brings the history and the daily streak
// along. Both routes need the name's key (Authorization: Bearer); a play is the player's own record, never a
// leaderboard entry (those are verified runs, POST /api/runs).
import { checkName, checkPlay, PLAYS_PER_REQUEST, type Play, type PlayRefusal, type Store } from '@hearth/store';
import { type Answer, fail, isAnswer, json } from '../http/answer.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import { type ServerContext, unknownGame } from './context.ts';
import { readJson } from './read-json.ts';

export const PLAYER_METHODS: Record<string, string> = { '/api/players/:name/plays': 'GET, HEAD, POST' };

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** The name from the path and the key from Authorization, or the refusal. */
function who(x: Exchange): { name: string; key: string | null } | Answer {
  const name = x.param('name');
  const problem = checkName(name);
  if (problem) return fail(400, 'invalid_player', problem);
  const authorization = x.header('authorization');
  const bearer = authorization === undefined ? null : BEARER.exec(authorization);
  if (authorization !== undefined && !bearer) return fail(401, 'invalid_key', 'Authorization must be "Bearer <player key>"');
  return { name, key: bearer?.[1] ?? null };
}

/** The store's refusal of a name or key, as an answer. */
function refused(reason: PlayRefusal, name: string): Answer {
  if (reason === 'unknown_player')
    return fail(404, 'unknown_player', `no player is called ${name}: a name is claimed by its first submitted run (POST /api/runs)`);
  if (reason === 'key_required') return fail(401, 'key_required', `the plays of ${name} need the name's key (Authorization: Bearer <key>)`);
  return fail(403, 'wrong_key', `that key is not the key of ${name}`);
}

export function registerPlayerRoutes(router: Router, ctx: ServerContext, store: Store, now: () => number = Date.now): void {
  router.get('/api/players/:name/plays', async (x) => {
    x.route = '/api/players/:name/plays';
    const id = who(x);
    if (isAnswer(id)) return id;
    const game = x.query('game') ?? '';
    if (!ctx.games.has(game)) return unknownGame(ctx, game);
    x.game = game;
    const raw = x.query('limit') ?? String(PLAYS_PER_REQUEST);
    const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
    if (limit < 1 || limit > PLAYS_PER_REQUEST)
      return fail(400, 'invalid_query', `limit must be an integer from 1 to ${PLAYS_PER_REQUEST}`);
    const answer = await store.plays.list(id.name, id.key, game, limit);
    if (typeof answer === 'string') return refused(answer, id.name);
    return json({ ok: true, player: id.name, game, plays: answer.plays });
  });

  router.post('/api/players/:name/plays', async (x) => {
    x.route = '/api/players/:name/plays';
    const id = who(x);
    if (isAnswer(id)) return id;
    const parsed = await readJson(ctx, x);
    if (isAnswer(parsed)) return parsed;
    const body = parsed.value;
    const game = typeof body.game === 'string' ? body.game : '';
    if (!ctx.games.has(game)) return unknownGame(ctx, game);
    x.game = game;
    if (!Array.isArray(body.plays)) return fail(400, 'invalid_body', 'plays must be an array of { day, score, seed, at, daily? }');
    if (body.plays.length > PLAYS_PER_REQUEST)
      return fail(400, 'invalid_body', `plays has ${body.plays.length} items; send at most ${PLAYS_PER_REQUEST} at a time`);
    const at = now();
    for (const [i, p] of body.plays.entries()) {
      const problem = checkPlay(p, at);
      if (problem) return fail(400, 'invalid_play', `plays[${i}]: ${problem}; nothing was stored`);
    }
    const plays = (body.plays as Play[]).map(({ day, score, seed, at: when, daily }) => ({
      day,
      score,
      seed,
      at: when,
      ...(daily ? { daily } : {}),
    }));
    const answer = await store.plays.add(id.name, id.key, game, plays);
    if (typeof answer === 'string') return refused(answer, id.name);
    return json({ ok: true, player: id.name, game, added: answer.added });
  });
}
