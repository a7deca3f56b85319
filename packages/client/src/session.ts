// One game being played, wherever its engine runs: the Session keeps what a player keeps (the latest accepted
// response, the accepted actions) over a Channel of any Transport, turns a refusal into a value (act) or an
// exception (play), and verifies the game so far where the engine is.
import type { OkResponse, Recap, Refusal, Spec, VerifyOutcome } from '@hearth/engine';
import type { Channel, Response, StepOptions, Transport } from './types.ts';

export interface SessionOptions {
  /** Every response, init's included, carries `view` (the engine's CompactView; `?view=compact` from a server). */
  compact?: boolean;
}

/** A refused action, thrown by Session.play: the engine's refusal, with its stable reason. */
export class RefusedError extends Error {
  readonly reason: string;
  readonly legalActions: unknown[];
  constructor(readonly refusal: Refusal) {
    super(`${refusal.reason}: ${refusal.message}`);
    this.name = 'RefusedError';
    this.reason = refusal.reason;
    this.legalActions = refusal.legalActions;
  }
}

/** What a screen or a driver needs of a game being played (Session is one; a test may bring its own). */
export interface GameSession {
  readonly slug: string;
  readonly seed: number;
  readonly spec: Spec;
  /** The latest accepted response (init's at first). */
  readonly current: OkResponse;
  /** One action: the next response, or a refusal that changed nothing. */
  act(action: unknown, options?: StepOptions): Promise<Response>;
}

export class Session implements GameSession {
  readonly #channel: Channel;
  #current: OkResponse;
  readonly #actions: unknown[] = [];

  /** A session on a channel opened already (Session.open opens one; localSession opens one synchronously). */
  constructor(
    /** The transport's kind: local, http, pipe. */
    readonly kind: string,
    readonly slug: string,
    readonly seed: number,
    channel: Channel,
  ) {
    this.#channel = channel;
    this.#current = channel.first;
  }

  /** Starts a game on the transport (rejects with TransportError when it cannot be started). */
  static async open(transport: Transport, slug: string, seed: number, options: SessionOptions = {}): Promise<Session> {
    const channel = await transport.open(slug, seed >>> 0, options.compact ? { compact: true } : undefined);
    return new Session(transport.kind, slug, seed >>> 0, channel);
  }

  /** The game's spec (from init's response). */
  get spec(): Spec {
    return this.#channel.first.spec as Spec;
  }

  /** The latest accepted response (init's at first). */
  get current(): OkResponse {
    return this.#current;
  }

  /** The accepted actions so far, in order. */
  get actions(): readonly unknown[] {
    return this.#actions;
  }

  get score(): number {
    return this.#current.score;
  }

  get gameOver(): boolean {
    return this.#current.gameOver;
  }

  /**
   * Sends one action. Accepted: `current` moves on and the action is kept. Refused (by the rules, or a transport
   * failure turned into a refusal: server_unreachable, server_error, pipe_closed): nothing changes. Never throws.
   */
  async act(action: unknown, options?: StepOptions): Promise<Response> {
    const response = await this.#channel.send(action, options);
    if (response.ok) {
      this.#current = response;
      this.#actions.push(action);
    }
    return response;
  }

  /** act, with a refusal thrown as RefusedError: the accepted response. */
  async play(action: unknown, options?: StepOptions): Promise<OkResponse> {
    const response = await this.act(action, options);
    if (!response.ok) throw new RefusedError(response);
    return response;
  }

  /** Replays the seed and the accepted actions where the engine is; the score and state hash it finds. */
  verify(): Promise<VerifyOutcome> {
    return this.#channel.verify(this.#actions);
  }

  /** Ends the game (a pipe's child exits). */
  close(): Promise<void> {
    return this.#channel.close();
  }
}

/** The engine's recap of an accepted response, wherever the transport put it (`recap`, or `view.recap`). */
export function recapOf(response: Response): Recap | undefined {
  if (!response.ok) return undefined;
  const direct = response.recap as Recap | undefined;
  const view = response.view as { recap?: Recap } | undefined;
  const recap = direct ?? view?.recap;
  return recap && typeof recap.text === 'string' ? recap : undefined;
}
