import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { base64UrlEncode, type Parsed, type StateCodec, type StateSealer } from '@hearth/engine';
import { checkShape } from './body.ts';
import { canonicalSealable, fastCanonicalJson } from './canonical-fast.ts';

/**
 * Sealing: the server holds no session, so every state it hands out carries proof that it made it.
 * Plain states (carry 'state') keep their readable JSON and gain a `seal` field: HMAC-SHA256 over
 * the canonical JSON of the state without `seal`, keyed per game. Token states (carry 'stateToken')
 * are AES-256-GCM encrypted, which both authenticates them and hides the random cursor they hold.
 * Both keys come from one server secret through HKDF, so one STATE_SECRET shared by every instance
 * makes any instance accept any other's states.
 */

/** The field a sealed plain state carries its HMAC in (documented in /docs/api and /llms.txt). */
export const SEAL_FIELD = 'seal';
const SEAL_VERSION = 'v1.';
const TOKEN_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

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

/**
 * JSON.stringify of each sealed state this process made, kept beside it so a response can splice it in
 * instead of serialising the state a second time (see responseJson). Weak: it goes with the state.
 */
const sealedJson = new WeakMap<object, string>();

/** JSON.stringify(state) for a state returned by an HMAC sealer's seal(), from the sealer's own serialisation; else undefined. */
export function sealedJsonOf(state: unknown): string | undefined {
  return state !== null && typeof state === 'object' ? sealedJson.get(state) : undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** base64url of 32 bytes is 43 characters; the last carries 4 bits, so its 2 unused bits must be 0. */
const SEAL_CHARS = 43;
const SEAL_BASE64 = /^[A-Za-z0-9_-]{43}$/;
/** The bytes of a base64url string, or null unless it is the canonical encoding of those bytes. */
function canonicalBase64Url(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
// Within the 1 MiB body limit a state cannot be deeper or wider than these; open() checks them (and finite
// numbers) itself, because a value like 1e400 parses to Infinity but serialises, and so seals, as null.
const OPEN_LIMITS = { maxBytes: Number.POSITIVE_INFINITY, maxDepth: 64, maxItems: 50_000 };

export interface HmacSealer extends StateSealer {
  readonly trusted: true;
  /**
   * The fast check of a state in its emitted form: `text` is the state's JSON exactly as the client sent it
   * and `parsed` is JSON.parse(text) (the route's own parse). True when `text` ends in this server's seal and
   * the HMAC over the bytes before it matches; then open(parsed) accepts it without serialising it again.
   */
  vouch(text: string, parsed: unknown): boolean;
}

export function createHmacSealer(keys: StateKeys, slug: string): HmacSealer {
  const prefix = `${slug}\n`;
  const mac = (canonical: string) => createHmac('sha256', keys.hmac).update(prefix).update(canonical).digest();
  const matches = (given: Uint8Array, canonical: string) => {
    const expected = mac(canonical);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  /** States whose bytes vouch() checked: open() takes them as they are. */
  const vouched = new WeakSet<object>();
  const suffixStart = `"${SEAL_FIELD}":"${SEAL_VERSION}`;
  // `"seal":"v1.` + 43 characters + `"}`
  const suffixLength = suffixStart.length + SEAL_CHARS + 2;
  return {
    trusted: true,
    vouch(text, parsed) {
      if (!isPlainObject(parsed) || text.length < suffixLength + 1) return false;
      const at = text.length - suffixLength;
      if (!text.startsWith(suffixStart, at) || text.charCodeAt(text.length - 1) !== 125 || text.charCodeAt(text.length - 2) !== 34)
        return false;
      const before = text.charCodeAt(at - 1);
      if (before !== 44 /* , */ && !(before === 123 /* { */ && at === 1)) return false;
      const sealText = text.slice(at + suffixStart.length, text.length - 2);
      // The parsed state must carry this very seal (it does when `parsed` is the parse of `text`).
      if (parsed[SEAL_FIELD] !== SEAL_VERSION + sealText || !SEAL_BASE64.test(sealText)) return false;
      const given = canonicalBase64Url(sealText);
      if (!given) return false;
      const expected = createHmac('sha256', keys.hmac)
        .update(prefix)
        .update(before === 44 ? text.slice(0, at - 1) : '{')
        .update('}')
        .digest();
      if (!timingSafeEqual(given, expected)) return false;
      vouched.add(parsed);
      return true;
    },
    seal(state) {
      // Every contract state is a JSON object (parseState requires its fields); a game whose state is not
      // could not carry the seal inside it, which is a programming error caught by the server's tests.
      if (!isPlainObject(state)) throw new Error(`${slug}: cannot seal a state that is not a JSON object`);
      // The state goes out with its keys in canonical order, so the JSON a client sends back unchanged
      // (or re-sorted) is already canonical and open() can check it without sorting again.
      const { json: canonical, copy, copyIsJson } = canonicalSealable(state);
      const sealed = copy as Record<string, unknown>;
      const seal = SEAL_VERSION + base64UrlEncode(mac(canonical));
      sealed[SEAL_FIELD] = seal;
      // The seal is the last key, so the sealed state's JSON is the canonical JSON with one member added.
      if (copyIsJson)
        sealedJson.set(sealed, `${canonical.length > 2 ? `${canonical.slice(0, -1)},` : '{'}"${SEAL_FIELD}":${JSON.stringify(seal)}}`);
      return sealed;
    },
    open(wire): Parsed<unknown> {
      if (!isPlainObject(wire)) return { ok: false, message: 'state must be a JSON object (the state this server returned)' };
      if (vouched.has(wire)) {
        const { [SEAL_FIELD]: _, ...state } = wire;
        return { ok: true, value: state };
      }
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
