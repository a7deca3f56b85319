import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * Run ids no longer come from the database's counter (see newRunId in runs.ts: time-ordered with random low
 * bits, so a restored backup cannot issue an old id again); they pass 2^31, so on PostgreSQL `runs.id` and
 * every `run_id` column (best_runs, and any table of another migration that refers to a run) become bigint.
 * SQLite integers are already 64-bit. Any later column that holds a run id must be bigint.
 */
export function runIds(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type = 'integer'
          and (column_name = 'run_id' or (table_name = 'runs' and column_name = 'id'))
        order by (table_name = 'runs') desc, table_name`.execute(db);
      for (const { table_name, column_name } of rows) {
        await sql`alter table ${sql.table(table_name)} alter column ${sql.ref(column_name)} type bigint`.execute(db);
      }
    },
    async down() {
      // Ids above 2^31 may exist by now: they cannot go back to integer columns.
    },
  };
}
