import { leanResponseSchema, Reasons, type ResponseForm } from '@hearth/engine';
import { parseSeedNumber } from '@hearth/rng';
import { type Answer, fail, isAnswer, json, jsonText } from '../http/answer.ts';
import { decodeUtf8, NOT_UTF8, parseJsonText } from '../http/body.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import { SEAL_FIELD } from '../state/hmac-sealer.ts';
import { memberSpan } from '../state/state-span.ts';
import { rateLimited, replayCost, replayOrAnswer, type ServedGame, type ServerContext, unknownGame } from './context.ts';
import { readBytes, readJson } from './read-json.ts';
import { parseSeedParam } from './seed-param.ts';

export const SERVICE_DESCRIPTION =
  'Turn-based score-attack games behind one stateless JSON API: init a game, then POST { state, action } (or { stateToken, action }) until gameOver.';

/** The /api/games routes: index, init, action, spec, lean schema, verify. Game rules stay in the engines; this only carries state. */
export function registerApiRoutes(router: Router, ctx: ServerContext): void {
  /** Labels the request with its route pattern and the game of :slug; the served game, or null (404). */
  const served = (x: Exchange, pattern: string): ServedGame | null => {
    x.route = pattern;
    const slug = x.param('slug');
    const found = ctx.games.get(slug);
    if (found) x.game = slug;
    return found ?? null;
  };
  const withGame = (pattern: string, route: (x: Exchange, served: ServedGame) => Answer | Promise<Answer>) => (x: Exchange) => {
    const game = served(x, pattern);
    return game ? route(x, game) : unknownGame(ctx, x.param('slug'));
  };

  router.get('/api/games', (x) => {
    x.route = '/api/games';
    const base = ctx.baseUrl(x);
    const games = [...ctx.games.values()].map(({ game }) => ({
      slug: game.slug,
      name: game.name,
      genre: game.spec.genre,
      description: game.spec.description,
      goal: game.spec.goal,
      carry: game.spec.carry,
      initUrl: `${base}/api/games/${game.slug}/init`,
      actionUrl: `${base}/api/games/${game.slug}/action`,
      specUrl: `${base}/api/games/${game.slug}/spec`,
      verifyUrl: `${base}/api/games/${game.slug}/verify`,
      docsUrl: `${base}/docs/api/${game.slug}`,
    }));
    return json({
      service: 'hearth',
      description: SERVICE_DESCRIPTION,
      howToPlay:
        'GET initUrl (optionally ?seed=N) for the first response. Then repeatedly POST { "state": <state>, "action": <action> } to actionUrl, ' +
        'sending back the state from the latest response unchanged (games whose carry is "stateToken" send { "stateToken": <stateToken>, "action": <action> } instead), ' +
        'choosing the action from legalActions or from the action grammar in the spec, until gameOver is true. ' +
        'An illegal action returns HTTP 200 { ok: false, reason, message, legalActions } and changes nothing. POST { seed, actions } to verifyUrl to recompute any score.',
      docs: `${base}/docs/api`,
      llms: `${base}/llms.txt`,
      count: games.length,
      games,
    });
  });
  router.get(
    '/api/games/:slug/init',
    withGame('/api/games/:slug/init', (x, game) => initAnswer(x, game)),
  );
  router.post(
    '/api/games/:slug/action',
    withGame('/api/games/:slug/action', (x, game) => actionAnswer(ctx, x, game)),
  );
  router.get(
    '/api/games/:slug/spec',
    withGame('/api/games/:slug/spec', (_x, game) => jsonText(game.specJson)),
  );
  router.get(
    '/api/games/:slug/lean-schema',
    withGame('/api/games/:slug/lean-schema', (_x, game) => json(leanResponseSchema(game.game.spec, { sealField: SEAL_FIELD }))),
  );
  router.post(
    '/api/games/:slug/verify',
    withGame('/api/games/:slug/verify', (x, game) => verifyAnswer(ctx, x, game)),
  );
}

/** GET /api/games/:slug/init: the first response (seed, spec=0|1, view=full|compact|lean), the spec's JSON spliced in. */
function initAnswer(x: Exchange, served: ServedGame): Answer {
  const seed = parseSeedParam(x.query('seed'));
  if (!seed.ok) return fail(400, 'invalid_seed', seed.message);
  const withSpec = x.query('spec');
  if (withSpec !== undefined && withSpec !== '0' && withSpec !== '1')
    return fail(400, 'invalid_query', 'spec must be 0 (leave the spec out) or 1');
  const view = viewOf(x.query('view'));
  if (view === null) return fail(400, 'invalid_query', VIEW_PROBLEM);
  // The spec is the same in every init response: splice in its JSON made once instead of serialising it again.
  const first = served.wire.initJson(seed.seed, { form: view });
  return jsonText(withSpec === '0' ? first : `${first.slice(0, -1)},"spec":${served.specJson}}`);
}

/**
 * POST /api/games/:slug/action: the view parameter, the content type and size checks, then one step through the
 * game's wire from the body's text to the response's (the sealer's fast path inside it: the seal checked over the
 * state's bytes as sent, the engine's trusted path, the response written once with its state sealed). view=compact
 * adds `view` (the engine's CompactView, with the recap of this action); view=lean answers the LeanResponse
 * (state, score, gameOver, view) without computing the observation or the legal-action list.
 */
async function actionAnswer(ctx: ServerContext, x: Exchange, served: ServedGame): Promise<Answer> {
  const view = viewOf(x.query('view'));
  if (view === null) return fail(400, 'invalid_query', VIEW_PROBLEM);
  const bytes = await readBytes(ctx, x);
  if (isAnswer(bytes)) return bytes;
  const text = decodeUtf8(bytes);
  if (text === null) return fail(400, NOT_UTF8.reason, NOT_UTF8.message);
  const stepped = served.wire.actJson(text, { form: view, read: (body) => parseJsonText(body, ctx.limits) });
  if (stepped.ok) return jsonText(stepped.json);
  if (stepped.refusal === undefined) return fail(400, stepped.reason, stepped.message);
  // A state the server cannot vouch for is a bad request, an engine error a 500, a rule refusal 200.
  const { reason, message } = stepped.refusal;
  if (reason === Reasons.internalError) ctx.logger.error({ requestId: x.requestId, game: x.game, message }, 'engine error');
  const status = reason === Reasons.invalidState ? 400 : reason === Reasons.internalError ? 500 : 200;
  return { ...jsonText(stepped.json, status), reason };
}

/** POST /api/games/:slug/verify: { seed, actions } replayed in a worker thread; the score, turns and state hash. */
async function verifyAnswer(ctx: ServerContext, x: Exchange, served: ServedGame): Promise<Answer> {
  const parsed = await readJson(ctx, x);
  if (isAnswer(parsed)) return parsed;
  const body = parsed.value;
  const seed = parseSeedNumber(body.seed);
  if (!seed.ok) return fail(400, 'invalid_seed', seed.message);
  if (!Array.isArray(body.actions)) return fail(400, 'invalid_body', 'actions must be an array of actions');
  if (body.actions.length > ctx.maxVerifyActions) {
    return fail(400, 'invalid_body', `actions has ${body.actions.length} items; at most ${ctx.maxVerifyActions} are replayed`);
  }
  const wait = ctx.charge(x, replayCost(body.actions.length));
  if (wait > 0) return rateLimited(wait);
  // Off the event loop: a long list replays in a worker thread while this process keeps answering.
  // The list goes to the worker as the JSON text it came in (one string copy, no structured clone of it).
  const span = memberSpan(parsed.text, 'actions');
  const job = span
    ? { slug: served.game.slug, seed: seed.seed, actionsJson: parsed.text.slice(span.start, span.end) }
    : { slug: served.game.slug, seed: seed.seed, actions: body.actions };
  const result = await replayOrAnswer(ctx, x, job);
  if (isAnswer(result)) return result;
  if (!result.ok) {
    return {
      ...json({
        ok: false,
        slug: served.game.slug,
        seed: seed.seed,
        index: result.index,
        reason: result.reason,
        message: result.message,
      }),
      reason: result.reason,
    };
  }
  return json({
    ok: true,
    slug: served.game.slug,
    seed: seed.seed,
    score: result.score,
    gameOver: result.gameOver,
    turns: result.turns,
    stateHash: result.stateHash,
    end: result.end,
  });
}

const VIEW_PROBLEM =
  'view must be full (the default), compact (adds `view`: a small picture with the legal actions and what the action did) or lean (state, score, gameOver and `view` only)';
/** `?view=`: absent is `full`; anything but full, compact and lean is null (400). */
function viewOf(view: string | undefined): ResponseForm | null {
  if (view === undefined || view === 'full') return 'full';
  return view === 'compact' || view === 'lean' ? view : null;
}

/** Route patterns and the methods each accepts, for 405 answers with an Allow header. */
export const API_METHODS: Record<string, string> = {
  '/api/games': 'GET, HEAD',
  '/api/games/:slug/init': 'GET, HEAD',
  '/api/games/:slug/action': 'POST',
  '/api/games/:slug/spec': 'GET, HEAD',
  '/api/games/:slug/lean-schema': 'GET, HEAD',
  '/api/games/:slug/verify': 'POST',
};
