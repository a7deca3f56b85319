// The shapes every transport shares. A WireEngine answers the gameboard protocol without holding a game (the state
// or token travels in each body); a Transport opens Channels, one per game being played; a Session sits on a
// Channel and keeps what a player keeps.
import type { ActResponse, OkResponse, Refusal, Spec, VerifyOutcome } from '@hearth/engine';

/** What a response to an action is: the next position, or a refusal that changed nothing. */
export type Response = OkResponse | Refusal;

/** What a list of games says about each. */
export interface GameInfo {
  slug: string;
  name: string;
  genre: string;
  description: string;
  goal: string;
}

/** The body of an action: the state (or the token) from the last response, unchanged, and the action. */
export interface ActionBody {
  state?: unknown;
  stateToken?: unknown;
  action: unknown;
}

/** What a step may add to an accepted response. */
export interface StepOptions {
  /** The engine's "what happened" (`recap`; over HTTP, `view.recap` of the compact view). */
  recap?: boolean;
  /** The engine's CompactView (`view`). */
  compact?: boolean;
  /** The step's own events (`events`), where the engine reports them (in-process; HTTP leaves them out). */
  events?: boolean;
}

/**
 * The gameboard protocol, stateless: every call carries what it needs. The engine in-process (localEngine) and a
 * server (httpEngine) answer it alike; the web app's worker exposes one across its boundary.
 */
export interface WireEngine {
  /** Every game served, in the order the registry or the server lists them. */
  games(): Promise<GameInfo[]>;
  spec(slug: string): Promise<Spec>;
  /** init's response (with its spec). Rejects with TransportError when the game cannot be started. */
  init(slug: string, seed: number, options?: { compact?: boolean }): Promise<OkResponse>;
  /** One step; a refusal is an answer ({ ok: false }), never a rejection. */
  act(slug: string, body: ActionBody, options?: StepOptions): Promise<ActResponse>;
  /** Replays seed + actions and hashes the final state (the CLI's verify, the server's /verify). */
  verify(slug: string, seed: number, actions: readonly unknown[]): Promise<VerifyOutcome>;
}

/** One game being played over a transport: its first response, then one answer per action. */
export interface Channel {
  /** init's response, with its spec. */
  readonly first: OkResponse;
  /** Sends one action from the position the channel holds; a refusal leaves it where it was. */
  send(action: unknown, options?: StepOptions): Promise<Response>;
  /** Replays seed + actions where the transport's engine is (a server's /verify, the pipe's CLI). */
  verify(actions: readonly unknown[]): Promise<VerifyOutcome>;
  /** Ends the game (a pipe's child process exits); the channel answers nothing after. */
  close(): Promise<void>;
}

/** Where games are played: in this process, on a server, through a CLI's JSON pipe. */
export interface Transport {
  /** `local`, `http` or `pipe`: for messages and tests. */
  readonly kind: string;
  /** Starts a game. Rejects with TransportError (an unknown game, a server that cannot be reached). */
  open(slug: string, seed: number, options?: { compact?: boolean }): Promise<Channel>;
}

/** A transport could not do what was asked (not a game's refusal): an unknown game, a server gone, a pipe closed. */
export class TransportError extends Error {
  constructor(
    message: string,
    /** A stable machine reason: unknown_game, server_unreachable, server_error, http_<status>, pipe_closed. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** A refusal as a value, for the failures a transport turns into answers (a step must never throw). */
export function failure(reason: string, message: string, legalActions: unknown[] = []): Refusal {
  return { ok: false, reason, message, legalActions };
}
