import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../schema.ts';
import { initial } from './001-initial.ts';
import { bestRuns } from './002-best-runs.ts';
import { scorecards } from './003-scorecards.ts';
import { runIds } from './004-run-ids.ts';
import { evaluations } from './005-evaluations.ts';
import { playerPlays } from './006-player-plays.ts';

/**
 * Every migration, in order. Names sort in application order; a released migration is never edited: a change
 * to the schema is a new file here (002-..., 003-...), applied at start by both back ends. Files made in
 * parallel may land in either order: openStore allows a lower-numbered migration after a higher one ran.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001-initial': initial(dialect),
    '002-best-runs': bestRuns,
    '003-scorecards': scorecards(dialect),
    '004-run-ids': runIds(dialect),
    '005-evaluations': evaluations(dialect),
    '006-player-plays': playerPlays,
  };
  return { getMigrations: async () => migrations };
}
