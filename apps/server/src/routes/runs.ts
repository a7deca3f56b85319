import { parseSeedNumber } from '@hearth/rng';
import { AGENT_MAX, checkFreeText, checkName, NOTES_MAX, type RunRecord, type Store } from '@hearth/store';
import type { Hono } from 'hono';
import { checkContentType, parseJsonBody, readBody } from '../body.ts';
import { dailySeed, utcDate } from '../challenge-daily.ts';
import { type AppContext, type AppEnv, fail, rateLimited, replayOrRespond, type ServerContext, unknownGame } from '../context.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { memberSpan } from '../state-span.ts';

export interface RunRouteDeps {
  store: Store;
  /** Most actions a submitted run may have (MAX_RUN_ACTIONS). */
  maxRunActions: number;
  /** Submissions per player name (lower-cased), on top of the per-client limit; null: none. */
  perPlayer: RateLimiter | null;
  /** Rate-limit tokens a submission costs its client beyond the request itself (plus 1 per 100 actions). */
  submitCost: number;
  now?: () => number;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** POST /api/runs and GET /api/runs/:id: verified runs, replayed off the event loop, stored only when accepted. */
export function registerRunRoutes(app: Hono<AppEnv>, ctx: ServerContext, deps: RunRouteDeps): void {
  const { store } = deps;
  const now = deps.now ?? Date.now;

  app.post('/api/runs', async (c) => {
    c.set('route', '/api/runs');
    const typeProblem = checkContentType(c.req.header('content-type'));
    if (typeProblem) return fail(ctx, c, 415, 'unsupported_media_type', typeProblem);
    const bytes = await readBody(c.env?.incoming, c.req.raw, ctx.limits.maxBytes);
    if (bytes === null)
      return fail(ctx, c, 413, 'body_too_large', `body is larger than ${ctx.limits.maxBytes} bytes`, { connection: 'close' });
    const parsed = parseJsonBody(bytes, ctx.limits);
    if (!parsed.ok) return fail(ctx, c, parsed.status, parsed.reason, parsed.message);
    const body = parsed.value as Record<string, unknown>;

    const slug = typeof body.game === 'string' ? body.game : '';
    const served = ctx.games.get(slug);
    if (!served) return unknownGame(ctx, c, slug);
    c.set('game', slug);
    const seed = parseSeedNumber(body.seed);
    if (!seed.ok) return fail(ctx, c, 400, 'invalid_seed', seed.message);
    const actions = body.actions;
    if (!Array.isArray(actions)) return fail(ctx, c, 400, 'invalid_body', 'actions must be an array of actions');
    if (actions.length > deps.maxRunActions) {
      return fail(ctx, c, 400, 'too_many_actions', `actions has ${actions.length} items; a run may have at most ${deps.maxRunActions}`);
    }
    const nameProblem = checkName(body.player);
    if (nameProblem) return fail(ctx, c, 400, 'invalid_player', nameProblem);
    const player = body.player as string;
    const textProblem = checkFreeText('agent', body.agent, AGENT_MAX) ?? checkFreeText('notes', body.notes, NOTES_MAX);
    if (textProblem) return fail(ctx, c, 400, 'invalid_body', textProblem);
    const authorization = c.req.header('authorization');
    const bearer = authorization === undefined ? null : BEARER.exec(authorization);
    if (authorization !== undefined && !bearer) return fail(ctx, c, 401, 'invalid_key', 'Authorization must be "Bearer <player key>"');
    const key = bearer?.[1] ?? null;

    // Heavier than a plain request: the client pays for the replay it asks for (one token per 100 actions).
    const wait = ctx.charge(c, deps.submitCost + Math.floor(actions.length / 100));
    if (wait > 0) return rateLimited(ctx, c, wait);

    const base = ctx.baseUrl(c);
    const existing = await store.runs.findDuplicate(slug, seed.seed, actions);
    if (existing) return c.json(answer(base, existing, (await store.runs.rankOf(slug, existing.player)) ?? 0, true));

    const check = await store.runs.checkName(player, key);
    if (check === 'key_required') return keyRequired(c, player);
    if (check === 'wrong_key') return wrongKey(c, player);
    const playerWait = deps.perPlayer?.take(player.toLowerCase()) ?? 0;
    if (playerWait > 0) return limited(c, playerWait, `too many submissions for player ${player}`);

    // Off the event loop; a full queue answers 503 busy with Retry-After.
    // The list goes to the worker as the JSON text it came in (one string copy, no structured clone of it).
    const span = memberSpan(parsed.text, 'actions');
    const job = span ? { slug, seed: seed.seed, actionsJson: parsed.text.slice(span.start, span.end) } : { slug, seed: seed.seed, actions };
    const outcome = await replayOrRespond(ctx, c, job);
    if (outcome instanceof Response) return outcome;
    if (!outcome.ok) {
      ctx.metrics.refusal(c.get('route'), slug, outcome.reason);
      // The same shape as /verify's refusal; nothing is stored.
      return c.json({ ok: false, slug, seed: seed.seed, index: outcome.index, reason: outcome.reason, message: outcome.message });
    }
    const at = now();
    const today = utcDate(at);
    const result = await store.runs.submit({
      game: slug,
      seed: seed.seed,
      actions,
      player,
      key,
      agent: (body.agent as string | undefined) ?? null,
      notes: (body.notes as string | undefined) ?? null,
      score: outcome.score,
      turns: outcome.turns,
      gameOver: outcome.gameOver,
      end: outcome.end,
      stateHash: outcome.stateHash,
      version: served.game.spec.version,
      daily: dailySeed(slug, today) === seed.seed ? today : null,
      now: at,
    });
    if (result.status === 'key_required' || result.status === 'wrong_key') {
      // Claimed by a concurrent submission after the check above.
      return result.status === 'key_required' ? keyRequired(c, player) : wrongKey(c, player);
    }
    const response = answer(base, result.run, result.rank, result.status === 'duplicate');
    if (result.status === 'stored' && result.playerKey) {
      return c.json(
        {
          ...response,
          playerKey: result.playerKey,
          keyNote: 'keep this key: it is shown once and needed for every later run under this name',
        },
        201,
      );
    }
    return c.json(response, result.status === 'stored' ? 201 : 200);
  });

  app.get('/api/runs/:id', async (c) => {
    c.set('route', '/api/runs/:id');
    const raw = c.req.param('id');
    const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
    const run = id > 0 ? await store.runs.get(id) : null;
    if (!run) return fail(ctx, c, 404, 'not_found', `no run ${JSON.stringify(raw.slice(0, 32))}`);
    c.set('game', ctx.games.has(run.game) ? run.game : '');
    return c.json({
      ok: true,
      ...publicRun(run),
      url: runUrl(ctx.baseUrl(c), run.id),
      verifyUrl: `${ctx.baseUrl(c)}/api/games/${run.game}/verify`,
    });
  });

  const limited = (c: AppContext, wait: number, what: string) =>
    fail(ctx, c, 429, 'rate_limited', `${what}; retry in ${wait} s`, { 'retry-after': String(wait) });
  const keyRequired = (c: AppContext, player: string) =>
    fail(ctx, c, 401, 'key_required', `the name ${player} is claimed: send its player key as Authorization: Bearer <key>`, {
      'www-authenticate': 'Bearer',
    });
  const wrongKey = (c: AppContext, player: string) => fail(ctx, c, 403, 'wrong_key', `that is not the player key of ${player}`);
}

export const runUrl = (base: string, id: number): string => `${base}/#/run/${id}`;

/** A run as GET /api/runs/:id shows it (createdAt as an ISO 8601 UTC time). */
export function publicRun(run: RunRecord) {
  return {
    id: run.id,
    game: run.game,
    seed: run.seed,
    actions: run.actions,
    player: run.player,
    agent: run.agent,
    kind: run.kind,
    notes: run.notes,
    score: run.score,
    turns: run.turns,
    gameOver: run.gameOver,
    end: run.end,
    stateHash: run.stateHash,
    version: run.version,
    daily: run.daily,
    createdAt: new Date(run.createdAt).toISOString(),
  };
}

function answer(base: string, run: RunRecord, rank: number, duplicate: boolean) {
  return {
    ok: true as const,
    runId: run.id,
    score: run.score,
    turns: run.turns,
    gameOver: run.gameOver,
    stateHash: run.stateHash,
    rank,
    daily: run.daily,
    url: runUrl(base, run.id),
    duplicate,
    player: run.player,
  };
}

/** Route patterns and methods, for 405 answers. */
export const RUN_METHODS: Record<string, string> = { '/api/runs': 'POST', '/api/runs/:id': 'GET, HEAD' };
