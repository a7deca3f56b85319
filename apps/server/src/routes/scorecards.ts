// Scorecards: open one around an evaluation on a challenge set (tagged with the model, the agent's and the prompt's
// versions, with k attempts per seed), send runs into it (POST /api/runs { scorecard }, or many at once with
// POST /api/scorecards/{id}/runs), close it, read it back with per-game progress, 95% intervals, an overall
// bootstrap interval and a per-seed table (JSON or CSV); compare two on the same set seed by seed; the models board
// ranks each model and prompt by its most recent closed complete scorecard (docs/benchmark.md).
import { gunzipSync } from 'node:zlib';
import {
  AGENT_MAX,
  type ChallengeSet,
  CURRENT_CHALLENGE,
  checkFreeText,
  checkName,
  type EpisodeSummary,
  type GameProgress,
  MAX_ATTEMPTS,
  overallInterval,
  type PlayerKind,
  pairedComparison,
  RECORD_MAX_BYTES,
  type Scorecard,
  type ScorecardEntry,
  type ScorecardTags,
  type Store,
  setProgress,
  textSeed,
} from '@hearth/store';
import type { Hono } from 'hono';
import { sendJson, sendText } from '../compress.ts';
import { type AppContext, type AppEnv, fail, type ServerContext } from '../context.ts';
import { readJsonRequest, runUrl, scorecardUrl, unknownChallenge } from './runs.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;
const META_MAX = 2000;
/** Closed scorecards a board reads (the most recent). */
export const BOARD_SCORECARDS = 1000;
/** Most runs in one batch (POST /api/scorecards/{id}/runs); the body limit bounds it too. */
export const BATCH_MAX_RUNS = 100;
/** Runs of a batch replayed at once (each also waits its turn on the replay pool). */
const BATCH_PARALLEL = 4;
/** Headers a batch's runs carry over from the batch request (links, the proxy contract, the request id). */
const FORWARDED = ['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-request-id', 'authorization'];

type Usage = { input: number | null; output: number | null; cost: number | null };
const addUsage = (a: Usage, b: Usage | undefined): Usage => {
  const plus = (x: number | null, y: number | null | undefined) => (y === null || y === undefined ? x : (x ?? 0) + y);
  return { input: plus(a.input, b?.input), output: plus(a.output, b?.output), cost: plus(a.cost, b?.cost) };
};
const ZERO: Usage = { input: null, output: null, cost: null };

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

type Problem = { status: 400 | 404 | 409 | 413; reason: string; message: string };

/**
 * The episode record of a run: the batch's (inflated already), `record` (JSON lines as one string) or `recordGz`
 * (base64 of its gzip, how a harness sends a record with transcripts); null when none. At most RECORD_MAX_BYTES.
 */
export function readRecord(body: Record<string, unknown>, fromBatch: string | undefined): string | null | Problem {
  const tooLarge = (bytes: string): Problem => ({
    status: 413,
    reason: 'record_too_large',
    message: `the episode record is ${bytes}; a record may have at most ${RECORD_MAX_BYTES / 1024 / 1024} MiB of JSON lines (transcripts included): send it with shorter transcripts, or without them`,
  });
  if (fromBatch !== undefined) return fromBatch;
  if (body.record !== undefined && body.recordGz !== undefined)
    return { status: 400, reason: 'invalid_record', message: 'send the record as record or as recordGz, not both' };
  if (body.record !== undefined) {
    if (typeof body.record !== 'string')
      return { status: 400, reason: 'invalid_record', message: 'record must be the episode record as one string of JSON lines' };
    if (Buffer.byteLength(body.record) > RECORD_MAX_BYTES) return tooLarge(`${Buffer.byteLength(body.record)} bytes`);
    return body.record;
  }
  if (body.recordGz === undefined) return null;
  if (typeof body.recordGz !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.recordGz))
    return { status: 400, reason: 'invalid_record', message: 'recordGz must be the base64 of the gzip of the episode record' };
  try {
    return gunzipSync(Buffer.from(body.recordGz, 'base64'), { maxOutputLength: RECORD_MAX_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(`more than ${RECORD_MAX_BYTES} bytes inflated`);
    return { status: 400, reason: 'invalid_record', message: 'recordGz does not inflate: send the base64 of a gzip stream' };
  }
}

/**
 * The attempt a run sent into a scorecard takes: `attempt` when given (0 to attempts - 1), else the lowest free
 * one. The same run (same actions) sent again for an attempt it already holds is `already` (answered, not added
 * again: a harness resending after a lost answer); another run for a taken attempt is 409 seed_played.
 */
export async function attemptSlot(
  store: Store,
  card: Scorecard,
  game: string,
  seed: number,
  raw: unknown,
  actions: readonly unknown[],
): Promise<{ attempt: number; already: ScorecardEntry | null } | Problem> {
  if (raw !== undefined && (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw >= card.attempts))
    return {
      status: 400,
      reason: 'invalid_attempt',
      message: `attempt must be an integer from 0 to ${card.attempts - 1} (scorecard ${card.id} declares ${card.attempts} attempt${card.attempts === 1 ? '' : 's'} per seed)`,
    };
  const taken = (await store.scorecards.entries(card.id)).filter((e) => e.game === game && e.seed === seed);
  const same = async (e: ScorecardEntry) => (await store.runs.findDuplicate(game, seed, actions))?.id === e.runId;
  if (raw !== undefined) {
    const held = taken.find((e) => e.attempt === raw);
    if (!held) return { attempt: raw, already: null };
    if (await same(held)) return { attempt: raw, already: held };
    return {
      status: 409,
      reason: 'seed_played',
      message: `scorecard ${card.id} already has ${game} seed ${seed} attempt ${raw} (run ${held.runId}); nothing was stored`,
    };
  }
  const free = Array.from({ length: card.attempts }, (_, i) => i).find((i) => !taken.some((e) => e.attempt === i));
  if (free === undefined)
    return {
      status: 409,
      reason: card.attempts === 1 ? 'seed_played' : 'attempts_used',
      message: `scorecard ${card.id} already has ${card.attempts === 1 ? '' : `all ${card.attempts} attempts of `}${game} seed ${seed}; nothing was stored`,
    };
  return { attempt: free, already: null };
}

const identicalText = (e: ScorecardEntry) =>
  e.identical ? { runId: e.runId, player: e.runPlayer, text: `identical to run ${e.runId} by ${e.runPlayer}, earlier` } : null;

/** "1.23 $", or "unknown" when a played run reported no cost (no --price-in/--price-out, or no usage). */
function costOf(entries: readonly ScorecardEntry[]): { dollars: number | null; text: string } {
  if (entries.length === 0) return { dollars: null, text: 'unknown' };
  let dollars = 0;
  for (const e of entries) {
    const c = e.summary?.usage.cost;
    if (c === null || c === undefined) return { dollars: null, text: 'unknown' };
    dollars += c;
  }
  return { dollars, text: `$${dollars.toFixed(dollars < 1 ? 4 : 2)}` };
}

export type ScorecardReport = ReturnType<typeof scorecardReport>;

/**
 * The scorecard as published: per game progress with its interval, totals, and every seed (each attempt) with
 * links; the overall progress with its bootstrap interval when `overall` (the board leaves it out for rows it
 * does not show).
 */
export function scorecardReport(
  base: string,
  card: Scorecard,
  set: ChallengeSet,
  entries: readonly ScorecardEntry[],
  options: { overall?: boolean } = {},
) {
  const games = setProgress(
    set,
    entries.map((e) => ({ game: e.game, seed: e.seed, attempt: e.attempt, score: e.score, counts: true })),
    card.attempts,
  );
  const byKey = new Map(entries.map((e) => [`${e.game}\n${e.seed}\n${e.attempt}`, e]));
  const totals = { runs: entries.length, actions: 0, steps: 0, refusals: 0, retries: 0, fallbacks: 0, ms: 0, usage: ZERO };
  const recordUrl = (e: ScorecardEntry) =>
    e.hasRecord ? `${scorecardUrl(base, card.id)}/records/${e.game}/${e.seed}${e.attempt > 0 ? `?attempt=${e.attempt}` : ''}` : null;
  const gameOut = games.map((g: GameProgress) => {
    const t = { actions: 0, steps: 0, refusals: 0, retries: 0, fallbacks: 0, ms: 0, usage: ZERO };
    const perSeed = g.perSeed.map((s) => {
      const attempts = Array.from({ length: card.attempts }, (_, a) => byKey.get(`${g.game}\n${s.seed}\n${a}`)).flatMap((e) =>
        e ? [e] : [],
      );
      for (const e of attempts) {
        t.actions += e.actions;
        t.steps += e.summary?.steps ?? 0;
        t.refusals += e.summary?.refusals ?? 0;
        t.retries += e.summary?.retries ?? 0;
        t.fallbacks += e.summary?.fallbacks ?? 0;
        t.ms += e.summary?.ms ?? 0;
        t.usage = addUsage(t.usage, e.summary?.usage);
      }
      const first = attempts[0];
      const progressOfAttempt = new Map(s.attempts.map((a) => [a.attempt, a]));
      return {
        ...s,
        counted: attempts.length > 0,
        runId: first?.runId ?? null,
        runUrl: first ? runUrl(base, first.runId) : null,
        actions: first?.actions ?? null,
        summary: first?.summary ?? null,
        identicalTo: first ? identicalText(first) : null,
        recordUrl: first ? recordUrl(first) : null,
        attempts: attempts.map((e) => ({
          attempt: e.attempt,
          score: e.score,
          progress: progressOfAttempt.get(e.attempt)?.progress ?? 0,
          uncapped: progressOfAttempt.get(e.attempt)?.uncapped ?? null,
          runId: e.runId,
          runUrl: runUrl(base, e.runId),
          actions: e.actions,
          summary: e.summary,
          identicalTo: identicalText(e),
          recordUrl: recordUrl(e),
        })),
      };
    });
    totals.actions += t.actions;
    totals.steps += t.steps;
    totals.refusals += t.refusals;
    totals.retries += t.retries;
    totals.fallbacks += t.fallbacks;
    totals.ms += t.ms;
    totals.usage = addUsage(totals.usage, t.usage);
    return { ...g, totals: t, perSeed };
  });
  const progress = games.length === 0 ? 0 : games.reduce((a, g) => a + g.progress, 0) / games.length;
  const overall = options.overall === false ? null : overallInterval(games, textSeed(card.id));
  return {
    ok: true as const,
    scorecard: {
      ...card,
      openedAt: new Date(card.openedAt).toISOString(),
      closedAt: card.closedAt === null ? null : new Date(card.closedAt).toISOString(),
      url: scorecardUrl(base, card.id),
      page: `${base}/#/scorecards/${card.id}`,
    },
    set: { id: set.id, title: set.title, format: set.format },
    progress,
    interval: overall ? { low: overall.low, high: overall.high, method: overall.method } : null,
    complete: games.every((g) => g.complete),
    runsExpected: games.reduce((a, g) => a + g.seeds * card.attempts, 0),
    identical: entries.filter((e) => e.identical).length,
    cost: costOf(entries),
    games: gameOut,
    totals,
  };
}

/** CSV of a report: one row per game, seed and attempt (k rows per seed; an attempt not played has an empty score). */
export function reportCsv(report: ScorecardReport): string {
  const head = [
    'game',
    'seed',
    'attempt',
    'played',
    'score',
    'progress',
    'uncapped',
    'random',
    'greedy',
    'strong',
    'run_id',
    'actions',
    'steps',
    'refusals',
    'retries',
    'fallbacks',
    'ms',
    'input_tokens',
    'output_tokens',
    'cost',
    'identical_to_run',
    'identical_to_player',
  ];
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const text = String(v);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = [head.join(',')];
  for (const g of report.games)
    for (const s of g.perSeed)
      for (let a = 0; a < report.scorecard.attempts; a++) {
        const e = s.attempts.find((x) => x.attempt === a);
        const sum: EpisodeSummary | null = e?.summary ?? null;
        rows.push(
          [
            g.game,
            s.seed,
            a,
            e ? 1 : 0,
            e?.score,
            e ? e.progress : 0,
            e?.uncapped,
            s.random,
            s.greedy,
            s.strong,
            e?.runId,
            e?.actions,
            sum?.steps,
            sum?.refusals,
            sum?.retries,
            sum?.fallbacks,
            sum?.ms,
            sum?.usage.input,
            sum?.usage.output,
            sum?.usage.cost,
            e?.identicalTo?.runId,
            e?.identicalTo?.player,
          ]
            .map(cell)
            .join(','),
        );
      }
  return `${rows.join('\n')}\n`;
}

/** Who a board row belongs to: a model tag and prompt id (agents), a player (people). */
const rowKey = (card: Scorecard) =>
  card.kind === 'agent'
    ? `agent\n${card.tags.model ?? card.tags.agent ?? ''}\n${card.tags.prompt ?? ''}`
    : `human\n${card.player.toLowerCase()}`;

export function registerScorecardRoutes(
  app: Hono<AppEnv>,
  ctx: ServerContext,
  store: Store,
  sets: ReadonlyMap<string, ChallengeSet>,
  now: () => number = Date.now,
): void {
  // A closed scorecard never changes: its entries are kept for the board (the most recent BOARD_SCORECARDS).
  const closedEntries = new Map<string, ScorecardEntry[]>();
  const entriesOf = async (card: Scorecard) => {
    const kept = closedEntries.get(card.id);
    if (kept) return kept;
    const entries = await store.scorecards.entries(card.id);
    if (card.closed) {
      if (closedEntries.size >= BOARD_SCORECARDS) closedEntries.delete(closedEntries.keys().next().value as string);
      closedEntries.set(card.id, entries);
    }
    return entries;
  };
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
  const find = async (c: AppContext, id: string) => {
    const card = await store.scorecards.get(id);
    if (!card) return fail(ctx, c, 404, 'unknown_scorecard', `no scorecard ${JSON.stringify(id.slice(0, 40))}`);
    const set = sets.get(card.challenge);
    if (!set) return unknownChallenge(ctx, c, card.challenge, sets);
    return { card, set };
  };
  const cardOr404 = (c: AppContext) => find(c, c.req.param('id') ?? '');

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
    const attempts = body.attempts ?? 1;
    if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 1 || attempts > MAX_ATTEMPTS)
      return fail(ctx, c, 400, 'invalid_body', `attempts must be an integer from 1 to ${MAX_ATTEMPTS} (each seed played that many times)`);
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const wait = ctx.charge(c, 1);
    if (wait > 0)
      return fail(ctx, c, 429, 'rate_limited', `too many requests from this client; retry in ${wait} s`, { 'retry-after': String(wait) });
    const player = body.player as string;
    const opened = await store.scorecards.open({ challenge, player, key, tags, attempts, now: now() });
    if (opened.status !== 'opened') return keyProblem(c, opened.status, player);
    const base = ctx.baseUrl(c);
    const url = scorecardUrl(base, opened.scorecard.id);
    const answer = {
      ok: true as const,
      scorecard: { ...opened.scorecard, openedAt: new Date(opened.scorecard.openedAt).toISOString(), closedAt: null, url },
      url,
      next: `send runs with POST ${url}/runs { player, runs: [...] } (or POST ${base}/api/runs { ..., "scorecard": "${opened.scorecard.id}" }), then POST ${url}/close`,
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
    const cards = (await store.scorecards.closed(challenge, BOARD_SCORECARDS)).filter((card) => kind === undefined || card.kind === kind);
    // Most recent close first: a row is its model's (or person's) latest closed complete scorecard, never its best.
    cards.sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0) || (a.id < b.id ? -1 : 1));
    const latest = new Map<string, { card: Scorecard; entries: ScorecardEntry[] }>();
    const earlier = new Map<string, Array<{ card: Scorecard; entries: ScorecardEntry[]; complete: boolean }>>();
    const incomplete: Array<{ card: Scorecard; entries: ScorecardEntry[] }> = [];
    for (const card of cards) {
      const entries = await entriesOf(card);
      const complete = scorecardReport(base, card, set, entries, { overall: false }).complete;
      const key = rowKey(card);
      if (complete && !latest.has(key)) latest.set(key, { card, entries });
      else earlier.set(key, [...(earlier.get(key) ?? []), { card, entries, complete }]);
      if (!complete) incomplete.push({ card, entries });
    }
    const brief = (card: Scorecard, report: ScorecardReport) => ({
      scorecard: card.id,
      model: card.tags.model,
      prompt: card.tags.prompt,
      promptHash: typeof card.tags.meta.promptHash === 'string' ? card.tags.meta.promptHash : null,
      agent: card.tags.agent,
      player: card.player,
      kind: card.kind,
      attempts: card.attempts,
      progress: report.progress,
      runs: report.totals.runs,
      runsExpected: report.runsExpected,
      complete: report.complete,
      url: scorecardUrl(base, card.id),
      page: `${base}/#/scorecards/${card.id}`,
      closedAt: new Date(card.closedAt ?? 0).toISOString(),
    });
    const rows = [...latest.entries()]
      .map(([key, { card, entries }]) => ({ key, card, report: scorecardReport(base, card, set, entries) }))
      .sort((a, b) => b.report.progress - a.report.progress || (b.card.closedAt ?? 0) - (a.card.closedAt ?? 0))
      .slice(0, limit)
      .map(({ key, card, report }, i) => ({
        rank: i + 1,
        ...brief(card, report),
        interval: report.interval,
        games: Object.fromEntries(
          report.games.map((g) => [g.game, { progress: g.progress, interval: g.interval, played: g.played, seeds: g.seeds }]),
        ),
        tokens: { input: report.totals.usage.input, output: report.totals.usage.output },
        cost: report.cost,
        identical: report.identical,
        refusals: report.totals.refusals,
        retries: report.totals.retries,
        fallbacks: report.totals.fallbacks,
        earlier: (earlier.get(key) ?? []).map((e) => brief(e.card, scorecardReport(base, e.card, set, e.entries, { overall: false }))),
      }));
    return sendJson(c, {
      ok: true,
      challenge,
      kind: kind ?? 'all',
      ranking:
        'one row per model tag and prompt id (people: per player): its most recent closed complete scorecard (every seed of every game played k times), ranked by overall progress (the mean of the games); earlier scorecards are listed under the row, incomplete ones apart',
      interval: rows[0]?.interval?.method ?? null,
      identical:
        'a run identical to one stored earlier (by anyone) counts inside a scorecard and is disclosed: per seed "identical to run N by P, earlier", and counted here',
      rows,
      incomplete: incomplete
        .slice(0, limit)
        .map(({ card, entries }) => brief(card, scorecardReport(base, card, set, entries, { overall: false }))),
    });
  });

  app.get('/api/scorecards/compare', async (c) => {
    c.set('route', '/api/scorecards/compare');
    const ids = [c.req.query('a') ?? '', c.req.query('b') ?? ''];
    if (!ids[0] || !ids[1]) return fail(ctx, c, 400, 'invalid_query', 'compare needs ?a=<scorecard id>&b=<scorecard id>');
    const found = [];
    for (const id of ids) {
      const f = await find(c, id);
      if (f instanceof Response) return f;
      found.push(f);
    }
    const [a, b] = found as [{ card: Scorecard; set: ChallengeSet }, { card: Scorecard; set: ChallengeSet }];
    if (a.card.challenge !== b.card.challenge)
      return fail(
        ctx,
        c,
        409,
        'different_sets',
        `${a.card.id} is on ${a.card.challenge} and ${b.card.id} on ${b.card.challenge}: a paired comparison needs the same set`,
      );
    const base = ctx.baseUrl(c);
    const ra = scorecardReport(base, a.card, a.set, await entriesOf(a.card));
    const rb = scorecardReport(base, b.card, b.set, await entriesOf(b.card));
    const games = ra.games.map((ga) => {
      const gb = rb.games.find((g) => g.game === ga.game)!;
      const pa = ga.perSeed.map((s) => s.progress);
      const pb = gb.perSeed.map((s) => s.progress);
      const p = pairedComparison(pa, pb);
      return {
        game: ga.game,
        a: ga.progress,
        b: gb.progress,
        difference: p.difference,
        interval: { low: p.low, high: p.high, method: p.method },
        wins: p.wins,
        ties: p.ties,
        losses: p.losses,
        seeds: p.seeds,
        complete: { a: ga.complete, b: gb.complete },
        perSeed: ga.perSeed.map((s, i) => ({ seed: s.seed, a: s.progress, b: pb[i]!, difference: s.progress - pb[i]! })),
      };
    });
    const overall = overallInterval(
      games.map((g) => ({ perSeed: g.perSeed.map((s) => ({ progress: s.difference })) })),
      textSeed(`${a.card.id}\n${b.card.id}`),
    );
    const side = (r: ScorecardReport) => ({
      id: r.scorecard.id,
      model: r.scorecard.tags.model,
      prompt: r.scorecard.tags.prompt,
      player: r.scorecard.player,
      attempts: r.scorecard.attempts,
      closed: r.scorecard.closed,
      complete: r.complete,
      progress: r.progress,
      url: r.scorecard.url,
    });
    return sendJson(c, {
      ok: true,
      set: ra.set,
      a: side(ra),
      b: side(rb),
      difference: ra.progress - rb.progress,
      interval: { low: overall.low, high: overall.high, method: `${overall.method.replace('means', 'differences')} (per seed A - B)` },
      wins: games.reduce((n, g) => n + g.wins, 0),
      ties: games.reduce((n, g) => n + g.ties, 0),
      losses: games.reduce((n, g) => n + g.losses, 0),
      games,
    });
  });

  app.get('/api/scorecards/:id', async (c) => {
    c.set('route', '/api/scorecards/:id');
    const format = c.req.query('format') ?? 'json';
    if (format !== 'json' && format !== 'csv') return fail(ctx, c, 400, 'invalid_query', 'format must be json or csv');
    const found = await cardOr404(c);
    if (found instanceof Response) return found;
    const report = scorecardReport(ctx.baseUrl(c), found.card, found.set, await entriesOf(found.card));
    if (format === 'csv') {
      c.header('content-disposition', `attachment; filename="${found.card.id}.csv"`);
      return sendText(c, reportCsv(report), 200, 'text/csv; charset=utf-8');
    }
    return sendJson(c, report);
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
    return sendJson(c, scorecardReport(ctx.baseUrl(c), closed, found.set, await entriesOf(closed)));
  });

  // Many runs into one open scorecard in one request: each is replayed and answered as POST /api/runs would
  // (its own status and answer, in order); the client resends the ones answered 429/503 after `retryAfter` s.
  app.post('/api/scorecards/:id/runs', async (c) => {
    c.set('route', '/api/scorecards/:id/runs');
    const found = await cardOr404(c);
    if (found instanceof Response) return found;
    const parsed = await readJsonRequest(ctx, c);
    if (parsed instanceof Response) return parsed;
    const body = (parsed.value ?? {}) as Record<string, unknown>;
    const runs = body.runs;
    if (!Array.isArray(runs) || runs.length === 0 || runs.length > BATCH_MAX_RUNS)
      return fail(
        ctx,
        c,
        400,
        'invalid_body',
        `runs must be an array of 1 to ${BATCH_MAX_RUNS} runs { game, seed, actions, attempt?, version?, agent?, notes?, record? | recordGz? }`,
      );
    const player = body.player ?? found.card.player;
    if (typeof player !== 'string' || player.toLowerCase() !== found.card.player.toLowerCase())
      return fail(
        ctx,
        c,
        403,
        'not_your_scorecard',
        `scorecard ${found.card.id} belongs to ${found.card.player}; send its runs as ${found.card.player}`,
      );
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const check = await store.runs.checkName(found.card.player, key);
    if (check === 'key_required' || check === 'wrong_key') return keyProblem(c, check, found.card.player);
    if (found.card.closed) return fail(ctx, c, 409, 'scorecard_closed', `scorecard ${found.card.id} is closed; open another for more runs`);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers[name] = value;
    }
    const client = c.env?.incoming?.socket?.remoteAddress ?? c.env?.client;
    const one = async (raw: unknown, index: number) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw))
        return { index, status: 400, ok: false, reason: 'invalid_body', message: `runs[${index}] must be an object` };
      const run = raw as Record<string, unknown>;
      const record = readRecord(run, undefined);
      if (record !== null && typeof record !== 'string') return { index, ...record, ok: false };
      const { record: _r, recordGz: _g, ...rest } = run;
      const res = await app.request(
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
    return sendJson(c, {
      ok: true,
      scorecard: found.card.id,
      accepted: results.filter((r) => r.ok === true).length,
      refused: results.filter((r) => r.ok !== true).length - again.length,
      retry: again.length,
      ...(again.length > 0 ? { retryAfter: Math.max(1, ...again.map((r) => Number(r.retryAfter ?? 1))) } : {}),
      results,
    });
  });

  app.get('/api/scorecards/:id/records/:game/:seed', async (c) => {
    c.set('route', '/api/scorecards/:id/records/:game/:seed');
    const found = await cardOr404(c);
    if (found instanceof Response) return found;
    const seed = /^\d{1,10}$/.test(c.req.param('seed')) ? Number(c.req.param('seed')) : -1;
    const rawAttempt = c.req.query('attempt') ?? '0';
    const attempt = /^\d{1,2}$/.test(rawAttempt) ? Number(rawAttempt) : -1;
    if (attempt < 0 || attempt >= found.card.attempts)
      return fail(ctx, c, 400, 'invalid_query', `attempt must be an integer from 0 to ${found.card.attempts - 1}`);
    const text = seed >= 0 ? await store.scorecards.record(found.card.id, c.req.param('game'), seed, attempt) : null;
    if (text === null)
      return fail(
        ctx,
        c,
        404,
        'not_found',
        `scorecard ${found.card.id} has no record for ${c.req.param('game').slice(0, 40)} seed ${c.req.param('seed').slice(0, 12)}${attempt > 0 ? ` attempt ${attempt}` : ''}`,
      );
    return sendText(c, text, 200, 'application/x-ndjson; charset=utf-8');
  });
}

export const SCORECARD_METHODS: Record<string, string> = {
  '/api/scorecards': 'GET, HEAD, POST',
  '/api/scorecards/compare': 'GET, HEAD',
  '/api/scorecards/:id': 'GET, HEAD',
  '/api/scorecards/:id/close': 'POST',
  '/api/scorecards/:id/runs': 'POST',
  '/api/scorecards/:id/records/:game/:seed': 'GET, HEAD',
};
