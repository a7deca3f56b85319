// The agent's game table: every tool's logic, independent of MCP itself (tools.ts only wraps these results).
// A game is held under an id; the agent sends only that id and an action. Rules stay in the engines: this carries
// the wire body between calls and asks the engine for the compact view, the recap and the legal actions.
import { randomBytes, randomInt } from 'node:crypto';
import { type ActionBody, localEngine, type WireEngine } from '@hearth/client';
import { type CompactView, type Game, nextBody, type OkResponse, type Refusal, type VerifyOutcome, type Wire } from '@hearth/engine';
import { parseSeedNumber } from '@hearth/rng';
import {
  budgetAllows,
  CHALLENGE_SETS,
  challengeById,
  type EpisodeHeader,
  episodeLine,
  RECORD_FORMAT,
  type Usage,
  usageOf,
  viewHash,
} from '@hearth/store/challenges';
import type { GameSession, GameSessionStore } from './game-store.ts';

/** A loaded game and the wire the adapter carries its state with (sealed on the server, plain in stdio). */
export interface TableGame {
  game: Game;
  wire: Wire;
}

/**
 * One call to the leaderboard server's HTTP API (POST /api/runs, /api/scorecards, ...): the JSON answer, whatever
 * its status. `key` goes out as Authorization: Bearer. Throws only when the server cannot be reached.
 */
export type ApiCaller = (call: { method: 'GET' | 'POST'; path: string; body?: unknown; key?: string }) => Promise<Record<string, unknown>>;

export interface TableOptions {
  games: ReadonlyMap<string, TableGame>;
  store: GameSessionStore;
  /** Games idle longer than this expire (default 2 hours). */
  idleMs?: number;
  /** Replays seed + actions (the server passes its worker pool; default: in-process replay). */
  verify?: (slug: string, seed: number, actions: unknown[]) => Promise<VerifyOutcome>;
  /** The leaderboard server (submit_run, open_scorecard, close_scorecard); absent when none is configured. */
  api?: ApiCaller;
  /** Most actions one game may hold (the server's /verify and /api/runs limit). */
  maxActions?: number;
  now?: () => number;
}

/** A tool's answer: data for the model, or an error it can correct (isError in MCP terms). */
export type TableResult = { ok: true; data: Record<string, unknown> } | { ok: false; error: string };

const ok = (data: Record<string, unknown>): TableResult => ({ ok: true, data });
const error = (message: string): TableResult => ({ ok: false, error: message });

export const DEFAULT_IDLE_MS = 2 * 60 * 60 * 1000;
export const RULE_SECTIONS = ['summary', 'goal', 'scoring', 'rules', 'actions', 'decisions', 'legend'] as const;
export type RuleSection = (typeof RULE_SECTIONS)[number];

export class GameTable {
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly maxActions: number;
  /** The games through @hearth/client's engine over this table's wires (sealed on the server, plain in stdio). */
  private readonly engine: WireEngine;

  constructor(private readonly o: TableOptions) {
    this.engine = localEngine(o.games);
    this.idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
    this.now = o.now ?? Date.now;
    this.maxActions = o.maxActions ?? 5000;
  }

  listGames(): TableResult {
    const games = [...this.o.games.values()].map(({ game }) => ({
      slug: game.slug,
      name: game.name,
      genre: game.spec.genre,
      description: game.spec.description,
    }));
    return ok({ games, next: 'Call rules with a slug to learn a game, then new_game.' });
  }

  rules(slug: string, section?: RuleSection): TableResult {
    const served = this.o.games.get(slug);
    if (!served) return error(unknownGame(slug, this.o.games));
    const spec = served.game.spec;
    switch (section ?? 'summary') {
      case 'summary':
        return ok({
          game: slug,
          howToPlay: spec.summary ?? [spec.goal],
          scoring: spec.scoring,
          actions: spec.actionGrammar,
          more: `sections: ${RULE_SECTIONS.join(', ')}`,
        });
      case 'goal':
        return ok({ game: slug, goal: spec.goal });
      case 'scoring':
        return ok({ game: slug, scoring: spec.scoring });
      case 'rules':
        return ok({ game: slug, rules: spec.rules });
      case 'actions':
        return ok({ game: slug, actionGrammar: spec.actionGrammar });
      case 'decisions':
        return ok({ game: slug, decisions: spec.decisions });
      case 'legend':
        return ok({ game: slug, legend: spec.legend });
    }
  }

  async newGame(owner: string, slug: string, rawSeed?: number, challenge?: string): Promise<TableResult> {
    const served = this.o.games.get(slug);
    if (!served) return error(unknownGame(slug, this.o.games));
    let seed: number;
    if (rawSeed === undefined) {
      if (challenge !== undefined) return error(`a game for ${challenge} needs one of its seeds: open_scorecard lists them`);
      seed = randomInt(0, 2 ** 32);
    } else {
      const parsed = parseSeedNumber(rawSeed);
      if (!parsed.ok) return error(`${parsed.message}; got ${rawSeed}`);
      seed = parsed.seed;
    }
    if (challenge !== undefined) {
      const set = challengeById(challenge);
      if (!set) return error(`no challenge set ${JSON.stringify(challenge)}; the sets are ${CHALLENGE_SETS.map((x) => x.id).join(', ')}`);
      const g = set.games[slug];
      if (!g) return error(`${set.id} has no ${slug}`);
      if (!g.seeds.some((x) => x.seed === seed))
        return error(`seed ${seed} is not in ${set.id}'s ${slug} seeds: ${g.seeds.map((x) => x.seed).join(', ')}`);
      if (g.version !== null && g.version !== served.game.spec.version)
        return error(
          `${set.id} pins ${slug} rules ${g.version}; this server has ${served.game.spec.version}, so no run here could count for it`,
        );
    }
    const response = await this.engine.init(slug, seed, { compact: true });
    const id = newGameId();
    const data = viewOf({ id, slug, turns: 0 }, response.view as CompactView);
    if (challenge !== undefined) data.budget = challengeById(challenge)?.games[slug]?.budget?.text ?? null;
    const header: EpisodeHeader = {
      hearthRecord: RECORD_FORMAT,
      game: slug,
      seed,
      set: challenge ?? null,
      version: served.game.spec.version,
      view: 'mcp',
      agent: null,
    };
    const held: Held = {
      body: nextBody(served.game.spec, response),
      record: [episodeLine(header)],
      shown: viewHash(JSON.stringify(data)),
      shownAt: this.now(),
      set: challenge ?? null,
    };
    await this.o.store.create({ id, owner, slug, seed, wire: JSON.stringify(held), actions: [], turns: 0, now: this.now() });
    return ok(data);
  }

  async act(owner: string, gameId: string, action: unknown, rawUsage?: unknown): Promise<TableResult> {
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row, served } = found;
    if (row.turns >= this.maxActions)
      return error(`game ${gameId} holds the most actions a run may have (${this.maxActions}); submit or verify it`);
    const held = heldOf(row);
    const budget = held.set === null ? null : (challengeById(held.set)?.games[row.slug]?.budget ?? null);
    if (budget && !budgetAllows(budget, row.actions, action))
      return error(
        `this action would leave ${held.set}'s budget for ${row.slug} (${budget.text}); the game is over for the set: call submit_run now (the run so far counts)`,
      );
    const response = await this.engine.act(row.slug, { ...held.body, action } as ActionBody, { compact: true });
    if (!response.ok && response.reason === 'invalid_state')
      return error(`game ${gameId} could not be read back (${response.message}); start a new game`);
    const data = response.ok
      ? viewOf({ ...row, turns: row.turns + 1 }, response.view as CompactView)
      : refusalOf(row, served, held, response);
    const step: Record<string, unknown> = {
      step: held.record ? held.record.length - 1 : 0,
      turn: row.turns,
      view: held.shown,
      action,
      ok: response.ok,
    };
    if (!response.ok) step.reason = response.reason;
    step.ms = Math.max(0, this.now() - held.shownAt);
    const usage: Usage | undefined = usageOf(rawUsage);
    if (usage) step.usage = usage;
    // The record stops at RECORD_MAX steps (a session row is rewritten on every call); submit_run then sends none.
    const record = held.record && held.record.length <= RECORD_MAX ? [...held.record, `${JSON.stringify(step)}\n`] : null;
    const next: Held = {
      body: response.ok ? nextBody(served.game.spec, response) : held.body,
      record,
      shown: viewHash(JSON.stringify(data)),
      shownAt: this.now(),
      set: held.set,
    };
    const saved = await this.o.store.update(
      gameId,
      {
        wire: JSON.stringify(next),
        actions: response.ok ? [...row.actions, action] : row.actions,
        turns: response.ok ? row.turns + 1 : row.turns,
        now: this.now(),
      },
      row.version,
    );
    if (!saved) return error(`game ${gameId} was changed by another call at the same moment; call view and act again`);
    return ok(data);
  }

  async view(owner: string, gameId: string, full = false): Promise<TableResult> {
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row, served } = found;
    const opened = served.wire.openState(heldOf(row).body);
    if (!opened.ok) return error(`game ${gameId} could not be read back (${opened.message}); start a new game`);
    const state = opened.value;
    if (!full) return ok(viewOf(row, served.game.compact(state)));
    const response = served.game.view(state) as OkResponse;
    return ok({
      gameId,
      game: row.slug,
      seed: row.seed,
      turn: row.turns,
      score: response.score,
      gameOver: response.gameOver,
      state: served.game.rules.publicState ? served.game.rules.publicState(state) : state,
      observation: response.observation,
      legalActions: response.legalActions,
    });
  }

  async legalActions(owner: string, gameId: string): Promise<TableResult> {
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row, served } = found;
    const opened = served.wire.openState(heldOf(row).body);
    if (!opened.ok) return error(`game ${gameId} could not be read back (${opened.message})`);
    const legal = served.game.rules.legalActions(opened.value);
    const data: Record<string, unknown> = { gameId, turn: row.turns, legalActions: legal };
    if (legal.length === 0 && !served.game.rules.gameOver(opened.value))
      data.note = 'This game lists no actions by design: any action the grammar allows is legal.';
    if (legal.length === 0) data.actionGrammar = served.game.spec.actionGrammar;
    return ok(data);
  }

  async verify(owner: string, gameId: string): Promise<TableResult> {
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row } = found;
    const actions = row.actions;
    const outcome = await (this.o.verify ?? this.localVerify)(row.slug, row.seed, actions);
    return ok({ gameId, game: row.slug, seed: row.seed, actions: actions.length, ...outcome });
  }

  async submitRun(
    owner: string,
    gameId: string,
    who: { player: string; agent?: string; notes?: string; key?: string; scorecard?: string },
  ): Promise<TableResult> {
    if (!this.o.api) return error(NO_SERVER('submit_run'));
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row, served } = found;
    const held = heldOf(row);
    const { key, ...rest } = who;
    const body: Record<string, unknown> = {
      game: row.slug,
      seed: row.seed,
      actions: row.actions,
      version: served.game.spec.version,
      ...rest,
    };
    if (held.record) body.record = held.record.join('');
    const answer = await this.call({ method: 'POST', path: '/api/runs', body, key });
    if (typeof answer === 'string') return error(answer);
    if (answer.ok === false) return error(refusalText(answer, who.player, 'submit_run'));
    // Identical to a run another player stored first, outside a scorecard: nothing was stored and nothing counts.
    // An error, said plainly, so a model does not believe it submitted. Inside a scorecard it counts (disclosed).
    if (answer.duplicate === true && answer.counted === false && answer.scorecard === undefined)
      return error(`not stored: ${String(answer.message)}. Play the game yourself (your own actions) to score.`);
    return ok({ gameId, ...answer });
  }

  async openScorecard(who: {
    player: string;
    challenge?: string;
    model?: string;
    agent?: string;
    prompt?: string;
    attempts?: number;
    key?: string;
  }): Promise<TableResult> {
    if (!this.o.api) return error(NO_SERVER('open_scorecard'));
    const { key, player, challenge, attempts, ...tags } = who;
    const answer = await this.call({
      method: 'POST',
      path: '/api/scorecards',
      body: { player, challenge, tags, ...(attempts !== undefined ? { attempts } : {}) },
      key,
    });
    if (typeof answer === 'string') return error(answer);
    if (answer.ok === false) return error(refusalText(answer, player, 'open_scorecard'));
    const card = answer.scorecard as { id: string; challenge: string };
    const set = challengeById(card.challenge);
    const games = Object.fromEntries(
      Object.entries(set?.games ?? {})
        .filter(([slug]) => this.o.games.has(slug))
        .map(([slug, g]) => [slug, { budget: g.budget?.text ?? null, seeds: g.seeds.map((x) => x.seed) }]),
    );
    const out: Record<string, unknown> = {
      scorecardId: card.id,
      challenge: card.challenge,
      games,
      next: `For each seed: new_game { game, seed, challenge: "${card.challenge}" }, play it with act, then submit_run { gameId, player, scorecard: "${card.id}" }. close_scorecard when done.`,
    };
    if (typeof answer.playerKey === 'string') {
      out.playerKey = answer.playerKey;
      out.keyNote = 'keep it: pass it as the key argument of submit_run and close_scorecard (it is shown once)';
    }
    return ok(out);
  }

  async closeScorecard(who: { scorecardId: string; player: string; key?: string }): Promise<TableResult> {
    if (!this.o.api) return error(NO_SERVER('close_scorecard'));
    if (typeof who.scorecardId !== 'string' || !/^sc_[A-Za-z0-9_-]{22}$/.test(who.scorecardId))
      return error('scorecardId must be the id open_scorecard returned (sc_...)');
    const answer = await this.call({ method: 'POST', path: `/api/scorecards/${who.scorecardId}/close`, key: who.key });
    if (typeof answer === 'string') return error(answer);
    if (answer.ok === false) return error(refusalText(answer, who.player, 'close_scorecard'));
    const games = (answer.games ?? []) as Array<{
      game: string;
      progress: number;
      interval: { low: number | null; high: number | null };
      playedText: string;
    }>;
    return ok({
      scorecardId: who.scorecardId,
      closed: true,
      progress: round1(Number(answer.progress)),
      games: games.map((g) => ({
        game: g.game,
        progress: round1(g.progress),
        interval95: g.interval.low === null || g.interval.high === null ? null : [round1(g.interval.low), round1(g.interval.high)],
        played: g.playedText,
      })),
      url: (answer.scorecard as { url?: string } | undefined)?.url,
    });
  }

  private async call(c: Parameters<ApiCaller>[0]): Promise<Record<string, unknown> | string> {
    try {
      return await this.o.api!(c);
    } catch (e) {
      return `the leaderboard could not be reached: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  /** Drops games idle past the expiry; returns how many. */
  purge(): Promise<number> {
    return this.o.store.purgeIdle(this.now() - this.idleMs);
  }

  private readonly localVerify = (slug: string, seed: number, actions: unknown[]): Promise<VerifyOutcome> =>
    this.engine.verify(slug, seed, actions);

  private async find(
    owner: string,
    gameId: string,
  ): Promise<{ ok: true; row: GameSession; served: TableGame } | { ok: false; result: TableResult }> {
    const row = typeof gameId === 'string' && GAME_ID.test(gameId) ? await this.o.store.get(gameId) : undefined;
    // Another session's game reads as unknown: ids are not a way to look into someone else's play.
    if (!row || row.owner !== owner) return { ok: false, result: error(`no game ${gameId} in this session; new_game starts one`) };
    if (this.now() - row.updatedAt > this.idleMs) {
      await this.o.store.delete(gameId);
      return {
        ok: false,
        result: error(`game ${gameId} expired after ${Math.round(this.idleMs / 60000)} idle minutes; new_game starts another`),
      };
    }
    const served = this.o.games.get(row.slug);
    if (!served) return { ok: false, result: error(`game ${gameId} is of a game this server no longer offers (${row.slug})`) };
    return { ok: true, row, served };
  }
}

const GAME_ID = /^g_[A-Za-z0-9_-]{22}$/;

/** 128 random bits, base64url: unguessable, so an id is never a way into another agent's game. */
export function newGameId(): string {
  return `g_${randomBytes(16).toString('base64url')}`;
}

/** The model's view: the compact view with the game id and turn; the recap without its item list (the text says it). */
function viewOf(row: Pick<GameSession, 'id' | 'slug' | 'turns'>, view: CompactView): Record<string, unknown> {
  const out: Record<string, unknown> = { gameId: row.id, game: row.slug, turn: row.turns, score: view.score, gameOver: view.gameOver };
  if (view.recap) out.last = { points: view.recap.points, text: view.recap.text };
  out.text = view.text;
  out.actions = view.actions;
  return out;
}

function refusalOf(row: GameSession, served: TableGame, held: Held, refusal: Refusal): Record<string, unknown> {
  const opened = served.wire.openState(held.body);
  const actions = opened.ok ? served.game.compact(opened.value).actions : refusal.legalActions;
  const { ok: _ok, legalActions: _legal, ...detail } = refusal;
  return { gameId: row.id, game: row.slug, turn: row.turns, refused: detail, unchanged: true, actions };
}

function unknownGame(slug: string, games: ReadonlyMap<string, TableGame>): string {
  return `unknown game ${JSON.stringify(slug)}; the games are ${[...games.keys()].join(', ')}`;
}

/** Steps an MCP game's episode record keeps (docs/benchmark.md); past it the record is dropped. */
export const RECORD_MAX = 2000;

/**
 * What a session row's `wire` holds: the body the next call carries (sealed on the server), the episode record so
 * far, the hash and time of the last answer shown for this game (a step's view and latency), and the challenge set
 * the game is played for (its budget is enforced by act). Rows written before records are the bare body.
 */
interface Held {
  body: object;
  record: string[] | null;
  shown: string;
  shownAt: number;
  set: string | null;
}

function heldOf(row: GameSession): Held {
  const w = JSON.parse(row.wire) as Record<string, unknown>;
  if ('body' in w && 'shown' in w) return w as unknown as Held;
  return { body: w, record: null, shown: '', shownAt: row.updatedAt, set: null };
}

const NO_SERVER = (tool: string) =>
  `${tool} needs a leaderboard server: start the MCP server with --server URL (or use the server at /mcp)`;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The server's refusal as a sentence for the model; a key problem names the tool's `key` argument. */
function refusalText(answer: Record<string, unknown>, player: string, tool: string): string {
  if (answer.reason === 'key_required')
    return `the name ${player} is claimed: pass its playerKey (returned once by the first run or scorecard under that name) as the key argument of ${tool}`;
  if (answer.reason === 'wrong_key') return `the key argument is not the playerKey of ${player}`;
  return `the leaderboard refused: ${String(answer.reason)}: ${String(answer.message)}`;
}
