// The token of a stateToken game: AES-256-GCM, which authenticates the state and hides the random cursor it holds.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Parsed, StateCodec } from '@hearth/engine';
import type { StateKeys } from './keys.ts';

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
