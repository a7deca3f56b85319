import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Each player's best run per board scope ('all', or 'daily:YYYY-MM-DD'), kept by the submit transaction, so
 * an unfiltered board page is an index range read (no window over every run) and a rank is an index count.
 * Backfilled from the runs already stored.
 */
export const bestRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('best_runs')
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id'))
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('best_runs_pk', ['game', 'scope', 'player_id'])
      .execute();
    await db.schema.createIndex('best_runs_order').on('best_runs').expression(sql`game, scope, score desc, created_at, run_id`).execute();
    for (const [scope, filter] of [
      [sql`'all'`, sql`1 = 1`],
      [sql`'daily:' || daily`, sql`daily is not null`],
    ] as const) {
      await sql`
        insert into best_runs (game, scope, player_id, run_id, score, created_at)
        select game, s, player_id, id, score, created_at from (
          select game, ${scope} as s, player_id, id, score, created_at,
                 row_number() over (partition by game, ${scope}, player_id order by score desc, created_at asc, id asc) as pn
          from runs where ${filter}
        ) ranked where pn = 1`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('best_runs').execute();
  },
};
