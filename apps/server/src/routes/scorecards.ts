// Scorecards: open one around an evaluation on a challenge set (tagged with the model, the agent's and the prompt's
// versions, with k attempts per seed), send runs into it (POST /api/runs { scorecard }, or many at once with
// POST /api/scorecards/{id}/runs), close it, read it back with per-game progress, 95% intervals, an overall
// bootstrap interval and a per-seed table (JSON or CSV); compare two on the same set seed by seed; the models board
// ranks each model and prompt by its most recent closed complete scorecard (docs/benchmark.md).
import { type ChallengeSet, CURRENT_CHALLENGE, checkName, MAX_ATTEMPTS, type Store } from '@hearth/store';
import { type Answer, fail, isAnswer, json, text } from '../http/answer.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import type { ServerContext } from './context.ts';
import { readJson } from './read-json.ts';
import { scorecardUrl, unknownChallenge } from './runs.ts';
import { compareScorecards, scorecardBoard } from './scorecard-board.ts';
import { type ScorecardDeps, scorecardDeps } from './scorecard-deps.ts';
import { parseTags, readRecord } from './scorecard-input.ts';
import { reportCsv, scorecardReport } from './scorecard-report.ts';

export { BOARD_SCORECARDS } from './scorecard-deps.ts';
export { attemptSlot, parseTags, readRecord } from './scorecard-input.ts';
export { type ScorecardReport, scorecardReport } from './scorecard-report.ts';

/** Most runs in one batch (POST /api/scorecards/{id}/runs); the body limit bounds it too. */
export const BATCH_MAX_RUNS = 100;
/** Runs of a batch replayed at once (each also waits its turn on the replay pool). */
const BATCH_PARALLEL = 4;
/** Headers a batch's runs carry over from the batch request (links, the proxy contract, the request id). */
const FORWARDED = ['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-request-id', 'authorization'];

export function registerScorecardRoutes(
  router: Router,
  ctx: ServerContext,
  store: Store,
  sets: ReadonlyMap<string, ChallengeSet>,
  now: () => number = Date.now,
): void {
  const d = scorecardDeps(ctx, store, sets, now);
  const route = (pattern: string, answer: (d: ScorecardDeps, x: Exchange) => Promise<Answer>) => (x: Exchange) => {
    x.route = pattern;
    return answer(d, x);
  };
  router.post('/api/scorecards', route('/api/scorecards', openScorecard));
  router.get('/api/scorecards', route('/api/scorecards', scorecardBoard));
  router.get('/api/scorecards/compare', route('/api/scorecards/compare', compareScorecards));
  router.get('/api/scorecards/:id', route('/api/scorecards/:id', showScorecard));
  router.post('/api/scorecards/:id/close', route('/api/scorecards/:id/close', closeScorecard));
  router.post('/api/scorecards/:id/runs', route('/api/scorecards/:id/runs', submitBatch));
  router.get('/api/scorecards/:id/records/:game/:seed', route('/api/scorecards/:id/records/:game/:seed', showRecord));
}

/** POST /api/scorecards { player, challenge?, tags?, attempts? }: opens a scorecard (a first name gets its key). */
async function openScorecard(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const parsed = await readJson(d.ctx, x);
  if (isAnswer(parsed)) return parsed;
  const body = (parsed.value ?? {}) as Record<string, unknown>;
  const challenge = body.challenge ?? CURRENT_CHALLENGE;
  if (typeof challenge !== 'string') return fail(400, 'invalid_body', 'challenge must be a set id, e.g. season-2');
  if (!d.sets.has(challenge)) return unknownChallenge(challenge, d.sets);
  const nameProblem = checkName(body.player);
  if (nameProblem) return fail(400, 'invalid_player', nameProblem);
  const tags = parseTags(body.tags);
  if (typeof tags === 'string') return fail(400, 'invalid_body', tags);
  const attempts = body.attempts ?? 1;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 1 || attempts > MAX_ATTEMPTS)
    return fail(400, 'invalid_body', `attempts must be an integer from 1 to ${MAX_ATTEMPTS} (each seed played that many times)`);
  const key = d.keyOf(x);
  if (isAnswer(key)) return key;
  const wait = d.ctx.charge(x, 1);
  if (wait > 0) return fail(429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, { 'retry-after': String(wait) });
  const player = body.player as string;
  const opened = await d.store.scorecards.open({ challenge, player, key, tags, attempts, now: d.now() });
  if (opened.status !== 'opened') return d.keyProblem(opened.status, player);
  const base = d.ctx.baseUrl(x);
  const url = scorecardUrl(base, opened.scorecard.id);
  const answer = {
    ok: true as const,
    scorecard: { ...opened.scorecard, openedAt: new Date(opened.scorecard.openedAt).toISOString(), closedAt: null, url },
    url,
    next: `send runs with POST ${url}/runs { player, runs: [...] } (or POST ${base}/api/runs { ..., "scorecard": "${opened.scorecard.id}" }), then POST ${url}/close`,
  };
  return json(
    opened.playerKey
      ? {
          ...answer,
          playerKey: opened.playerKey,
          keyNote: 'keep this key: it is shown once and needed for every later run under this name',
        }
      : answer,
    201,
  );
}

/** GET /api/scorecards/:id (?format=csv): the report. */
async function showScorecard(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const format = x.query('format') ?? 'json';
  if (format !== 'json' && format !== 'csv') return fail(400, 'invalid_query', 'format must be json or csv');
  const found = await d.find(x.param('id'));
  if (isAnswer(found)) return found;
  const report = scorecardReport(d.ctx.baseUrl(x), found.card, found.set, await d.entriesOf(found.card));
  if (format === 'csv') {
    const csv = text(reportCsv(report), 'text/csv; charset=utf-8');
    return { ...csv, headers: { ...csv.headers, 'content-disposition': `attachment; filename="${found.card.id}.csv"` } };
  }
  return json(report);
}

/** POST /api/scorecards/:id/close: closes it (the player's key), the final report. */
async function closeScorecard(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const found = await d.find(x.param('id'));
  if (isAnswer(found)) return found;
  const key = d.keyOf(x);
  if (isAnswer(key)) return key;
  const check = await d.store.runs.checkName(found.card.player, key);
  if (check === 'key_required' || check === 'wrong_key') return d.keyProblem(check, found.card.player);
  const closed = (await d.store.scorecards.close(found.card.id, d.now())) ?? found.card;
  return json(scorecardReport(d.ctx.baseUrl(x), closed, found.set, await d.entriesOf(closed)));
}

/**
 * POST /api/scorecards/:id/runs: many runs into one open scorecard in one request; each is replayed and answered
 * as POST /api/runs would (its own status and answer, in order); the client resends the ones answered 429/503
 * after `retryAfter` s.
 */
async function submitBatch(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const found = await d.find(x.param('id'));
  if (isAnswer(found)) return found;
  const parsed = await readJson(d.ctx, x);
  if (isAnswer(parsed)) return parsed;
  const body = (parsed.value ?? {}) as Record<string, unknown>;
  const runs = body.runs;
  if (!Array.isArray(runs) || runs.length === 0 || runs.length > BATCH_MAX_RUNS)
    return fail(
      400,
      'invalid_body',
      `runs must be an array of 1 to ${BATCH_MAX_RUNS} runs { game, seed, actions, attempt?, version?, agent?, notes?, record? | recordGz? }`,
    );
  const player = body.player ?? found.card.player;
  if (typeof player !== 'string' || player.toLowerCase() !== found.card.player.toLowerCase())
    return fail(
      403,
      'not_your_scorecard',
      `scorecard ${found.card.id} belongs to ${found.card.player}; send its runs as ${found.card.player}`,
    );
  const key = d.keyOf(x);
  if (isAnswer(key)) return key;
  const check = await d.store.runs.checkName(found.card.player, key);
  if (check === 'key_required' || check === 'wrong_key') return d.keyProblem(check, found.card.player);
  if (found.card.closed) return fail(409, 'scorecard_closed', `scorecard ${found.card.id} is closed; open another for more runs`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of FORWARDED) {
    const value = x.header(name);
    if (value) headers[name] = value;
  }
  const client = x.req.peer || x.req.client;
  const one = async (raw: unknown, index: number) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      return { index, status: 400, ok: false, reason: 'invalid_body', message: `runs[${index}] must be an object` };
    const run = raw as Record<string, unknown>;
    const record = readRecord(run, undefined);
    if (record !== null && typeof record !== 'string') return { index, ...record, ok: false };
    const { record: _r, recordGz: _g, ...rest } = run;
    // Through the handler in-process, as this client: the run's own checks, limits and answer.
    const res = await d.ctx.request(
      '/api/runs',
      { method: 'POST', headers, body: JSON.stringify({ ...rest, player: found.card.player, scorecard: found.card.id }) },
      { ...(client ? { client } : {}), ...(record !== null ? { record } : {}) },
    );
    const answer = (await res.json()) as Record<string, unknown>;
    const retryAfter = res.headers.get('retry-after');
    return { index, status: res.status, ...answer, ...(retryAfter ? { retryAfter: Number(retryAfter) } : {}) };
  };
  const results: Array<Record<string, unknown>> = new Array(runs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BATCH_PARALLEL, runs.length) }, async () => {
      while (next < runs.length) {
        const i = next++;
        results[i] = await one(runs[i], i);
      }
    }),
  );
  const again = results.filter((r) => r.status === 429 || r.status === 503);
  return json({
    ok: true,
    scorecard: found.card.id,
    accepted: results.filter((r) => r.ok === true).length,
    refused: results.filter((r) => r.ok !== true).length - again.length,
    retry: again.length,
    ...(again.length > 0 ? { retryAfter: Math.max(1, ...again.map((r) => Number(r.retryAfter ?? 1))) } : {}),
    results,
  });
}

/** GET /api/scorecards/:id/records/:game/:seed?attempt=: the episode record as JSON lines. */
async function showRecord(d: ScorecardDeps, x: Exchange): Promise<Answer> {
  const found = await d.find(x.param('id'));
  if (isAnswer(found)) return found;
  const seed = /^\d{1,10}$/.test(x.param('seed')) ? Number(x.param('seed')) : -1;
  const rawAttempt = x.query('attempt') ?? '0';
  const attempt = /^\d{1,2}$/.test(rawAttempt) ? Number(rawAttempt) : -1;
  if (attempt < 0 || attempt >= found.card.attempts)
    return fail(400, 'invalid_query', `attempt must be an integer from 0 to ${found.card.attempts - 1}`);
  const record = seed >= 0 ? await d.store.scorecards.record(found.card.id, x.param('game'), seed, attempt) : null;
  if (record === null)
    return fail(
      404,
      'not_found',
      `scorecard ${found.card.id} has no record for ${x.param('game').slice(0, 40)} seed ${x.param('seed').slice(0, 12)}${attempt > 0 ? ` attempt ${attempt}` : ''}`,
    );
  return text(record, 'application/x-ndjson; charset=utf-8');
}

export const SCORECARD_METHODS: Record<string, string> = {
  '/api/scorecards': 'GET, HEAD, POST',
  '/api/scorecards/compare': 'GET, HEAD',
  '/api/scorecards/:id': 'GET, HEAD',
  '/api/scorecards/:id/close': 'POST',
  '/api/scorecards/:id/runs': 'POST',
  '/api/scorecards/:id/records/:game/:seed': 'GET, HEAD',
};
