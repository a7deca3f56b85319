import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Player names: 2-24 characters, letters, digits, `_ . -`, starting with a letter or digit. Unique ignoring case. */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,23}$/;
export const NAME_RULE = '2-24 characters: letters, digits, "_", "." or "-", starting with a letter or digit';
/** Agent text (model, harness, version): 1-100 printable characters. */
export const AGENT_MAX = 100;
export const NOTES_MAX = 500;

/** Null when the name is acceptable, else why not. */
export function checkName(name: unknown): string | null {
  if (typeof name !== 'string') return 'player must be a string';
  if (!NAME_PATTERN.test(name)) return `player name must be ${NAME_RULE}`;
  return null;
}

/** Free text without control characters (they would corrupt a board printed in a terminal), at most `max` long. */
export function checkFreeText(field: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return `${field} must be a string`;
  if (value.length === 0 || value.length > max) return `${field} must be 1-${max} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)) return `${field} must not contain control characters`;
  return null;
}

export const nameKey = (name: string): string => name.toLowerCase();

/** A player key the client chose for a first claim: `hk_` and at least 32 base64url characters (192 bits). */
export const CHOSEN_KEY = /^hk_[A-Za-z0-9_-]{32,197}$/;
export const isChosenKey = (key: string): boolean => CHOSEN_KEY.test(key);

/** A new player key: 32 random bytes, base64url, with a prefix that makes it recognisable in a config file. */
export function newPlayerKey(): string {
  return `hk_${randomBytes(32).toString('base64url')}`;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented key with the stored hash. */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Inside a transaction: claims `name` for a new player (returning its key once) or checks `key` against the
 * claimed name. The claim attempt comes first, a write: SQLite then takes its write lock before this transaction
 * reads anything, so another process committing meanwhile makes it wait (busy_timeout), not fail.
 */
export async function claimOrCheck(
  tx: Transaction<Database> | Kysely<Database>,
  name: string,
  key: string | null | undefined,
  now: number,
): Promise<{ id: number; playerKey?: string } | 'key_required' | 'wrong_key'> {
  // A first claim with a key of the client's own choosing (strong enough to be one) claims the name with it, so
  // a retry after a lost answer succeeds with the same key; otherwise the server makes one, shown once.
  const chosen = key && isChosenKey(key) ? key : null;
  const fresh = chosen ?? newPlayerKey();
  const claimed = await tx
    .insertInto('players')
    .values({ name, name_key: nameKey(name), key_hash: hashKey(fresh), created_at: now })
    .onConflict((oc) => oc.column('name_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (claimed) return chosen ? { id: Number(claimed.id) } : { id: Number(claimed.id), playerKey: fresh };
  // Claimed before (or by a concurrent submission a moment ago): this one needs that key.
  const player = await tx.selectFrom('players').select(['id', 'key_hash']).where('name_key', '=', nameKey(name)).executeTakeFirstOrThrow();
  if (!key) return 'key_required';
  if (!keyMatches(key, player.key_hash)) return 'wrong_key';
  return { id: Number(player.id) };
}
