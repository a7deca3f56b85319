// The sealed path: everything an action request goes through, from the bytes of its body to the bytes of its
// response, top to bottom.
//
//   actOnBody(served, bytes, limits, form)
//     1. openBody: the body's bytes -> the engine state and the action, or a refusal. For a plain-state game the
//        seal is checked over the state's bytes exactly as received (openStateText), and only those checked bytes
//        are parsed into the state; a body in another layout (re-spaced, keys reordered) is parsed whole and its
//        state's canonical JSON checked instead (open). A token game's token is decrypted (createAesCodec).
//     2. The engine steps the authenticated state on its trusted path (no parseState).
//     3. writeResponse: the new state is sealed and the response serialised once, the sealed state's JSON
//        (sealJson) spliced in where JSON.stringify would have written it.
//
// The server holds no session, so every state it hands out carries proof that it made it. Plain states (carry
// 'state') keep their readable JSON and gain a `seal` member: HMAC-SHA256 over the canonical JSON of the state
// without it, keyed per game. Token states (carry 'stateToken') are AES-256-GCM encrypted, which authenticates them
// and hides the random cursor they hold. Both keys come from one server secret through HKDF, so one STATE_SECRET
// shared by every instance makes any instance accept any other's states.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ActResponse,
  type LeanResponse,
  type Parsed,
  Reasons,
  type Refusal,
  type ResponseForm,
  type StateCodec,
  type StateSealer,
} from '@hearth/engine';
import { type BodyLimits, checkShape, parseJsonBody } from './body.ts';
import { fastCanonicalJson, inCanonicalOrder } from './canonical-fast.ts';
import type { ServedGame } from './context.ts';
import { memberSpan } from './state-span.ts';

/** What the action route answers: the HTTP status and the JSON text, with the refusal (or the body's error code) when it is one. */
export interface ActOutcome {
  status: 200 | 400 | 500;
  json: string;
  refusal?: Refusal;
  error?: string;
}

/** The action route's whole work on a body it has read: verify, step, seal and serialise. */
export function actOnBody(served: ServedGame, bytes: Buffer, limits: BodyLimits, form: ResponseForm): ActOutcome {
  const wireOptions = form === 'full' ? undefined : form === 'lean' ? { lean: true as const } : { compact: true };
  const { sealer } = served;
  if (sealer === null) {
    // A token game: the wire decrypts the token (AES-GCM authenticates it) and writes the next one.
    const parsed = parseJsonBody(bytes, limits);
    if (!parsed.ok) return badBody(parsed.reason, parsed.message);
    const response = served.wire.act(parsed.value, wireOptions);
    return response.ok ? { status: 200, json: JSON.stringify(response) } : refused(response);
  }
  const opened = openSealedBody(sealer, bytes, limits) ?? openParsedBody(sealer, bytes, limits);
  if (!opened.ok) return opened.outcome;
  // Step 2: the state is this server's (its seal matched), so the engine skips parseState.
  const response = served.game.act(opened.state, opened.action, { trusted: true, ...wireOptions }) as ActResponse | LeanResponse;
  return response.ok ? { status: 200, json: writeResponse(sealer, response) } : refused(response);
}

/** A refusal's status: a state the server cannot vouch for is a bad request, an engine error a 500, a rule refusal 200. */
function refused(refusal: Refusal): ActOutcome {
  const status = refusal.reason === Reasons.invalidState ? 400 : refusal.reason === Reasons.internalError ? 500 : 200;
  return { status, json: JSON.stringify(refusal), refusal };
}

function badBody(reason: string, message: string): ActOutcome {
  return { status: 400, json: JSON.stringify({ ok: false, reason, message }), error: reason };
}

type Opened = { ok: true; state: unknown; action: unknown } | { ok: false; outcome: ActOutcome };

/** Step 1, any layout: the body parsed and bounded whole, then its state's seal checked over the state's canonical JSON. */
function openParsedBody(sealer: HmacSealer, bytes: Buffer, limits: BodyLimits): Opened {
  const parsed = parseJsonBody(bytes, limits);
  if (!parsed.ok) return { ok: false, outcome: badBody(parsed.reason, parsed.message) };
  const body = parsed.value as Record<string, unknown>;
  if (!('state' in body)) return invalidState(`${sealer.slug} carries { state, action }: state is missing`);
  const state = sealer.open(body.state);
  return state.ok ? { ok: true, state: state.value, action: body.action } : invalidState(state.message);
}

function invalidState(message: string): Opened {
  return { ok: false, outcome: refused({ ok: false, reason: Reasons.invalidState, message, legalActions: [] }) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const STATE_FIRST = '{"state":';

/**
 * Step 1, the fast check, on the body as this server's own responses make clients send it: its `state` member, byte for
 * byte as sent, ends in this server's seal over the bytes before it. Then exactly those bytes are parsed into the
 * state (they are this server's output: no limits walk, no second serialisation), and the rest of the body is
 * parsed and bounded on its own. Null when the body is not in that form (the caller parses it whole).
 */
function openSealedBody(sealer: HmacSealer, bytes: Buffer, limits: BodyLimits): Opened | null {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return null;
  }
  // The state first, as JSON.stringify({ state, action }) writes it: its end found from the seal this server put
  // last (indexOf, no scan); any other layout is scanned for the member.
  let span: { start: number; end: number } | null = null;
  if (text.startsWith(STATE_FIRST)) {
    const at = text.indexOf(SEAL_MEMBER, STATE_FIRST.length);
    if (at > 0) span = { start: STATE_FIRST.length, end: at + SEAL_MEMBER.length + SEAL_CHARS + 2 };
  }
  if (span === null || text.charCodeAt(span.end - 1) !== 125 /* } */) {
    try {
      JSON.parse(text);
    } catch {
      return null; // not JSON: parseJsonBody words the refusal
    }
    span = memberSpan(text, 'state');
    if (span === null) return null;
  }
  const before = text.slice(0, span.start);
  const after = text.slice(span.end);
  // The member counts only if nothing outside it could be another "state" key (JSON.parse keeps the last of
  // duplicate keys, and a key may be escaped): no `"state"` and no escape anywhere else.
  if (before !== STATE_FIRST && (before.includes('"state"') || before.includes('\\'))) return null;
  if (after.includes('"state"') || after.includes('\\')) return null;
  const state = sealer.openStateText(text.slice(span.start, span.end));
  if (state === null) return null;
  let rest: unknown;
  try {
    rest = JSON.parse(`${before}null${after}`);
  } catch {
    return null;
  }
  const problem = checkShape(rest, limits);
  if (problem) return { ok: false, outcome: badBody('invalid_body', problem) };
  return { ok: true, state, action: (rest as Record<string, unknown>).action };
}

/**
 * Step 3: JSON.stringify(response with its state sealed), byte for byte, serialised once: each member's JSON is
 * written in order, the state's from the sealer's own serialisation of it.
 */
export function writeResponse(sealer: HmacSealer, response: object): string {
  const record = response as Record<string, unknown>;
  let out = '{';
  for (const key in record) {
    // As JSON.stringify: a member whose value has no JSON (undefined, a function) is left out.
    const json = key === 'state' ? sealer.sealJson(record[key]) : JSON.stringify(record[key]);
    if (json === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${json}`;
  }
  return `${out}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The seal of a plain state.

/** The field a sealed plain state carries its HMAC in (documented in /docs/api and /llms.txt). */
export const SEAL_FIELD = 'seal';
const SEAL_VERSION = 'v1.';
const SEAL_MEMBER = `"${SEAL_FIELD}":"${SEAL_VERSION}`;
/** base64url of 32 bytes is 43 characters; the last carries 4 bits, so its 2 unused bits must be 0. */
const SEAL_CHARS = 43;
const SEAL_BASE64 = /^[A-Za-z0-9_-]{43}$/;
// Within the 1 MiB body limit a state cannot be deeper or wider than these; open() checks them (and finite
// numbers) itself, because a value like 1e400 parses to Infinity but serialises, and so seals, as null.
const OPEN_LIMITS = { maxBytes: Number.POSITIVE_INFINITY, maxDepth: 64, maxItems: 50_000 };

export interface StateKeys {
  hmac: Buffer;
  aes: Buffer;
}

/** Derives the HMAC and AES keys from the server secret (any string of at least 16 characters). */
export function deriveKeys(secret: string): StateKeys {
  const ikm = Buffer.from(secret, 'utf8');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', ikm, 'hearth-state-v1', info, 32));
  return { hmac: derive('hmac-sha256 plain states'), aes: derive('aes-256-gcm state tokens') };
}

/** A fresh random secret, for a server started without STATE_SECRET. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface HmacSealer extends StateSealer {
  readonly trusted: true;
  readonly slug: string;
  /** The sealed state's JSON: its canonical JSON with the seal as the last member (what every response carries). */
  sealJson(state: unknown): string;
  /**
   * The state inside a sealed state's JSON exactly as a client sent it back (the bytes sealJson wrote): the seal is
   * checked over the bytes before it and those bytes parsed, without the seal. Null when the text is not in that
   * form or its seal does not match (open() then judges the parsed value).
   */
  openStateText(text: string): unknown | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The bytes of a base64url string, or null unless it is the canonical encoding of those bytes. */
function canonicalBase64Url(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

export function createHmacSealer(keys: StateKeys, slug: string): HmacSealer {
  const prefix = `${slug}\n`;
  const mac = (canonical: string) => createHmac('sha256', keys.hmac).update(prefix).update(canonical).digest();
  const matches = (given: Uint8Array, canonical: string) => {
    const expected = mac(canonical);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const sealJson = (state: unknown): string => {
    // Every contract state is a JSON object (parseState requires its fields); a game whose state is not could not
    // carry the seal inside it, which is a programming error caught by the server's tests.
    if (!isPlainObject(state)) throw new Error(`${slug}: cannot seal a state that is not a JSON object`);
    // The games build their states with keys in canonical order, so the native serialisation is the canonical JSON
    // (checked by a walk over the keys, no copy); anything else is signed over its canonical JSON and written as
    // an object made from that JSON writes itself (integer-like keys first: the object form seal() returns).
    const fast = inCanonicalOrder(state);
    const canonical = fast ? JSON.stringify(state) : fastCanonicalJson(state);
    const written = fast ? canonical : JSON.stringify(JSON.parse(canonical));
    const member = `${SEAL_MEMBER}${mac(canonical).toString('base64url')}"`;
    return written.length > 2 ? `${written.slice(0, -1)},${member}}` : `{${member}}`;
  };
  return {
    trusted: true,
    slug,
    sealJson,
    openStateText(text) {
      const at = text.length - (SEAL_MEMBER.length + SEAL_CHARS + 2);
      if (at < 1 || !text.startsWith(SEAL_MEMBER, at) || text.charCodeAt(text.length - 2) !== 34 /* " */) return null;
      if (text.charCodeAt(text.length - 1) !== 125 /* } */ || text.charCodeAt(0) !== 123 /* { */) return null;
      const before = text.charCodeAt(at - 1);
      if (before !== 44 /* , */ && !(before === 123 && at === 1)) return null;
      const sealText = text.slice(at + SEAL_MEMBER.length, text.length - 2);
      const given = SEAL_BASE64.test(sealText) ? canonicalBase64Url(sealText) : null;
      if (!given) return null;
      const canonical = before === 44 ? `${text.slice(0, at - 1)}}` : '{}';
      if (!matches(given, canonical)) return null;
      // The seal matched: these bytes are a state this server wrote, so they parse (and hold no 1e400).
      return JSON.parse(canonical);
    },
    // The object forms, for the engine's wire (init, the MCP server): the same seal.
    seal: (state) => JSON.parse(sealJson(state)),
    open(wire): Parsed<unknown> {
      if (!isPlainObject(wire)) return { ok: false, message: 'state must be a JSON object (the state this server returned)' };
      const seal = wire[SEAL_FIELD];
      if (typeof seal !== 'string')
        return { ok: false, message: `state.${SEAL_FIELD} is missing: send back the state exactly as the server returned it` };
      if (!seal.startsWith(SEAL_VERSION)) return { ok: false, message: `state.${SEAL_FIELD} is not a seal this server issues` };
      const sealText = seal.slice(SEAL_VERSION.length);
      // Only the canonical encoding: a seal with altered unused bits decodes to the same bytes, and is refused.
      const given = SEAL_BASE64.test(sealText) ? canonicalBase64Url(sealText) : null;
      if (!given) return { ok: false, message: `state.${SEAL_FIELD} is not a seal this server issues (not canonical base64url)` };
      const { [SEAL_FIELD]: _, ...state } = wire;
      const problem = checkShape(state, OPEN_LIMITS);
      if (problem) return { ok: false, message: `state is not a state this server issued: ${problem}` };
      // Fast path: the state came back in the order it went out, so its JSON is the canonical JSON.
      // Otherwise (keys reordered by the client) sort it; the seal is always over the canonical JSON.
      const asSent = JSON.stringify(state);
      if (matches(given, asSent)) return { ok: true, value: state };
      const canonical = fastCanonicalJson(state);
      if (canonical !== asSent && matches(given, canonical)) return { ok: true, value: state };
      return { ok: false, message: 'state seal does not match: the state was altered, truncated, or sealed by another server secret' };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The token of a stateToken game.

const TOKEN_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Fresh random IVs cut from a pool of CSPRNG bytes filled 4 KiB at a time: one randomBytes call per token
 * cost about as much as the AES itself. Each IV is taken once; a used-up pool is replaced, never refilled
 * in place, so no IV handed out can change afterwards.
 */
const IV_POOL_BYTES = 4096;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;
function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

export function createAesCodec(keys: StateKeys, slug: string): StateCodec & { readonly trusted: true } {
  const aad = Buffer.from(`hearth-state-token-v1\n${slug}`, 'utf8');
  return {
    // AES-GCM authenticates: a token that opens was made by this server, so the engine may skip parseState.
    trusted: true,
    seal(state) {
      const iv = freshIv();
      const cipher = createCipheriv('aes-256-gcm', keys.aes, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
      const out = Buffer.concat([Buffer.from([TOKEN_VERSION]), iv, body, cipher.getAuthTag()]);
      return out.toString('base64url');
    },
    open(token): Parsed<unknown> {
      if (typeof token !== 'string' || token.length === 0) return { ok: false, message: 'stateToken must be a non-empty string' };
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, message: 'stateToken is not base64url' };
      const raw = Buffer.from(token, 'base64url');
      // Only the canonical encoding: other spellings of the same bytes (altered unused bits) are refused.
      if (raw.toString('base64url') !== token)
        return { ok: false, message: 'stateToken is not a token this server issues (not canonical base64url)' };
      if (raw.length < 1 + IV_BYTES + TAG_BYTES + 1 || raw[0] !== TOKEN_VERSION) {
        return { ok: false, message: 'stateToken is truncated or not a token this server issues' };
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', keys.aes, raw.subarray(1, 1 + IV_BYTES));
        decipher.setAAD(aad);
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
        return { ok: true, value: JSON.parse(plain.toString('utf8')) };
      } catch {
        return { ok: false, message: 'stateToken does not open: it was altered, truncated, or sealed by another server secret' };
      }
    },
  };
}
