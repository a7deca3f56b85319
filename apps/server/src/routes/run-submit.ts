// POST /api/runs, read top-down: readSubmission (the run, its player and key, its rules version) -> placeRun (the
// scorecard and set it is for, its episode record, its attempt) -> the client's charge -> an identical run already
// stored is joined, not stored again -> storeRun (the name's key, the per-player rate, the replay on the worker
// pool, the store) -> joinScorecard (the entry in its scorecard, with its progress).
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
import type { Exchange } from '../http/exchange.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { memberSpan } from '../state/state-span.ts';
import { dailySeed, utcDate } from './challenge-daily.ts';
import { rateLimited, replayOrAnswer, type ServedGame, type ServerContext, unknownGame } from './context.ts';
import { readJson } from './read-json.ts';
import { answer, duplicateAnswer, scorecardUrl, unknownChallenge } from './run-answers.ts';
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

type Deps = RunRouteDeps & { ctx: ServerContext; now: () => number };

/** HTTP status of each reason a run does not count for a set it was sent for. */
const MISS_STATUS = { not_in_set: 400, version_mismatch: 409, over_budget: 400 } as const;
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** A submission read and checked. */
interface Submission {
  body: Record<string, unknown>;
  /** The body's JSON text (its actions go to the replay worker as text). */
  text: string;
  slug: string;
  served: ServedGame;
  seed: number;
  actions: unknown[];
  player: string;
  key: string | null;
  version: string;
}

/** Where the run goes: its scorecard and set (or none), its episode record, its attempt. */
interface Placement {
  card: Scorecard | null;
  set: ChallengeSet | undefined;
  record: ReturnType<typeof parseEpisode> | null;
  recordText: string | null;
  attempt: number;
  /** The same run already holds this attempt: it is answered, not added again. */
  already: ScorecardEntry | null;
}

export async function submitRun(d: Deps, x: Exchange): Promise<Answer> {
  const parsed = await readJson(d.ctx, x);
  if (isAnswer(parsed)) return parsed;
  const run = readSubmission(d, x, parsed.value, parsed.text);
  if (isAnswer(run)) return run;
  const place = await placeRun(d, x, run);
  if (isAnswer(place)) return place;
  // Heavier than a plain request: the client pays for the replay it asks for (one token per 100 actions).
  // A run already in its scorecard costs nothing more: the answer is read back.
  const wait = place.already ? 0 : d.ctx.charge(x, d.submitCost + Math.floor(run.actions.length / 100));
  if (wait > 0) return rateLimited(wait);
  const base = d.ctx.baseUrl(x);
  const existing = await d.store.runs.findDuplicate(run.slug, run.seed, run.actions);
  if (existing) return repeatRun(d, base, run, place, existing);
  return storeRun(d, x, base, run, place);
}

/** A run identical to one stored already: answered as the duplicate it is (into a scorecard only with the key). */
async function repeatRun(d: Deps, base: string, run: Submission, place: Placement, existing: RunRecord): Promise<Answer> {
  if (place.card) {
    // Joining a scorecard needs the player's key even for a run that is stored already.
    const check = await d.store.runs.checkName(run.player, run.key);
    if (check === 'key_required' || check === 'wrong_key') return keyProblem(check, run.player);
  }
  const rank = (await d.store.runs.rankOf(run.slug, existing.player)) ?? 0;
  return joinScorecard(d, base, run, place, existing, duplicateAnswer(base, existing, rank, run.player, d.sets), 200, true);
}

/** Step 1: the game, seed, actions, player, free texts, key and rules version of the body, or the refusal. */
function readSubmission(d: Deps, x: Exchange, body: Record<string, unknown>, text: string): Submission | Answer {
  const slug = typeof body.game === 'string' ? body.game : '';
  const served = d.ctx.games.get(slug);
  if (!served) return unknownGame(d.ctx, slug);
  x.game = slug;
  const seed = parseSeedNumber(body.seed);
  if (!seed.ok) return fail(400, 'invalid_seed', seed.message);
  const actions = body.actions;
  if (!Array.isArray(actions)) return fail(400, 'invalid_body', 'actions must be an array of actions');
  if (actions.length > d.maxRunActions) {
    return fail(400, 'too_many_actions', `actions has ${actions.length} items; a run may have at most ${d.maxRunActions}`);
  }
  const nameProblem = checkName(body.player);
  if (nameProblem) return fail(400, 'invalid_player', nameProblem);
  const textProblem = checkFreeText('agent', body.agent, AGENT_MAX) ?? checkFreeText('notes', body.notes, NOTES_MAX);
  if (textProblem) return fail(400, 'invalid_body', textProblem);
  const authorization = x.header('authorization');
  const bearer = authorization === undefined ? null : BEARER.exec(authorization);
  if (authorization !== undefined && !bearer) return fail(401, 'invalid_key', 'Authorization must be "Bearer <player key>"');
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
  return { body, text, slug, served, seed: seed.seed, actions, player: body.player as string, key: bearer?.[1] ?? null, version };
}

/** Step 2: the scorecard and set the run is for (named, or the scorecard's), its episode record, its attempt. */
async function placeRun(d: Deps, x: Exchange, run: Submission): Promise<Placement | Answer> {
  const { body, slug, seed, actions } = run;
  let card: Scorecard | null = null;
  if (body.scorecard !== undefined) {
    if (!isScorecardId(body.scorecard)) return fail(400, 'invalid_body', 'scorecard must be the id POST /api/scorecards returned (sc_...)');
    card = await d.store.scorecards.get(body.scorecard);
    if (!card) return fail(404, 'unknown_scorecard', `no scorecard ${body.scorecard}`);
    if (card.closed) return fail(409, 'scorecard_closed', `scorecard ${card.id} is closed; open another for more runs`);
    if (card.player.toLowerCase() !== run.player.toLowerCase())
      return fail(403, 'not_your_scorecard', `scorecard ${card.id} belongs to ${card.player}; send runs into it as ${card.player}`);
  }
  const setId = card?.challenge ?? body.challenge;
  if (body.challenge !== undefined && (typeof body.challenge !== 'string' || (card && body.challenge !== card.challenge)))
    return fail(
      400,
      'invalid_body',
      card ? `scorecard ${card.id} is for ${card.challenge}, not ${String(body.challenge)}` : 'challenge must be a set id',
    );
  const set = typeof setId === 'string' ? d.sets.get(setId) : undefined;
  if (typeof setId === 'string' && !set) return unknownChallenge(setId, d.sets);
  if (set) {
    const miss = challengeMiss(set, { game: slug, seed, version: run.version, actions });
    if (miss) return fail(MISS_STATUS[miss.reason], miss.reason, `${miss.message}; nothing was stored`);
  }
  const recordText = readRecord(body, x.req.record);
  if (recordText !== null && typeof recordText !== 'string') return fail(recordText.status, recordText.reason, recordText.message);
  const record = recordText === null ? null : parseEpisode(recordText);
  if (record !== null) {
    if (!record.ok) return fail(400, 'invalid_record', record.message);
    if (record.header.game !== slug || record.header.seed !== seed)
      return fail(400, 'invalid_record', `the record is of ${record.header.game} seed ${record.header.seed}, not ${slug} seed ${seed}`);
    if (canonicalJson(record.actions) !== canonicalJson(actions))
      return fail(
        400,
        'invalid_record',
        `the record's accepted steps (${record.actions.length}) are not the run's actions (${actions.length})`,
      );
  }
  // Which attempt of the seed this run is: the one named, else the next free one (a scorecard bounds its runs,
  // each seed at most its attempts). The same run sent again for the same attempt is answered as already in.
  if (!card) return { card, set, record, recordText, attempt: 0, already: null };
  const slot = await attemptSlot(d.store, card, slug, seed, body.attempt, actions);
  if ('status' in slot) return fail(slot.status, slot.reason, slot.message);
  return { card, set, record, recordText, attempt: slot.attempt, already: slot.already };
}

/** Step 4: the name's key, the per-player rate, the replay off the event loop, then the store. */
async function storeRun(d: Deps, x: Exchange, base: string, run: Submission, place: Placement): Promise<Answer> {
  const { slug, seed, actions, player, card } = { ...run, card: place.card };
  const check = await d.store.runs.checkName(player, run.key);
  if (check === 'key_required' || check === 'wrong_key') {
    // The name may have been claimed since the duplicate check by a concurrent submission of this very run (two
    // instances behind a load balancer, or a slow check): then this is a repeat of a stored run, which needs no key.
    const stored = card ? null : await d.store.runs.findDuplicate(slug, seed, actions);
    return stored ? repeatRun(d, base, run, place, stored) : keyProblem(check, player);
  }
  // A run into an open scorecard is bounded by the scorecard (each seed at most its attempts), not by the
  // per-player rate made for people submitting by hand: an evaluation goes at the speed of its agent.
  const playerWait = card ? 0 : (d.perPlayer?.take(player.toLowerCase()) ?? 0);
  if (playerWait > 0)
    return fail(429, 'rate_limited', `too many submissions for player ${player}; retry in ${playerWait} s`, {
      'retry-after': String(playerWait),
    });
  // Off the event loop; a full queue answers 503 busy with Retry-After.
  // The list goes to the worker as the JSON text it came in (one string copy, no structured clone of it).
  const span = memberSpan(run.text, 'actions');
  const job = span ? { slug, seed, actionsJson: run.text.slice(span.start, span.end) } : { slug, seed, actions };
  const outcome = await replayOrAnswer(d.ctx, x, job);
  if (isAnswer(outcome)) return outcome;
  if (!outcome.ok) {
    // The same shape as /verify's refusal; nothing is stored.
    const refused = { ok: false, slug, seed, index: outcome.index, reason: outcome.reason, message: outcome.message };
    return { ...json(refused), reason: outcome.reason };
  }
  const at = d.now();
  const today = utcDate(at);
  const counts = [...d.sets.values()].filter(
    (s) => s.format === 2 && challengeMiss(s, { game: slug, seed, version: run.version, actions }) === null,
  );
  const result = await d.store.runs.submit({
    game: slug,
    seed,
    actions,
    player,
    key: run.key,
    // A run into a model's scorecard is that model's even when the client left agent out (never a person's run).
    agent: (run.body.agent as string | undefined) ?? (card?.kind === 'agent' ? (card.tags.model ?? card.tags.agent) : null),
    notes: (run.body.notes as string | undefined) ?? null,
    score: outcome.score,
    turns: outcome.turns,
    gameOver: outcome.gameOver,
    end: outcome.end,
    stateHash: outcome.stateHash,
    version: run.version,
    daily: dailySeed(slug, today) === seed ? today : null,
    challenges: counts.map((s) => s.id),
    now: at,
  });
  // Claimed by a concurrent submission after the check above.
  if (result.status === 'key_required' || result.status === 'wrong_key') return keyProblem(result.status, player);
  if (result.status === 'duplicate')
    return joinScorecard(d, base, run, place, result.run, duplicateAnswer(base, result.run, result.rank, player, d.sets), 200, true);
  const response = answer(base, result.run, result.rank, d.sets);
  const withKey = result.playerKey
    ? {
        ...response,
        playerKey: result.playerKey,
        keyNote: 'keep this key: it is shown once and needed for every later run under this name',
      }
    : response;
  return joinScorecard(d, base, run, place, result.run, withKey, 201, false);
}

/** Step 5: the run's entry in its scorecard (when it is for one), with its progress; identical runs are disclosed. */
async function joinScorecard(
  d: Deps,
  base: string,
  run: Submission,
  place: Placement,
  stored: RunRecord,
  response: Record<string, unknown>,
  status: 200 | 201,
  identical: boolean,
): Promise<Answer> {
  const { card, set, attempt, already } = place;
  const { slug, seed } = run;
  if (!card || !set) return json(response, status);
  const own = stored.player.toLowerCase() === run.player.toLowerCase();
  if (!already) {
    const added = await d.store.scorecards.add({
      scorecard: card.id,
      game: slug,
      seed,
      attempt,
      runId: stored.id,
      own,
      identical,
      score: stored.score,
      actions: stored.actions.length,
      summary: place.record?.ok ? place.record.summary : null,
      record: place.recordText,
      now: d.now(),
    });
    if (added === 'closed')
      return fail(409, 'scorecard_closed', `scorecard ${card.id} was closed meanwhile; the run is stored as run ${stored.id}`);
    if (added !== 'added')
      return fail(
        409,
        'seed_played',
        `scorecard ${card.id} got ${slug} seed ${seed} attempt ${attempt} meanwhile; the run is run ${stored.id}`,
      );
  }
  const baseline = set.games[slug]?.seeds.find((s) => s.seed === seed);
  const progress = baseline ? progressOf(baseline, stored.score).progress : 0;
  // Inside a scorecard every run counts, an identical one too; it is disclosed (whose it is, and that it came earlier).
  const entry = {
    id: card.id,
    game: slug,
    seed,
    attempt,
    counted: true,
    progress,
    url: scorecardUrl(base, card.id),
    ...(already ? { already: true } : {}),
    ...((already ? already.identical : identical) ? { identicalTo: { runId: stored.id, player: stored.player, earlier: true } } : {}),
  };
  return json({ ...response, scorecard: entry }, status);
}

/** 401 key_required or 403 wrong_key for a claimed name. */
function keyProblem(status: 'key_required' | 'wrong_key', player: string): Answer {
  return status === 'key_required'
    ? fail(401, 'key_required', `the name ${player} is claimed: send its player key as Authorization: Bearer <key>`, {
        'www-authenticate': 'Bearer',
      })
    : fail(403, 'wrong_key', `that is not the player key of ${player}`);
}
