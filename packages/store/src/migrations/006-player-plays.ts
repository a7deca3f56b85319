import type { Kysely, Migration } from 'kysely';

/**
 * A named player's plays (issue 33): every finished run the web app played under a name, submitted or not, as its
 * UTC day, score, seed and whether it was that day's daily, so the player's stats (played, best, the daily streak,
 * the calendar, the distribution) follow the name's key to another browser. A play is the player's own record
 * for their stats, never a leaderboard entry (those are verified runs). One row per (player, game, time, seed).
 */
export const playerPlays: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('player_plays')
      .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
      .addColumn('game', 'text', (c) => c.notNull())
      /** Milliseconds since the epoch when the run finished (the browser's clock). */
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('seed', 'bigint', (c) => c.notNull())
      .addColumn('score', 'double precision', (c) => c.notNull())
      /** YYYY-MM-DD, UTC. */
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('daily', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('player_plays_pk', ['player_id', 'game', 'at', 'seed'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('player_plays').execute();
  },
};
