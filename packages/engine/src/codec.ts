import type { Game, Parsed } from './contract.ts';

/**
 * Turns an engine state into an opaque stateToken and back. The engine works on plain states;
 * sealing (integrity, hiding the random cursor) is an adapter concern: the server plugs in an
 * authenticated-encryption codec, local play may use PlainTokenCodec.
 */
export interface StateCodec {
  /** True when `open` authenticates (only this engine's own tokens open), so act may skip state validation. */
  readonly trusted?: boolean;
  seal(state: unknown): string;
  /** The state inside a token, or a message naming why it does not open. Must not throw. */
  open(token: string): Parsed<unknown>;
}

/** Unsealed codec for local play and tests: base64url of the JSON. Anyone can read and forge it. */
export const PlainTokenCodec: StateCodec = {
  seal(state) {
    return base64UrlEncode(new TextEncoder().encode(JSON.stringify(state)));
  },
  open(token) {
    if (typeof token !== 'string' || token.length === 0) return { ok: false, message: 'stateToken must be a non-empty string' };
    try {
      return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(token))) };
    } catch {
      return { ok: false, message: 'stateToken does not open: not a token this engine issued' };
    }
  },
};

/** For a stateToken game: the readable state that travels beside the token (everything but hidden fields). */
export function publicStateOf(game: Game, state: unknown): unknown {
  return game.rules.publicState ? game.rules.publicState(state) : state;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i] as number);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
