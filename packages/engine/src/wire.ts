import { PlainTokenCodec, publicStateOf, type StateCodec } from './codec.ts';
import { type ActResponse, type Game, type OkResponse, type Parsed, Reasons, type Refusal } from './contract.ts';

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
  /** init's response on the wire; `compact` adds `view` (the CompactView). */
  init(seed: number, options?: { compact?: boolean }): OkResponse;
  /** One step; `recap`/`compact` add `recap`/`view` to an accepted response. Authenticated states take the trusted path. */
  act(body: unknown, options?: { recap?: boolean; compact?: boolean }): ActResponse;
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

  return {
    game,
    init(seed, options) {
      const response = game.init(seed);
      if (options?.compact) response.view = game.compact(response.state);
      return encode(response);
    },
    act(body, options) {
      const opened = openState(body);
      if (!opened.ok) return invalidState(opened.message);
      const response = game.act(opened.value, (body as ActionBody).action, { ...options, trusted });
      return response.ok ? encode(response) : response;
    },
    openState,
  };
}

function invalidState(message: string): Refusal {
  return { ok: false, reason: Reasons.invalidState, message, legalActions: [] };
}
