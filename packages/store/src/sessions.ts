import type { Kysely, Selectable } from 'kysely';
import type { Database, GameSessionsTable } from './schema.ts';
import type { GameSessionStore } from './store.ts';
import type { GameSession } from './types.ts';

const toSession = (row: Selectable<GameSessionsTable>): GameSession => ({
  id: row.id,
  owner: row.owner,
  slug: row.slug,
  seed: Number(row.seed),
  wire: row.wire,
  actions: JSON.parse(row.actions) as unknown[],
  turns: Number(row.turns),
  version: Number(row.version),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/**
 * Agent game sessions. Updates are optimistic: two requests racing on one game id cannot both apply, the one
 * holding the stale version gets false and re-reads (across instances too, since the check is in the UPDATE).
 */
export function createGameSessionStore(db: Kysely<Database>): GameSessionStore {
  return {
    async create(s) {
      const now = s.now ?? Date.now();
      const row = {
        id: s.id,
        owner: s.owner,
        slug: s.slug,
        seed: s.seed,
        wire: s.wire,
        actions: JSON.stringify(s.actions),
        turns: s.turns,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('game_sessions').values(row).execute();
      return toSession(row);
    },
    async get(id) {
      const row = await db.selectFrom('game_sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toSession(row) : null;
    },
    async update(id, u, expectedVersion) {
      const result = await db
        .updateTable('game_sessions')
        .set({
          wire: u.wire,
          actions: JSON.stringify(u.actions),
          turns: u.turns,
          version: expectedVersion + 1,
          updated_at: u.now ?? Date.now(),
        })
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async delete(id) {
      const result = await db.deleteFrom('game_sessions').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async purgeIdle(beforeMs) {
      const result = await db.deleteFrom('game_sessions').where('updated_at', '<', beforeMs).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
