// Scorecards: open one around a batch of runs on a challenge set (tagged with the model, the agent's and the
// prompt's versions), send runs into it with POST /api/runs { scorecard }, close it, read it back with per-game
// progress, 95% intervals and a per-seed table; closed scorecards make the set's challenge board.
import {
  AGENT_MAX,
  type ChallengeSet,
  CURRENT_CHALLENGE,
  checkFreeText,
  checkName,
  type GameProgress,
  type PlayerKind,
  type Scorecard,
  type ScorecardEntry,
  type ScorecardTags,
  type Store,
  setProgress,
} from '@hearth/store';
import type { Hono } from 'hono';
import { sendJson, sendText } from '../compress.ts';
import { type AppContext, type AppEnv, fail, type ServerContext } from '../context.ts';
import { readJsonRequest, runUrl, scorecardUrl, unknownChallenge } from './runs.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;
const META_MAX = 2000;
/** Closed scorecards a board ranks (the most recent). */
export const BOARD_SCORECARDS = 1000;

type Usage = { input: number | null; output: number | null; cost: number | null };
const addUsage = (a: Usage, b: Usage | undefined): Usage => {
  const plus = (x: number | null, y: number | null | undefined) => (y === null || y === undefined ? x : (x ?? 0) + y);
  return { input: plus(a.input, b?.input), output: plus(a.output, b?.output), cost: plus(a.cost, b?.cost) };
};

/** Tags from a request body, or why not. */
export function parseTags(raw: unknown): ScorecardTags | string {
  if (raw === undefined) return { model: null, agent: null, prompt: null, meta: {} };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'tags must be an object { model?, agent?, prompt?, meta? }';
  const t = raw as Record<string, unknown>;
  for (const k of Object.keys(t))
    if (!['model', 'agent', 'prompt', 'meta'].includes(k)) return `tags.${k.slice(0, 32)} is not a tag: use meta for free metadata`;
  for (const k of ['model', 'agent', 'prompt'] as const) {
    const problem = checkFreeText(`tags.${k}`, t[k], AGENT_MAX);
    if (problem) return problem;
  }
  const meta = t.meta ?? {};
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return 'tags.meta must be an object';
  for (const [k, v] of Object.entries(meta))
    if (v !== null && !['string', 'number', 'boolean'].includes(typeof v))
      return `tags.meta.${k.slice(0, 32)} must be a string, number, boolean or null`;
  if (JSON.stringify(meta).length > META_MAX) return `tags.meta must be at most ${META_MAX} bytes of JSON`;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { model: text(t.model), agent: text(t.agent), prompt: text(t.prompt), meta: meta as ScorecardTags['meta'] };
}

/** The scorecard as published: per game progress with its interval, totals, and every seed with links. */
export function scorecardReport(base: string, card: Scorecard, set: ChallengeSet, entries: readonly ScorecardEntry[]) {
  const games = setProgress(
    set,
    entries.map((e) => ({ game: e.game, seed: e.seed, score: e.score, counts: e.own })),
  );
  const bySeed = new Map(entries.map((e) => [`${e.game}\n${e.seed}`, e]));
  const zero: Usage = { input: null, output: null, cost: null };
  const totals = { runs: entries.length, actions: 0, steps: 0, refusals: 0, ms: 0, usage: zero };
  const gameOut = games.map((g: GameProgress) => {
    const t = { actions: 0, steps: 0, refusals: 0, ms: 0, usage: zero };
    const perSeed = g.perSeed.map((s) => {
      const e = bySeed.get(`${g.game}\n${s.seed}`);
      if (e) {
        t.actions += e.actions;
        t.steps += e.summary?.steps ?? 0;
        t.refusals += e.summary?.refusals ?? 0;
        t.ms += e.summary?.ms ?? 0;
        t.usage = addUsage(t.usage, e.summary?.usage);
      }
      return {
        ...s,
        // A copy of another player's run is shown with its score but counts 0.
        score: e ? e.score : null,
        counted: e ? e.own : false,
        runId: e?.runId ?? null,
        runUrl: e ? runUrl(base, e.runId) : null,
        actions: e?.actions ?? null,
        summary: e?.summary ?? null,
        identicalTo: e && !e.own ? { runId: e.runId, player: e.runPlayer, text: `identical to run ${e.runId} by ${e.runPlayer}` } : null,
        recordUrl: e?.hasRecord ? `${scorecardUrl(base, card.id)}/records/${g.game}/${s.seed}` : null,
      };
    });
    totals.actions += t.actions;
    totals.steps += t.steps;
    totals.refusals += t.refusals;
    totals.ms += t.ms;
    totals.usage = addUsage(totals.usage, t.usage);
    return { ...g, totals: t, perSeed };
  });
  return {
    ok: true as const,
    scorecard: {
      ...card,
      openedAt: new Date(card.openedAt).toISOString(),
      closedAt: card.closedAt === null ? null : new Date(card.closedAt).toISOString(),
      url: scorecardUrl(base, card.id),
    },
    set: { id: set.id, title: set.title, format: set.format },
    progress: games.length === 0 ? 0 : games.reduce((a, g) => a + g.progress, 0) / games.length,
    games: gameOut,
    totals,
  };
}

export function registerScorecardRoutes(
  app: Hono<AppEnv>,
  ctx: ServerContext,
  store: Store,
  sets: ReadonlyMap<string, ChallengeSet>,
  now: () => number = Date.now,
): void {
  const keyOf = (c: AppContext): string | null | Response => {
    const authorization = c.req.header('authorization');
    if (authorization === undefined) return null;
    const bearer = BEARER.exec(authorization);
    return bearer ? bearer[1]! : fail(ctx, c, 401, 'invalid_key', 'Authorization must be "Bearer <player key>"');
  };
  const keyProblem = (c: AppContext, status: 'key_required' | 'wrong_key', player: string) =>
    status === 'key_required'
      ? fail(
          ctx,
          c,
          401,
          'key_required',
          `the name ${player} is claimed: send its player key as Authorization: Bearer <key> (MCP: the key argument)`,
          {
            'www-authenticate': 'Bearer',
          },
        )
      : fail(ctx, c, 403, 'wrong_key', `that is not the player key of ${player}`);
  const cardOr404 = async (c: AppContext) => {
    const id = c.req.param('id') ?? '';
    const card = await store.scorecards.get(id);
    if (!card) return fail(ctx, c, 404, 'unknown_scorecard', `no scorecard ${JSON.stringify(id.slice(0, 40))}`);
    const set = sets.get(card.challenge);
    if (!set) return unknownChallenge(ctx, c, card.challenge, sets);
    return { card, set };
  };

  app.post('/api/scorecards', async (c) => {
    c.set('route', '/api/scorecards');
    const parsed = await readJsonRequest(ctx, c);
    if (parsed instanceof Response) return parsed;
    const body = (parsed.value ?? {}) as Record<string, unknown>;
    const challenge = body.challenge ?? CURRENT_CHALLENGE;
    if (typeof challenge !== 'string') return fail(ctx, c, 400, 'invalid_body', 'challenge must be a set id, e.g. season-2');
    if (!sets.has(challenge)) return unknownChallenge(ctx, c, challenge, sets);
    const nameProblem = checkName(body.player);
    if (nameProblem) return fail(ctx, c, 400, 'invalid_player', nameProblem);
    const tags = parseTags(body.tags);
    if (typeof tags === 'string') return fail(ctx, c, 400, 'invalid_body', tags);
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const wait = ctx.charge(c, 1);
    if (wait > 0)
      return fail(ctx, c, 429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, { 'retry-after': String(wait) });
    const player = body.player as string;
    const opened = await store.scorecards.open({ challenge, player, key, tags, now: now() });
    if (opened.status !== 'opened') return keyProblem(c, opened.status, player);
    const base = ctx.baseUrl(c);
    const answer = {
      ok: true as const,
      scorecard: { ...opened.scorecard, openedAt: new Date(opened.scorecard.openedAt).toISOString(), closedAt: null },
      url: scorecardUrl(base, opened.scorecard.id),
      next: `send runs with POST ${base}/api/runs { ..., "scorecard": "${opened.scorecard.id}" }, then POST ${scorecardUrl(base, opened.scorecard.id)}/close`,
    };
    return sendJson(
      c,
      opened.playerKey
        ? {
            ...answer,
            playerKey: opened.playerKey,
            keyNote: 'keep this key: it is shown once and needed for every later run under this name',
          }
        : answer,
      201,
    );
  });

  app.get('/api/scorecards', async (c) => {
    c.set('route', '/api/scorecards');
    const challenge = c.req.query('challenge') ?? CURRENT_CHALLENGE;
    const set = sets.get(challenge);
    if (!set) return unknownChallenge(ctx, c, challenge, sets);
    const kind = c.req.query('kind') as PlayerKind | undefined;
    if (kind !== undefined && kind !== 'agent' && kind !== 'human')
      return fail(ctx, c, 400, 'invalid_query', 'kind must be agent or human');
    const rawLimit = c.req.query('limit') ?? '20';
    const limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > 100) return fail(ctx, c, 400, 'invalid_query', 'limit must be an integer from 1 to 100');
    const base = ctx.baseUrl(c);
    const cards = await store.scorecards.closed(challenge, BOARD_SCORECARDS);
    const scored = [];
    for (const card of cards) {
      if (kind !== undefined && card.kind !== kind) continue;
      const report = scorecardReport(base, card, set, await store.scorecards.entries(card.id));
      scored.push({ card, report });
    }
    // One row per model tag (humans: per player): its best closed scorecard; ties go to the earlier close.
    const best = new Map<string, (typeof scored)[number]>();
    for (const s of scored) {
      const who =
        s.card.kind === 'agent' ? `agent\n${s.card.tags.model ?? s.card.tags.agent ?? ''}` : `human\n${s.card.player.toLowerCase()}`;
      const held = best.get(who);
      if (
        !held ||
        s.report.progress > held.report.progress ||
        (s.report.progress === held.report.progress && (s.card.closedAt ?? 0) < (held.card.closedAt ?? 0))
      )
        best.set(who, s);
    }
    const rows = [...best.values()]
      .sort((a, b) => b.report.progress - a.report.progress || (a.card.closedAt ?? 0) - (b.card.closedAt ?? 0))
      .slice(0, limit)
      .map((s, i) => ({
        rank: i + 1,
        model: s.card.tags.model,
        agent: s.card.tags.agent,
        prompt: s.card.tags.prompt,
        player: s.card.player,
        kind: s.card.kind,
        progress: s.report.progress,
        games: Object.fromEntries(
          s.report.games.map((g) => [g.game, { progress: g.progress, interval: g.interval, played: g.played, seeds: g.seeds }]),
        ),
        scorecard: s.card.id,
        url: scorecardUrl(base, s.card.id),
        closedAt: new Date(s.card.closedAt ?? 0).toISOString(),
      }));
    return sendJson(c, {
      ok: true,
      challenge,
      kind: kind ?? 'all',
      ranking: 'one row per model tag (humans: per player), its best closed scorecard by overall progress (the mean of the games)',
      rows,
    });
  });

  app.get('/api/scorecards/:id', async (c) => {
    c.set('route', '/api/scorecards/:id');
    const found = await cardOr404(c);
    if (found instanceof Response) return found;
    return sendJson(c, scorecardReport(ctx.baseUrl(c), found.card, found.set, await store.scorecards.entries(found.card.id)));
  });

  app.post('/api/scorecards/:id/close', async (c) => {
    c.set('route', '/api/scorecards/:id/close');
    const found = await cardOr404(c);
    if (found instanceof Response) return found;
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const check = await store.runs.checkName(found.card.player, key);
    if (check === 'key_required' || check === 'wrong_key') return keyProblem(c, check, found.card.player);
    const closed = (await store.scorecards.close(found.card.id, now())) ?? found.card;
    return sendJson(c, scorecardReport(ctx.baseUrl(c), closed, found.set, await store.scorecards.entries(closed.id)));
  });

  app.get('/api/scorecards/:id/records/:game/:seed', async (c) => {
    c.set('route', '/api/scorecards/:id/records/:game/:seed');
    const found = await cardOr404(c);
    if (found instanceof Response) return found;
    const seed = /^\d{1,10}$/.test(c.req.param('seed')) ? Number(c.req.param('seed')) : -1;
    const text = seed >= 0 ? await store.scorecards.record(found.card.id, c.req.param('game'), seed) : null;
    if (text === null)
      return fail(
        ctx,
        c,
        404,
        'not_found',
        `scorecard ${found.card.id} has no record for ${c.req.param('game').slice(0, 40)} seed ${c.req.param('seed').slice(0, 12)}`,
      );
    return sendText(c, text, 200, 'application/x-ndjson; charset=utf-8');
  });
}

export const SCORECARD_METHODS: Record<string, string> = {
  '/api/scorecards': 'GET, HEAD, POST',
  '/api/scorecards/:id': 'GET, HEAD',
  '/api/scorecards/:id/close': 'POST',
  '/api/scorecards/:id/records/:game/:seed': 'GET, HEAD',
};
