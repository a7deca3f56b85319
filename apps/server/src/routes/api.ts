import { leanResponseSchema, Reasons, type ResponseForm } from '@hearth/engine';
import { parseSeedNumber } from '@hearth/rng';
import type { Hono } from 'hono';
import { BodyAbortedError, checkContentType, parseJsonBody, readBody } from '../body.ts';
import { sendJson, sendText } from '../compress.ts';
import {
  type AppContext,
  type AppEnv,
  fail,
  rateLimited,
  replayCost,
  replayOrRespond,
  type ServedGame,
  type ServerContext,
  unknownGame,
} from '../context.ts';
import { actOnBody, SEAL_FIELD, writeResponse } from '../sealing.ts';
import { parseSeedParam } from '../seed.ts';
import { memberSpan } from '../state-span.ts';

export const SERVICE_DESCRIPTION =
  'Turn-based score-attack games behind one stateless JSON API: init a game, then POST { state, action } (or { stateToken, action }) until gameOver.';

/** The /api routes: index, init, action, spec, verify. Game rules stay in the engines; this only carries state. */
export function registerApiRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  const route = (pattern: string) => (c: AppContext, next: () => Promise<void>) => {
    c.set('route', pattern);
    return next();
  };

  /** The served game for :slug, or a 404 response. */
  const lookup = (c: AppContext): ServedGame | Response => {
    const slug = c.req.param('slug') ?? '';
    const served = ctx.games.get(slug);
    if (!served) return unknownGame(ctx, c, slug);
    c.set('game', slug);
    return served;
  };

  /** Content type and size checks shared by the POST routes; the body's bytes or an error response. */
  const bodyBytes = async (c: AppContext): Promise<Buffer | Response> => {
    const typeProblem = checkContentType(c.req.header('content-type'));
    if (typeProblem) return fail(ctx, c, 415, 'unsupported_media_type', typeProblem);
    let bytes: Buffer | null;
    try {
      bytes = await readBody(c.env?.incoming, c.req.raw, ctx.limits.maxBytes);
    } catch (error) {
      if (error instanceof BodyAbortedError)
        return fail(ctx, c, 400, 'invalid_body', 'the body ended early (the client closed the connection)');
      throw error;
    }
    if (bytes === null) {
      // The rest of an oversized body is not read: close the connection rather than drain it.
      return fail(ctx, c, 413, 'body_too_large', `body is larger than ${ctx.limits.maxBytes} bytes`, { connection: 'close' });
    }
    return bytes;
  };

  /** Writes an Answer (the hot routes' framework-free result) as this route's response, counting its refusal. */
  const send = (c: AppContext, answer: Answer) => {
    if (answer.reason !== undefined) ctx.metrics.refusal(c.get('route'), c.get('game'), answer.reason);
    return sendText(c, answer.json, answer.status, answer.headers ?? JSON_TYPE);
  };

  app.get('/api/games', route('/api/games'), (c) => {
    const base = ctx.baseUrl(c);
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
    return sendJson(c, {
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

  app.get('/api/games/:slug/init', route('/api/games/:slug/init'), (c) => {
    const served = lookup(c);
    if (served instanceof Response) return served;
    return send(
      c,
      initAnswer(served, (name) => c.req.query(name)),
    );
  });

  app.post('/api/games/:slug/action', route('/api/games/:slug/action'), async (c) => {
    const served = lookup(c);
    if (served instanceof Response) return served;
    const answer = await actionAnswer(
      ctx,
      served,
      (name) => c.req.query(name),
      c.req.header('content-type'),
      () => readBody(c.env?.incoming, c.req.raw, ctx.limits.maxBytes),
    );
    if (answer.reason === Reasons.internalError)
      ctx.logger.error({ requestId: c.get('requestId'), game: c.get('game'), message: answer.message }, 'engine error');
    return send(c, answer);
  });

  app.get('/api/games/:slug/spec', route('/api/games/:slug/spec'), (c) => {
    const served = lookup(c);
    if (served instanceof Response) return served;
    return sendText(c, served.specJson);
  });

  app.get('/api/games/:slug/lean-schema', route('/api/games/:slug/lean-schema'), (c) => {
    const served = lookup(c);
    if (served instanceof Response) return served;
    return sendJson(c, leanResponseSchema(served.game.spec, { sealField: SEAL_FIELD }));
  });

  app.post('/api/games/:slug/verify', route('/api/games/:slug/verify'), async (c) => {
    const served = lookup(c);
    if (served instanceof Response) return served;
    const bytes = await bodyBytes(c);
    if (bytes instanceof Response) return bytes;
    const parsed = parseJsonBody(bytes, ctx.limits);
    if (!parsed.ok) return fail(ctx, c, parsed.status, parsed.reason, parsed.message);
    const body = parsed.value as Record<string, unknown>;
    const seed = parseSeedNumber(body.seed);
    if (!seed.ok) return fail(ctx, c, 400, 'invalid_seed', seed.message);
    if (!Array.isArray(body.actions)) return fail(ctx, c, 400, 'invalid_body', 'actions must be an array of actions');
    if (body.actions.length > ctx.maxVerifyActions) {
      return fail(ctx, c, 400, 'invalid_body', `actions has ${body.actions.length} items; at most ${ctx.maxVerifyActions} are replayed`);
    }
    const wait = ctx.charge(c, replayCost(body.actions.length));
    if (wait > 0) return rateLimited(ctx, c, wait);
    // Off the event loop: a long list replays in a worker thread while this process keeps answering.
    // The list goes to the worker as the JSON text it came in (one string copy, no structured clone of it).
    const span = memberSpan(parsed.text, 'actions');
    const job = span
      ? { slug: served.game.slug, seed: seed.seed, actionsJson: parsed.text.slice(span.start, span.end) }
      : { slug: served.game.slug, seed: seed.seed, actions: body.actions };
    const result = await replayOrRespond(ctx, c, job);
    if (result instanceof Response) return result;
    if (!result.ok) {
      ctx.metrics.refusal(c.get('route'), c.get('game'), result.reason);
      return sendJson(c, {
        ok: false,
        slug: served.game.slug,
        seed: seed.seed,
        index: result.index,
        reason: result.reason,
        message: result.message,
      });
    }
    return sendJson(c, {
      ok: true,
      slug: served.game.slug,
      seed: seed.seed,
      score: result.score,
      gameOver: result.gameOver,
      turns: result.turns,
      stateHash: result.stateHash,
      end: result.end,
    });
  });
}

/**
 * A hot route's whole answer, made without a framework: the status, the JSON text, extra headers (with the content
 * type) and the refusal reason to count. The hono routes above and the bare node:http front (hot-routes.ts) both
 * write these, so the two answer byte for byte alike.
 */
export interface Answer {
  status: number;
  json: string;
  headers?: Record<string, string>;
  /** The refusal's reason (ok:false), counted by the caller under its route and game. */
  reason?: string;
  /** The refusal's message (logged for an engine error). */
  message?: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** The uniform error body { ok: false, reason, message } as an Answer (as fail() writes it). */
export function failAnswer(status: number, reason: string, message: string, headers?: Record<string, string>): Answer {
  return {
    status,
    json: JSON.stringify({ ok: false, reason, message }),
    headers: headers ? { ...headers, ...JSON_TYPE } : JSON_TYPE,
    reason,
    message,
  };
}

/** GET /api/games/:slug/init for a served game, given its query parameters. */
export function initAnswer(served: ServedGame, query: (name: string) => string | undefined): Answer {
  const seed = parseSeedParam(query('seed'));
  if (!seed.ok) return failAnswer(400, 'invalid_seed', seed.message);
  const withSpec = query('spec');
  if (withSpec !== undefined && withSpec !== '0' && withSpec !== '1')
    return failAnswer(400, 'invalid_query', 'spec must be 0 (leave the spec out) or 1');
  const view = viewOf(query('view'));
  if (view === null) return failAnswer(400, 'invalid_query', VIEW_PROBLEM);
  // The spec is the same in every init response: splice in its JSON made once instead of serialising it again.
  // A plain-state game's response comes from the unsealed wire and is sealed as it is serialised.
  const wire = served.sealer ? served.engineWire : served.wire;
  const { spec: _, ...first } = wire.init(seed.seed, formOptions(view)) as Record<string, unknown>;
  const json = served.sealer ? writeResponse(served.sealer, first) : JSON.stringify(first);
  return { status: 200, json: withSpec === '0' ? json : `${json.slice(0, -1)},"spec":${served.specJson}}` };
}

/**
 * POST /api/games/:slug/action for a served game: the view parameter, the content type and size checks, then the
 * sealed path (sealing.ts): verify, step on the trusted path, seal and serialise. view=compact adds `view` (the
 * engine's CompactView, with the recap of this action); view=lean answers the LeanResponse (state, score, gameOver,
 * view) without computing the observation or the legal-action list. `read` reads the body up to the limit (null
 * when it is over); it rejects with BodyAbortedError when the client goes away mid-body.
 */
export async function actionAnswer(
  ctx: ServerContext,
  served: ServedGame,
  query: (name: string) => string | undefined,
  contentType: string | undefined,
  read: () => Promise<Buffer | null>,
): Promise<Answer> {
  const view = viewOf(query('view'));
  if (view === null) return failAnswer(400, 'invalid_query', VIEW_PROBLEM);
  const typeProblem = checkContentType(contentType);
  if (typeProblem) return failAnswer(415, 'unsupported_media_type', typeProblem);
  let bytes: Buffer | null;
  try {
    bytes = await read();
  } catch (error) {
    if (error instanceof BodyAbortedError)
      return failAnswer(400, 'invalid_body', 'the body ended early (the client closed the connection)');
    throw error;
  }
  // The rest of an oversized body is not read: close the connection rather than drain it.
  if (bytes === null) return failAnswer(413, 'body_too_large', `body is larger than ${ctx.limits.maxBytes} bytes`, { connection: 'close' });
  const outcome = actOnBody(served, bytes, ctx.limits, view);
  const reason = outcome.refusal?.reason ?? outcome.error;
  return { status: outcome.status, json: outcome.json, reason, message: outcome.refusal?.message };
}

const VIEW_PROBLEM =
  'view must be full (the default), compact (adds `view`: a small picture with the legal actions and what the action did) or lean (state, score, gameOver and `view` only)';
/** `?view=`: absent is `full`; anything but full, compact and lean is null (400). */
function viewOf(view: string | undefined): ResponseForm | null {
  if (view === undefined || view === 'full') return 'full';
  return view === 'compact' || view === 'lean' ? view : null;
}

/** The wire's options for a response form. */
const formOptions = (view: ResponseForm) => (view === 'full' ? undefined : view === 'lean' ? { lean: true as const } : { compact: true });

/** Route patterns and the methods each accepts, for 405 answers with an Allow header. */
export const API_METHODS: Record<string, string> = {
  '/api/games': 'GET, HEAD',
  '/api/games/:slug/init': 'GET, HEAD',
  '/api/games/:slug/action': 'POST',
  '/api/games/:slug/spec': 'GET, HEAD',
  '/api/games/:slug/lean-schema': 'GET, HEAD',
  '/api/games/:slug/verify': 'POST',
};
