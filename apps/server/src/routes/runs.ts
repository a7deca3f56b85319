import { canonicalJson } from '@hearth/engine';
import { parseSeedNumber } from '@hearth/rng';
import {
  AGENT_MAX,
  type ChallengeSet,
  challengeMiss,
  checkFreeText,
  checkName,
  isScorecardId,
  NOTES_MAX,
  parseEpisode,
  progressOf,
  type RunRecord,
  type Scorecard,
  type ScorecardEntry,
  type Store,
} from '@hearth/store';
import { type Answer, fail, isAnswer, json } from '../http/answer.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { Router } from '../http/router.ts';
import { memberSpan } from '../state/state-span.ts';
import { dailySeed, utcDate } from './challenge-daily.ts';
import { rateLimited, replayOrAnswer, type ServerContext, unknownGame } from './context.ts';
import { readJson } from './read-json.ts';
import { attemptSlot, readRecord } from './scorecard-input.ts';

export interface RunRouteDeps {
  store: Store;
  /** Most actions a submitted run may have (MAX_RUN_ACTIONS). */
  maxRunActions: number;
  /** Submissions per player name (lower-cased), on top of the per-client limit; null: none. */
  perPlayer: RateLimiter | null;
  /** Rate-limit tokens a submission costs its client beyond the request itself (plus 1 per 100 actions). */
  submitCost: number;
  /** The challenge sets by id (loaded at start; fixed while the server runs). */
  sets: ReadonlyMap<string, ChallengeSet>;
  now?: () => number;
}

/** HTTP status of each reason a run does not count for a set it was sent for. */
const MISS_STATUS = { not_in_set: 400, version_mismatch: 409, over_budget: 400 } as const;

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** POST /api/runs and GET /api/runs/:id: verified runs, replayed off the event loop, stored only when accepted. */
export function registerRunRoutes(router: Router, ctx: ServerContext, deps: RunRouteDeps): void {
  const { store } = deps;
  const now = deps.now ?? Date.now;

  router.post('/api/runs', async (x) => {
    x.route = '/api/runs';
    const parsed = await readJson(ctx, x);
    if (isAnswer(parsed)) return parsed;
    const body = parsed.value as Record<string, unknown>;

    const slug = typeof body.game === 'string' ? body.game : '';
    const served = ctx.games.get(slug);
    if (!served) return unknownGame(ctx, slug);
    x.game = slug;
    const seed = parseSeedNumber(body.seed);
    if (!seed.ok) return fail(400, 'invalid_seed', seed.message);
    const actions = body.actions;
    if (!Array.isArray(actions)) return fail(400, 'invalid_body', 'actions must be an array of actions');
    if (actions.length > deps.maxRunActions) {
      return fail(400, 'too_many_actions', `actions has ${actions.length} items; a run may have at most ${deps.maxRunActions}`);
    }
    const nameProblem = checkName(body.player);
    if (nameProblem) return fail(400, 'invalid_player', nameProblem);
    const player = body.player as string;
    const textProblem = checkFreeText('agent', body.agent, AGENT_MAX) ?? checkFreeText('notes', body.notes, NOTES_MAX);
    if (textProblem) return fail(400, 'invalid_body', textProblem);
    const authorization = x.header('authorization');
    const bearer = authorization === undefined ? null : BEARER.exec(authorization);
    if (authorization !== undefined && !bearer) return fail(401, 'invalid_key', 'Authorization must be "Bearer <player key>"');
    const key = bearer?.[1] ?? null;
    const version = served.game.spec.version;

    // The rules version the client played under: another one is refused (its score would mean something else).
    if (body.version !== undefined && body.version !== version) {
      const declared = typeof body.version === 'string' ? body.version.slice(0, 32) : JSON.stringify(body.version)?.slice(0, 32);
      return fail(
        409,
        'version_mismatch',
        `this server runs ${slug} rules ${version}; the run declares ${declared}: replay it against ${version} (GET /api/games/${slug}/spec) or leave version out`,
      );
    }
    // The set the run is for: named, or the scorecard's.
    let card: Scorecard | null = null;
    if (body.scorecard !== undefined) {
      if (!isScorecardId(body.scorecard))
        return fail(400, 'invalid_body', 'scorecard must be the id POST /api/scorecards returned (sc_...)');
      card = await store.scorecards.get(body.scorecard);
      if (!card) return fail(404, 'unknown_scorecard', `no scorecard ${body.scorecard}`);
      if (card.closed) return fail(409, 'scorecard_closed', `scorecard ${card.id} is closed; open another for more runs`);
      if (card.player.toLowerCase() !== player.toLowerCase())
        return fail(403, 'not_your_scorecard', `scorecard ${card.id} belongs to ${card.player}; send runs into it as ${card.player}`);
    }
    const setId = card?.challenge ?? body.challenge;
    if (body.challenge !== undefined && (typeof body.challenge !== 'string' || (card && body.challenge !== card.challenge)))
      return fail(
        400,
        'invalid_body',
        card ? `scorecard ${card.id} is for ${card.challenge}, not ${String(body.challenge)}` : 'challenge must be a set id',
      );
    const set = typeof setId === 'string' ? deps.sets.get(setId) : undefined;
    if (typeof setId === 'string' && !set) return unknownChallenge(setId, deps.sets);
    if (set) {
      const miss = challengeMiss(set, { game: slug, seed: seed.seed, version, actions });
      if (miss) return fail(MISS_STATUS[miss.reason], miss.reason, `${miss.message}; nothing was stored`);
    }
    let record: ReturnType<typeof parseEpisode> | null = null;
    const recordText = readRecord(body, x.req.record);
    if (recordText !== null && typeof recordText !== 'string') return fail(recordText.status, recordText.reason, recordText.message);
    if (recordText !== null) {
      record = parseEpisode(recordText);
      if (!record.ok) return fail(400, 'invalid_record', record.message);
      if (record.header.game !== slug || record.header.seed !== seed.seed)
        return fail(
          400,
          'invalid_record',
          `the record is of ${record.header.game} seed ${record.header.seed}, not ${slug} seed ${seed.seed}`,
        );
      if (canonicalJson(record.actions) !== canonicalJson(actions))
        return fail(
          400,
          'invalid_record',
          `the record's accepted steps (${record.actions.length}) are not the run's actions (${actions.length})`,
        );
    }
    // Which attempt of the seed this run is: the one named, else the next free one (a scorecard bounds its runs,
    // each seed at most its attempts). The same run sent again for the same attempt is answered as already in.
    let attempt = 0;
    let already: ScorecardEntry | null = null;
    if (card) {
      const slot = await attemptSlot(store, card, slug, seed.seed, body.attempt, actions);
      if ('status' in slot) return fail(slot.status, slot.reason, slot.message);
      attempt = slot.attempt;
      already = slot.already;
    }

    // Heavier than a plain request: the client pays for the replay it asks for (one token per 100 actions).
    // A run already in its scorecard costs nothing more: the answer is read back.
    const wait = already ? 0 : ctx.charge(x, deps.submitCost + Math.floor(actions.length / 100));
    if (wait > 0) return rateLimited(wait);

    const base = ctx.baseUrl(x);
    const join = async (run: RunRecord, response: Record<string, unknown>, status: 200 | 201, identical: boolean) => {
      if (!card || !set) return json(response, status);
      const own = run.player.toLowerCase() === player.toLowerCase();
      if (!already) {
        const added = await store.scorecards.add({
          scorecard: card.id,
          game: slug,
          seed: seed.seed,
          attempt,
          runId: run.id,
          own,
          identical,
          score: run.score,
          actions: run.actions.length,
          summary: record?.ok ? record.summary : null,
          record: recordText,
          now: now(),
        });
        if (added === 'closed')
          return fail(409, 'scorecard_closed', `scorecard ${card.id} was closed meanwhile; the run is stored as run ${run.id}`);
        if (added !== 'added')
          return fail(
            409,
            'seed_played',
            `scorecard ${card.id} got ${slug} seed ${seed.seed} attempt ${attempt} meanwhile; the run is run ${run.id}`,
          );
      }
      const baseline = set.games[slug]?.seeds.find((x) => x.seed === seed.seed);
      const progress = baseline ? progressOf(baseline, run.score).progress : 0;
      // Inside a scorecard every run counts, an identical one too; it is disclosed (whose it is, and that it came earlier).
      const entry = {
        id: card.id,
        game: slug,
        seed: seed.seed,
        attempt,
        counted: true,
        progress,
        url: scorecardUrl(base, card.id),
        ...(already ? { already: true } : {}),
        ...((already ? already.identical : identical) ? { identicalTo: { runId: run.id, player: run.player, earlier: true } } : {}),
      };
      return json({ ...response, scorecard: entry }, status);
    };

    const existing = await store.runs.findDuplicate(slug, seed.seed, actions);
    if (existing) {
      if (card) {
        // Joining a scorecard needs the player's key even for a run that is stored already.
        const check = await store.runs.checkName(player, key);
        if (check === 'key_required') return keyRequired(player);
        if (check === 'wrong_key') return wrongKey(player);
      }
      return join(
        existing,
        duplicateAnswer(base, existing, (await store.runs.rankOf(slug, existing.player)) ?? 0, player, deps.sets),
        200,
        true,
      );
    }

    const check = await store.runs.checkName(player, key);
    if (check === 'key_required') return keyRequired(player);
    if (check === 'wrong_key') return wrongKey(player);
    // A run into an open scorecard is bounded by the scorecard (each seed at most its attempts), not by the
    // per-player rate made for people submitting by hand: an evaluation goes at the speed of its agent.
    const playerWait = card ? 0 : (deps.perPlayer?.take(player.toLowerCase()) ?? 0);
    if (playerWait > 0) return limited(playerWait, `too many submissions for player ${player}`);

    // Off the event loop; a full queue answers 503 busy with Retry-After.
    // The list goes to the worker as the JSON text it came in (one string copy, no structured clone of it).
    const span = memberSpan(parsed.text, 'actions');
    const job = span ? { slug, seed: seed.seed, actionsJson: parsed.text.slice(span.start, span.end) } : { slug, seed: seed.seed, actions };
    const outcome = await replayOrAnswer(ctx, x, job);
    if (isAnswer(outcome)) return outcome;
    if (!outcome.ok) {
      ctx.metrics.refusal(x.route, slug, outcome.reason);
      // The same shape as /verify's refusal; nothing is stored.
      return json({ ok: false, slug, seed: seed.seed, index: outcome.index, reason: outcome.reason, message: outcome.message });
    }
    const at = now();
    const today = utcDate(at);
    const counts = [...deps.sets.values()].filter(
      (x) => x.format === 2 && challengeMiss(x, { game: slug, seed: seed.seed, version, actions }) === null,
    );
    const result = await store.runs.submit({
      game: slug,
      seed: seed.seed,
      actions,
      player,
      key,
      // A run into a model's scorecard is that model's even when the client left agent out (never a person's run).
      agent: (body.agent as string | undefined) ?? (card?.kind === 'agent' ? (card.tags.model ?? card.tags.agent) : null),
      notes: (body.notes as string | undefined) ?? null,
      score: outcome.score,
      turns: outcome.turns,
      gameOver: outcome.gameOver,
      end: outcome.end,
      stateHash: outcome.stateHash,
      version,
      daily: dailySeed(slug, today) === seed.seed ? today : null,
      challenges: counts.map((x) => x.id),
      now: at,
    });
    if (result.status === 'key_required' || result.status === 'wrong_key') {
      // Claimed by a concurrent submission after the check above.
      return result.status === 'key_required' ? keyRequired(player) : wrongKey(player);
    }
    if (result.status === 'duplicate')
      return join(result.run, duplicateAnswer(base, result.run, result.rank, player, deps.sets), 200, true);
    const response = answer(base, result.run, result.rank, deps.sets);
    if (result.playerKey) {
      return join(
        result.run,
        {
          ...response,
          playerKey: result.playerKey,
          keyNote: 'keep this key: it is shown once and needed for every later run under this name',
        },
        201,
        false,
      );
    }
    return join(result.run, response, 201, false);
  });

  router.get('/api/runs/:id', async (x) => {
    x.route = '/api/runs/:id';
    const raw = x.param('id');
    // Run ids are up to 16 digits (time-ordered, see @hearth/store newRunId).
    const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0;
    const run = id > 0 ? await store.runs.get(id) : null;
    if (!run) return fail(404, 'not_found', `no run ${JSON.stringify(raw.slice(0, 32))}`);
    x.game = ctx.games.has(run.game) ? run.game : '';
    return json({
      ok: true,
      ...publicRun(run),
      url: runUrl(ctx.baseUrl(x), run.id),
      verifyUrl: `${ctx.baseUrl(x)}/api/games/${run.game}/verify`,
    });
  });

  const limited = (wait: number, what: string) => fail(429, 'rate_limited', `${what}; retry in ${wait} s`, { 'retry-after': String(wait) });
  const keyRequired = (player: string) =>
    fail(401, 'key_required', `the name ${player} is claimed: send its player key as Authorization: Bearer <key>`, {
      'www-authenticate': 'Bearer',
    });
  const wrongKey = (player: string) => fail(403, 'wrong_key', `that is not the player key of ${player}`);
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

/** Which sets a stored run counts for: every set holding its seed, with the reason where it does not. */
export function countsFor(run: RunRecord, sets: ReadonlyMap<string, ChallengeSet>) {
  return [...sets.values()].flatMap((set) => {
    const miss = challengeMiss(set, run);
    if (miss?.reason === 'not_in_set') return [];
    return [miss ? { set: set.id, counts: false, reason: miss.reason, message: miss.message } : { set: set.id, counts: true }];
  });
}

/**
 * The answer to a submission. A run identical to one already stored (same game, seed, action list) is not stored
 * again: the first submitter owns it, and `message` says so plainly (`identicalTo` names the run and its owner).
 */
function answer(base: string, run: RunRecord, rank: number, sets: ReadonlyMap<string, ChallengeSet>) {
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
    duplicate: false,
    player: run.player,
    version: run.version,
    challenges: countsFor(run, sets),
  };
}

/** The same answer for a run found already stored: says plainly whose it is. */
function duplicateAnswer(base: string, run: RunRecord, rank: number, submitter: string, sets: ReadonlyMap<string, ChallengeSet>) {
  const mine = run.player.toLowerCase() === submitter.toLowerCase();
  return {
    ...answer(base, run, rank, sets),
    duplicate: true,
    counted: mine,
    identicalTo: { runId: run.id, player: run.player },
    message: mine
      ? `you stored this run before (run ${run.id}); it was not stored again`
      : `identical to run ${run.id} by ${run.player}, who submitted this action list first and owns it; nothing was stored and it does not count for ${submitter}`,
  };
}

export const scorecardUrl = (base: string, id: string): string => `${base}/api/scorecards/${id}`;

/** 404 unknown_challenge naming the sets there are. */
export function unknownChallenge(id: string, sets: ReadonlyMap<string, ChallengeSet>): Answer {
  return fail(
    404,
    'unknown_challenge',
    `no challenge set ${JSON.stringify(id.slice(0, 64))}; the sets are: ${[...sets.keys()].join(', ')}`,
  );
}

/** Route patterns and methods, for 405 answers. */
export const RUN_METHODS: Record<string, string> = { '/api/runs': 'POST', '/api/runs/:id': 'GET, HEAD' };
