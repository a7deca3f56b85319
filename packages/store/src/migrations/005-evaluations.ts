import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * Evaluations (issue 31): a scorecard declares how many attempts each seed gets (`attempts`, default 1), so its
 * played seeds become `scorecard_entries` keyed by (scorecard, game, seed, attempt); each entry also keeps the
 * episode's model-call retries and fallbacks, and whether its run was already stored when the entry was added
 * (`identical`: disclosed on the scorecard, counted). The rows of `scorecard_runs` move over as attempt 0 (an
 * entry that was another player's run was identical by definition) and the old table goes.
 */
export function evaluations(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('scorecards')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('scorecard_entries')
        .addColumn('scorecard', 'text', (c) => c.notNull().references('scorecards.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('run_id', 'bigint', (c) => c.notNull().references('runs.id'))
        /** 1: the run is the scorecard player's own; 0: identical to a run another player stored first. */
        .addColumn('own', 'integer', (c) => c.notNull())
        /** 1: the run was already stored (by anyone) when this entry was added. */
        .addColumn('identical', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('actions', 'integer', (c) => c.notNull())
        .addColumn('steps', 'integer')
        .addColumn('refusals', 'integer')
        .addColumn('retries', 'integer')
        .addColumn('fallbacks', 'integer')
        .addColumn('ms', 'bigint')
        .addColumn('usage_input', 'bigint')
        .addColumn('usage_output', 'bigint')
        .addColumn('usage_cost', 'double precision')
        /** The episode record (JSON lines, transcripts included), raw-deflated; null when none was sent. */
        .addColumn('record', pg ? 'bytea' : 'blob')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('scorecard_entries_pk', ['scorecard', 'game', 'seed', 'attempt'])
        .execute();
      await sql`insert into scorecard_entries
        (scorecard, game, seed, attempt, run_id, own, identical, score, actions, steps, refusals, retries, fallbacks, ms,
         usage_input, usage_output, usage_cost, record, created_at)
        select scorecard, game, seed, 0, run_id, own, 1 - own, score, actions, steps, refusals, null, null, ms,
         usage_input, usage_output, usage_cost, record, created_at from scorecard_runs`.execute(db);
      await db.schema.dropTable('scorecard_runs').execute();
      await db.schema.createIndex('scorecards_model').on('scorecards').columns(['challenge', 'kind', 'model', 'prompt']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('scorecards_model').execute();
      await db.schema
        .createTable('scorecard_runs')
        .addColumn('scorecard', 'text', (c) => c.notNull().references('scorecards.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('run_id', 'bigint', (c) => c.notNull().references('runs.id'))
        .addColumn('own', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('actions', 'integer', (c) => c.notNull())
        .addColumn('steps', 'integer')
        .addColumn('refusals', 'integer')
        .addColumn('ms', 'bigint')
        .addColumn('usage_input', 'bigint')
        .addColumn('usage_output', 'bigint')
        .addColumn('usage_cost', 'double precision')
        .addColumn('record', pg ? 'bytea' : 'blob')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('scorecard_runs_pk', ['scorecard', 'game', 'seed'])
        .execute();
      await sql`insert into scorecard_runs select scorecard, game, seed, run_id, own, score, actions, steps, refusals, ms,
        usage_input, usage_output, usage_cost, record, created_at from scorecard_entries where attempt = 0`.execute(db);
      await db.schema.dropTable('scorecard_entries').execute();
      await db.schema.alterTable('scorecards').dropColumn('attempts').execute();
    },
  };
}
