import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * Season-2 and scorecards (issue 22): challenge sets become versioned and budgeted (a format, and per game the
 * pinned rules version and the budget), seeds carry the greedy bot's score, the runs that count for a budgeted
 * set are listed per set (decided when the run is stored), and scorecards group a batch of runs under tags with
 * one row per played seed (the run, or the identical run someone stored first) and its episode record.
 * Sets stored before are of the first format (the column's default).
 */
export function scorecards(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('challenges')
        .addColumn('format', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('challenge_seeds').addColumn('greedy_score', 'double precision').execute();
      await db.schema
        .createTable('challenge_games')
        .addColumn('challenge', 'text', (c) => c.notNull().references('challenges.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('version', 'text')
        /** JSON of the budget ({ actions, perType?, text }), null when unbudgeted. */
        .addColumn('budget', 'text')
        .addPrimaryKeyConstraint('challenge_games_pk', ['challenge', 'game'])
        .execute();
      await db.schema
        .createTable('challenge_runs')
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
        .addPrimaryKeyConstraint('challenge_runs_pk', ['challenge', 'run_id'])
        .execute();
      await db.schema.createIndex('challenge_runs_board').on('challenge_runs').columns(['challenge', 'game', 'seed']).execute();

      await db.schema
        .createTable('scorecards')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('model', 'text')
        .addColumn('agent', 'text')
        .addColumn('prompt', 'text')
        /** JSON object of free metadata. */
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('closed', 'integer', (c) => c.notNull())
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema.createIndex('scorecards_board').on('scorecards').columns(['challenge', 'closed', 'kind']).execute();
      await db.schema
        .createTable('scorecard_runs')
        .addColumn('scorecard', 'text', (c) => c.notNull().references('scorecards.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id'))
        /** 1: the run is the scorecard player's own; 0: identical to a run another player stored first (not counted). */
        .addColumn('own', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('actions', 'integer', (c) => c.notNull())
        .addColumn('steps', 'integer')
        .addColumn('refusals', 'integer')
        .addColumn('ms', 'bigint')
        .addColumn('usage_input', 'bigint')
        .addColumn('usage_output', 'bigint')
        .addColumn('usage_cost', 'double precision')
        /** The episode record (JSON lines), raw-deflated; null when none was sent. */
        .addColumn('record', pg ? 'bytea' : 'blob')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('scorecard_runs_pk', ['scorecard', 'game', 'seed'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['scorecard_runs', 'scorecards', 'challenge_runs', 'challenge_games']) await db.schema.dropTable(table).execute();
      await db.schema.alterTable('challenge_seeds').dropColumn('greedy_score').execute();
      await db.schema.alterTable('challenges').dropColumn('format').execute();
    },
  };
}
