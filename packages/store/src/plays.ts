import type { Kysely } from 'kysely';
import { keyMatches, nameKey } from './players.ts';
import type { Database } from './schema.ts';
import type { PlayStore } from './store.ts';
import type { Play, PlaysAnswer } from './types.ts';

/** Most plays kept per player and game; the oldest go first beyond it (a player's stats need no more). */
export const PLAYS_KEPT = 5000;
/** Most plays one request may add, and one answer lists (the newest). */
export const PLAYS_PER_REQUEST = 500;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Null when the play is acceptable, else why not (the request is refused whole: nothing is stored). */
export function checkPlay(p: unknown, now: number): string | null {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return 'each play is an object { day, score, seed, at, daily? }';
  const x = p as Record<string, unknown>;
  if (typeof x.day !== 'string' || !DAY.test(x.day) || Number.isNaN(Date.parse(`${x.day}T00:00:00Z`)))
    return 'day must be a date YYYY-MM-DD (UTC)';
  if (typeof x.score !== 'number' || !Number.isFinite(x.score) || Math.abs(x.score) > 1e15) return 'score must be a finite number';
  if (!Number.isInteger(x.seed) || (x.seed as number) < 0 || (x.seed as number) > 0xffffffff)
    return 'seed must be an integer 0..4294967295';
  if (!Number.isInteger(x.at) || (x.at as number) < Date.UTC(2020, 0, 1) || (x.at as number) > now + 86_400_000)
    return 'at must be the time the run finished, in milliseconds since the epoch';
  if (new Date(x.at as number).toISOString().slice(0, 10) !== x.day) return 'day must be the UTC day of at';
  if (x.daily !== undefined && typeof x.daily !== 'boolean') return 'daily must be true or false';
  return null;
}

/** A named player's plays, behind the name's key (a name no one has claimed has none). */
export function createPlayStore(db: Kysely<Database>): PlayStore {
  const owner = async (name: string, key: string | null): Promise<number | 'unknown_player' | 'key_required' | 'wrong_key'> => {
    const row = await db.selectFrom('players').select(['id', 'key_hash']).where('name_key', '=', nameKey(name)).executeTakeFirst();
    if (!row) return 'unknown_player';
    if (!key) return 'key_required';
    return keyMatches(key, row.key_hash) ? Number(row.id) : 'wrong_key';
  };
  return {
    async add(name, key, game, plays) {
      const id = await owner(name, key);
      if (typeof id !== 'number') return id;
      if (plays.length === 0) return { added: 0 };
      const rows = plays.map((p) => ({ player_id: id, game, at: p.at, seed: p.seed, score: p.score, day: p.day, daily: p.daily ? 1 : 0 }));
      const result = await db
        .insertInto('player_plays')
        .values(rows)
        .onConflict((oc) => oc.columns(['player_id', 'game', 'at', 'seed']).doNothing())
        .executeTakeFirst();
      // keep the newest PLAYS_KEPT: the rest go (a bounded table per player and game)
      const cut = await db
        .selectFrom('player_plays')
        .select('at')
        .where('player_id', '=', id)
        .where('game', '=', game)
        .orderBy('at', 'desc')
        .offset(PLAYS_KEPT)
        .limit(1)
        .executeTakeFirst();
      if (cut) await db.deleteFrom('player_plays').where('player_id', '=', id).where('game', '=', game).where('at', '<=', cut.at).execute();
      return { added: Number(result.numInsertedOrUpdatedRows ?? 0n) };
    },
    async list(name, key, game, limit = PLAYS_PER_REQUEST): Promise<PlaysAnswer> {
      const id = await owner(name, key);
      if (typeof id !== 'number') return id;
      const rows = await db
        .selectFrom('player_plays')
        .select(['at', 'seed', 'score', 'day', 'daily'])
        .where('player_id', '=', id)
        .where('game', '=', game)
        .orderBy('at', 'desc')
        .limit(Math.max(1, Math.min(limit, PLAYS_KEPT)))
        .execute();
      const plays: Play[] = rows.reverse().map((r) => ({
        day: r.day,
        score: Number(r.score),
        seed: Number(r.seed),
        at: Number(r.at),
        ...(Number(r.daily) ? { daily: true } : {}),
      }));
      return { plays };
    },
  };
}
