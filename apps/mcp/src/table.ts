// The agent's game table: every tool's logic, independent of MCP itself (tools.ts only wraps these results).
// A game is held under an id; the agent sends only that id and an action. Rules stay in the engines: this carries
// the wire body between calls and asks the engine for the compact view, the recap and the legal actions.
import { randomBytes, randomInt } from 'node:crypto';
import {
  type CompactView,
  type Game,
  nextBody,
  type OkResponse,
  type Refusal,
  replay,
  type VerifyOutcome,
  verifyOutcome,
  type Wire,
} from '@hearth/engine';
import { parseSeedNumber } from '@hearth/rng';
import type { GameSession, GameSessionStore } from './game-store.ts';

/** A loaded game and the wire the adapter carries its state with (sealed on the server, plain in stdio). */
export interface TableGame {
  game: Game;
  wire: Wire;
}

/** What submit_run hands to the leaderboard (POST /api/runs's body, plus the player's key). */
export interface RunSubmission {
  game: string;
  seed: number;
  actions: unknown[];
  player: string;
  agent?: string;
  notes?: string;
  key?: string;
}

export type Submitter = (run: RunSubmission) => Promise<Record<string, unknown>>;

export interface TableOptions {
  games: ReadonlyMap<string, TableGame>;
  store: GameSessionStore;
  /** Games idle longer than this expire (default 2 hours). */
  idleMs?: number;
  /** Replays seed + actions (the server passes its worker pool; default: in-process replay). */
  verify?: (slug: string, seed: number, actions: unknown[]) => Promise<VerifyOutcome>;
  /** Sends a run to the leaderboard; absent when no server is configured. */
  submit?: Submitter;
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

  constructor(private readonly o: TableOptions) {
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

  async newGame(owner: string, slug: string, rawSeed?: number): Promise<TableResult> {
    const served = this.o.games.get(slug);
    if (!served) return error(unknownGame(slug, this.o.games));
    let seed: number;
    if (rawSeed === undefined) seed = randomInt(0, 2 ** 32);
    else {
      const parsed = parseSeedNumber(rawSeed);
      if (!parsed.ok) return error(`${parsed.message}; got ${rawSeed}`);
      seed = parsed.seed;
    }
    const response = served.wire.init(seed, { compact: true });
    const row = await this.o.store.create({
      id: newGameId(),
      owner,
      slug,
      seed,
      wire: JSON.stringify(nextBody(served.game.spec, response)),
      actions: [],
      turns: 0,
      now: this.now(),
    });
    return ok(viewOf(row, response.view as CompactView));
  }

  async act(owner: string, gameId: string, action: unknown): Promise<TableResult> {
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row, served } = found;
    if (row.turns >= this.maxActions)
      return error(`game ${gameId} holds the most actions a run may have (${this.maxActions}); submit or verify it`);
    const body = { ...JSON.parse(row.wire), action };
    const response = served.wire.act(body, { compact: true });
    if (!response.ok) {
      if (response.reason === 'invalid_state')
        return error(`game ${gameId} could not be read back (${response.message}); start a new game`);
      return ok(refusalOf(row, served, response));
    }
    const saved = await this.o.store.update(
      gameId,
      {
        wire: JSON.stringify(nextBody(served.game.spec, response)),
        actions: [...row.actions, action],
        turns: row.turns + 1,
        now: this.now(),
      },
      row.version,
    );
    if (!saved) return error(`game ${gameId} was changed by another call at the same moment; call view and act again`);
    return ok(viewOf({ ...row, turns: row.turns + 1 }, response.view as CompactView));
  }

  async view(owner: string, gameId: string, full = false): Promise<TableResult> {
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row, served } = found;
    const opened = served.wire.openState(JSON.parse(row.wire));
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
    const opened = served.wire.openState(JSON.parse(row.wire));
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
    who: { player: string; agent?: string; notes?: string; key?: string },
  ): Promise<TableResult> {
    if (!this.o.submit)
      return error('submit_run needs a leaderboard server: start the MCP server with --server URL (or use the server at /mcp)');
    const found = await this.find(owner, gameId);
    if (!found.ok) return found.result;
    const { row } = found;
    const run: RunSubmission = { game: row.slug, seed: row.seed, actions: row.actions, ...who };
    try {
      const answer = await this.o.submit(run);
      return answer.ok === false
        ? error(`the leaderboard refused the run: ${answer.reason}: ${answer.message}`)
        : ok({ gameId, ...answer });
    } catch (e) {
      return error(`the leaderboard could not be reached: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Drops games idle past the expiry; returns how many. */
  purge(): Promise<number> {
    return this.o.store.purgeIdle(this.now() - this.idleMs);
  }

  private readonly localVerify = async (slug: string, seed: number, actions: unknown[]): Promise<VerifyOutcome> => {
    const served = this.o.games.get(slug)!;
    return verifyOutcome(replay(served.game, seed, actions));
  };

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

function refusalOf(row: GameSession, served: TableGame, refusal: Refusal): Record<string, unknown> {
  const opened = served.wire.openState(JSON.parse(row.wire));
  const actions = opened.ok ? served.game.compact(opened.value).actions : refusal.legalActions;
  const { ok: _ok, legalActions: _legal, ...detail } = refusal;
  return { gameId: row.id, game: row.slug, turn: row.turns, refused: detail, unchanged: true, actions };
}

function unknownGame(slug: string, games: ReadonlyMap<string, TableGame>): string {
  return `unknown game ${JSON.stringify(slug)}; the games are ${[...games.keys()].join(', ')}`;
}
