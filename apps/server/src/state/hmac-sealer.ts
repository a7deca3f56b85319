// The seal of a plain state (carry 'state'): the state keeps its readable JSON and gains a `seal` member, an
// HMAC-SHA256 over the canonical JSON of the state without it, keyed per game. The server holds no session, so
// every state it hands out carries proof that it made it.
//
// The sealer is also the action route's fast path, both ways (the engine's wire takes it when a sealer has it):
//   openText: a body as this server's own responses make clients send it: the seal is checked over the state's
//     bytes exactly as received, and only those checked bytes are parsed into the state; a body in another layout
//     (re-spaced, keys reordered) goes to the wire's whole-body path and open(), which checks the state's
//     canonical JSON instead.
//   writeJson: the response serialised once, the sealed state's JSON (sealJson) spliced in where JSON.stringify
//     would have written it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Parsed, StateSealer } from '@hearth/engine';
import { type BodyLimits, checkShape } from '../http/body.ts';
import { fastCanonicalJson, inCanonicalOrder } from './canonical-fast.ts';
import type { StateKeys } from './keys.ts';
import { memberSpan } from './state-span.ts';

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
  writeJson(response: object): string;
  openText(text: string): { ok: true; state: unknown; body: Record<string, unknown> } | { ok: false; message: string } | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The bytes of a base64url string, or null unless it is the canonical encoding of those bytes. */
function canonicalBase64Url(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/**
 * The sealer of one game's plain states. `limits` bound the rest of a body openText reads (the state's own bytes
 * are this server's output, so they need no walk).
 */
export function createHmacSealer(keys: StateKeys, slug: string, limits: BodyLimits = OPEN_LIMITS): HmacSealer {
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
  const openStateText = (text: string): unknown | null => {
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
  };
  const sealer: HmacSealer = {
    trusted: true,
    slug,
    sealJson,
    openStateText,
    writeJson: (response) => writeJson(sealJson, response),
    openText: (text) => openText(openStateText, text, limits),
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
  return sealer;
}

const STATE_FIRST = '{"state":';

/**
 * openText: the body's `state` member, byte for byte as sent, ends in this server's seal over the bytes before it.
 * Then exactly those bytes are parsed into the state (they are this server's output: no limits walk, no second
 * serialisation), and the rest of the body is parsed and bounded on its own. Null when the body is not in that
 * form (the wire reads it whole).
 */
function openText(
  openStateText: (text: string) => unknown | null,
  text: string,
  limits: BodyLimits,
): { ok: true; state: unknown; body: Record<string, unknown> } | { ok: false; message: string } | null {
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
      return null; // not JSON: the whole-body reader words the refusal
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
  const state = openStateText(text.slice(span.start, span.end));
  if (state === null) return null;
  let rest: unknown;
  try {
    rest = JSON.parse(`${before}null${after}`);
  } catch {
    return null;
  }
  const problem = checkShape(rest, limits);
  if (problem) return { ok: false, message: problem };
  return { ok: true, state, body: rest as Record<string, unknown> };
}

/**
 * writeJson: JSON.stringify(response with its state sealed), byte for byte, serialised once: each member's JSON is
 * written in order, the state's from the sealer's own serialisation of it.
 */
function writeJson(sealJson: (state: unknown) => string, response: object): string {
  const record = response as Record<string, unknown>;
  let out = '{';
  for (const key in record) {
    // As JSON.stringify: a member whose value has no JSON (undefined, a function) is left out.
    const json = key === 'state' ? sealJson(record[key]) : JSON.stringify(record[key]);
    if (json === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${json}`;
  }
  return `${out}}`;
}
