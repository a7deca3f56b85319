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
import { leanResponse, type ResponseForm } from './lean.ts';

/**
 * Seals plain states for the wire: the state stays readable JSON, with proof of origin attached
 * (the server's HMAC). `open` strips and checks the proof. Must not throw.
 */
export interface StateSealer {
  /** True when `open` authenticates (a verified seal means this engine made the state), so act may skip state validation. */
  readonly trusted?: boolean;
  seal(state: unknown): unknown;
  open(wireState: unknown): Parsed<unknown>;
  /**
   * Optional, for speed: the JSON of a response with its `state` sealed, byte for byte
   * `JSON.stringify({ ...response, state: seal(response.state) })`, written without building the sealed object.
   */
  writeJson?(response: object): string;
  /**
   * Optional, for speed: a body's JSON text in the form this sealer's own responses make clients send it, its
   * state authenticated over the bytes as sent. `body` is the rest of the body (the state member null); a body
   * the sealer bounds and finds too big is `{ ok: false, message }`; null when the text is not in that form or the
   * seal does not match over its bytes (the wire then reads the body whole and calls open).
   */
  openText?(text: string): { ok: true; state: unknown; body: Record<string, unknown> } | { ok: false; message: string } | null;
}

/** Reads a body's JSON text into a value, or why not (a stable reason and a message for the client). */
export type BodyReader = (text: string) => { ok: true; value: unknown } | { ok: false; reason: string; message: string };

/** The text-level step: the response's JSON, a refusal (with its JSON), or a body that could not be read. */
export type ActJson =
  | { ok: true; json: string }
  | { ok: false; refusal: Refusal; json: string }
  | { ok: false; refusal?: undefined; reason: string; message: string };

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
   * One step; `recap`/`events`/`compact` add `recap`/`events`/`view` to an accepted response; `lean` answers the LeanResponse (no
   * observation or legal-action list is computed). Authenticated states take the trusted path.
   */
  act(body: unknown, options: { lean: true }): LeanResponse | Refusal;
  act(body: unknown, options?: { recap?: boolean; events?: boolean; compact?: boolean; lean?: boolean }): ActResponse;
  /** The engine state inside a wire body, or why it is refused (invalid_state). */
  openState(body: unknown): Parsed<unknown>;
  /**
   * init's response on the wire as JSON, without the spec (a server splices in the spec's JSON made once): the
   * same bytes as JSON.stringify of `init` without `spec`.
   */
  initJson(seed: number, options?: { form?: ResponseForm }): string;
  /**
   * One step from a body's JSON text to the response's JSON text: every adapter that speaks JSON (the HTTP
   * server's action route) takes this one path for every game. The sealer's fast path (openText, writeJson) is
   * taken when it has one; `read` parses a body read whole (default: JSON.parse; the server's bounds the body).
   */
  actJson(text: string, options?: { form?: ResponseForm; read?: BodyReader }): ActJson;
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

  const act = (
    body: unknown,
    options?: { recap?: boolean; events?: boolean; compact?: boolean; lean?: boolean },
  ): ActResponse | LeanResponse => {
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

  // The text-level path. A sealer with writeJson writes the engine's own response with its state sealed as it
  // serialises; otherwise the response is encoded (sealed, or tokened) and stringified.
  const sealedWriter = byToken ? undefined : sealer?.writeJson?.bind(sealer);
  const writeOk = (response: OkResponse | LeanResponse, lean: boolean): string => {
    if (sealedWriter) return sealedWriter(response);
    return JSON.stringify(lean ? encodeLean(response as LeanResponse) : encode(response as OkResponse));
  };

  const initJson = (seed: number, options?: { form?: ResponseForm }): string => {
    const form = options?.form ?? 'full';
    const { spec: _, ...response } = game.init(seed);
    if (form === 'lean') {
      const lean = leanResponse({ state: response.state }, game.compact(response.state));
      return sealedWriter ? sealedWriter(lean) : JSON.stringify(encodeLean(lean));
    }
    if (form === 'compact') response.view = game.compact(response.state);
    return sealedWriter ? sealedWriter(response) : JSON.stringify(encode(response as OkResponse));
  };

  const actJson = (text: string, options?: { form?: ResponseForm; read?: BodyReader }): ActJson => {
    const form = options?.form ?? 'full';
    let opened: Parsed<unknown>;
    let action: unknown;
    const fast = byToken ? null : (sealer?.openText?.(text) ?? null);
    if (fast !== null) {
      if (!fast.ok) return { ok: false, reason: 'invalid_body', message: fast.message };
      opened = { ok: true, value: fast.state };
      action = fast.body.action;
    } else {
      const body = (options?.read ?? readJson)(text);
      if (!body.ok) return body;
      opened = openState(body.value);
      action = (body.value as ActionBody).action;
    }
    if (!opened.ok) {
      const refusal = invalidState(opened.message);
      return { ok: false, refusal, json: JSON.stringify(refusal) };
    }
    const response =
      form === 'lean'
        ? game.act(opened.value, action, { trusted, lean: true })
        : game.act(opened.value, action, form === 'compact' ? { compact: true, trusted } : { trusted });
    if (!response.ok) return { ok: false, refusal: response, json: JSON.stringify(response) };
    return { ok: true, json: writeOk(response, form === 'lean') };
  };

  return { game, init: init as Wire['init'], act: act as Wire['act'], openState, initJson, actJson };
}

/** The default BodyReader: JSON.parse, and a JSON object required. */
function readJson(text: string): ReturnType<BodyReader> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'invalid_json', message: `body is not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, reason: 'invalid_body', message: 'body must be a JSON object' };
  return { ok: true, value };
}

function invalidState(message: string): Refusal {
  return { ok: false, reason: Reasons.invalidState, message, legalActions: [] };
}
