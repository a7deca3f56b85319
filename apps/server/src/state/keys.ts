// The state keys: one server secret (STATE_SECRET) gives, through HKDF, the HMAC key of plain states and the AES key
// of state tokens, so every instance sharing the secret accepts any other's states.
import { hkdfSync, randomBytes } from 'node:crypto';

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
