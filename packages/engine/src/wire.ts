import { PlainTokenCodec, publicStateOf, type StateCodec } from './codec.ts';
import {
  type ActResponse,
  type Game,
  type InitResponse,
  type LeanResponse,
  type OkResponse,
  type Parsed,
  Reasons,
  type Refusal,
  type Spec,
} from './contract.ts';
import { leanResponse } from './lean.ts';

/**
 * Seals plain states for the wire: the state stays readable JSON, with proof of origin attached
 * (the server's HMAC). `open` strips and checks the proof. Must not throw.
 */
export interface StateSealer {
  /** True when `open` authenticates (a verified seal means this engine made the state), so act may skip state validation. */
  readonly trusted?: boolean;
  seal(state: unknown): unknown;
  open(wireState: unknown): Parsed<unknown>;
}

export interface WireOptions {
  /** For `carry: 'stateToken'` games. Default: PlainTokenCodec (unsealed). */
  codec?: StateCodec;
  /** For `carry: 'state'` games. Default: none (the state travels as it is). */
  sealer?: StateSealer;
}

/** The body a client POSTs to /action: `{ state, action }` or `{ stateToken, action }`. */
export interface ActionBody {
  state?: unknown;
  stateToken?: unknown;
  action?: unknown;
}

/**
 * The gameboard wire protocol over a Game, shared by every adapter: it carries the state the way the
 * game's spec says (plain state, optionally sealed; or an opaque token beside the readable state).
 */
export interface Wire {
  readonly game: Game;
  /** init's response on the wire; `compact` adds `view` (the CompactView); `lean` answers the LeanResponse, spec last. */
  init(seed: number, options: { lean: true }): LeanResponse & { spec: Spec };
  init(seed: number, options?: { compact?: boolean; lean?: boolean }): OkResponse;
  /**
   * One step; `recap`/`compact` add `recap`/`view` to an accepted response; `lean` answers the LeanResponse (no
   * observation or legal-action list is computed). Authenticated states take the trusted path.
   */
  act(body: unknown, options: { lean: true }): LeanResponse | Refusal;
  act(body: unknown, options?: { recap?: boolean; compact?: boolean; lean?: boolean }): ActResponse;
  /** The engine state inside a wire body, or why it is refused (invalid_state). */
  openState(body: unknown): Parsed<unknown>;
}

export function createWire(game: Game, options: WireOptions = {}): Wire {
  const codec = options.codec ?? PlainTokenCodec;
  const sealer = options.sealer;
  const byToken = game.spec.carry === 'stateToken';
  const trusted = byToken ? codec.trusted === true : sealer?.trusted === true;

  const encode = <T extends OkResponse>(response: T): T => {
    if (byToken) return { ...response, stateToken: codec.seal(response.state), state: publicStateOf(game, response.state) };
    return sealer ? { ...response, state: sealer.seal(response.state) } : response;
  };
  /** The lean response of an engine state (the token alone for a token game: the view stands for the readable state). */
  const encodeLean = (lean: LeanResponse): LeanResponse => {
    if (byToken) return leanResponse({ stateToken: codec.seal(lean.state) }, lean.view);
    return sealer ? leanResponse({ state: sealer.seal(lean.state) }, lean.view) : lean;
  };

  const openState = (body: unknown): Parsed<unknown> => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'body must be a JSON object' };
    const b = body as ActionBody;
    if (byToken) {
      if (typeof b.stateToken !== 'string')
        return { ok: false, message: `${game.slug} carries { stateToken, action }: stateToken must be a string` };
      return codec.open(b.stateToken);
    }
    if (!('state' in b)) return { ok: false, message: `${game.slug} carries { state, action }: state is missing` };
    return sealer ? sealer.open(b.state) : { ok: true, value: b.state };
  };

  const init = (seed: number, options?: { compact?: boolean; lean?: boolean }): InitResponse | (LeanResponse & { spec: Spec }) => {
    const response = game.init(seed);
    if (options?.lean) return { ...encodeLean(leanResponse({ state: response.state }, game.compact(response.state))), spec: response.spec };
    if (options?.compact) response.view = game.compact(response.state);
    return encode(response);
  };

  const act = (body: unknown, options?: { recap?: boolean; compact?: boolean; lean?: boolean }): ActResponse | LeanResponse => {
    const opened = openState(body);
    if (!opened.ok) return invalidState(opened.message);
    const action = (body as ActionBody).action;
    if (options?.lean) {
      const response = game.act(opened.value, action, { trusted, lean: true });
      return response.ok ? encodeLean(response) : response;
    }
    const response = game.act(opened.value, action, { ...options, trusted });
    return response.ok ? encode(response) : response;
  };

  return { game, init: init as Wire['init'], act: act as Wire['act'], openState };
}

function invalidState(message: string): Refusal {
  return { ok: false, reason: Reasons.invalidState, message, legalActions: [] };
}
