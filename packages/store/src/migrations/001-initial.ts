import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * The first schema. One file for both back ends: the only differences are the auto-increment key and the
 * binary type, chosen by dialect; everything else is the same DDL.
 */
export function initial(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('players')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('runs')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('actions', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('action_count', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
        .addColumn('agent', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('turns', 'integer', (c) => c.notNull())
        .addColumn('game_over', 'integer', (c) => c.notNull())
        .addColumn('end_reason', 'text')
        .addColumn('state_hash', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('daily', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Duplicate detection: the same game, seed and actions are one run.
      await db.schema.createIndex('runs_hash').unique().on('runs').column('hash').execute();
      // Boards: best run per player within a game (or a game's daily board), in board order.
      await db.schema.createIndex('runs_board').on('runs').expression(sql`game, player_id, score desc, created_at, id`).execute();
      await db.schema.createIndex('runs_daily').on('runs').expression(sql`game, daily, player_id, score desc, created_at, id`).execute();
      // Challenge boards join on (game, seed); a player's runs for the rank query.
      await db.schema.createIndex('runs_game_seed').on('runs').columns(['game', 'seed', 'player_id']).execute();
      await db.schema.createIndex('runs_player').on('runs').columns(['player_id', 'game']).execute();

      await db.schema
        .createTable('challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('challenge_seeds')
        .addColumn('challenge', 'text', (c) => c.notNull().references('challenges.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('random_score', 'double precision', (c) => c.notNull())
        .addColumn('strong_score', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('challenge_seeds_pk', ['challenge', 'game', 'seed'])
        .execute();

      await db.schema
        .createTable('game_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('wire', 'text', (c) => c.notNull())
        .addColumn('actions', 'text', (c) => c.notNull())
        .addColumn('turns', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // purgeIdle deletes by last use.
      await db.schema.createIndex('game_sessions_idle').on('game_sessions').column('updated_at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['game_sessions', 'challenge_seeds', 'challenges', 'runs', 'players']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
