import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { ChallengeStore } from './store.ts';
import type { ChallengeGame, ChallengeSet } from './types.ts';

export function createChallengeStore(db: Kysely<Database>): ChallengeStore {
  const load = async (row: { id: string; title: string; description: string; format: number }): Promise<ChallengeSet> => {
    const [games, seeds] = await Promise.all([
      db.selectFrom('challenge_games').selectAll().where('challenge', '=', row.id).orderBy('position').execute(),
      db
        .selectFrom('challenge_seeds')
        .select(['game', 'seed', 'random_score', 'greedy_score', 'strong_score'])
        .where('challenge', '=', row.id)
        .orderBy('game')
        .orderBy('position')
        .execute(),
    ]);
    const out: Record<string, ChallengeGame> = {};
    // Sets stored before migration 003 have no challenge_games rows: their games are those of their seeds.
    for (const g of games) out[g.game] = { version: g.version, budget: g.budget === null ? null : JSON.parse(g.budget), seeds: [] };
    for (const s of seeds) {
      out[s.game] ??= { version: null, budget: null, seeds: [] };
      const seed = { seed: Number(s.seed), random: Number(s.random_score), strong: Number(s.strong_score) };
      out[s.game]!.seeds.push(
        s.greedy_score === null ? seed : { seed: seed.seed, random: seed.random, greedy: Number(s.greedy_score), strong: seed.strong },
      );
    }
    return { id: row.id, title: row.title, description: row.description, format: Number(row.format) === 2 ? 2 : 1, games: out };
  };
  return {
    async put(set) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('challenge_seeds').where('challenge', '=', set.id).execute();
        await tx.deleteFrom('challenge_games').where('challenge', '=', set.id).execute();
        const fields = { title: set.title, description: set.description, format: set.format, updated_at: Date.now() };
        await tx
          .insertInto('challenges')
          .values({ id: set.id, ...fields })
          .onConflict((oc) => oc.column('id').doUpdateSet(fields))
          .execute();
        const entries = Object.entries(set.games);
        if (entries.length > 0)
          await tx
            .insertInto('challenge_games')
            .values(
              entries.map(([game, g], position) => ({
                challenge: set.id,
                game,
                position,
                version: g.version,
                budget: g.budget === null ? null : JSON.stringify(g.budget),
              })),
            )
            .execute();
        const rows = entries.flatMap(([game, g]) =>
          g.seeds.map((s, position) => ({
            challenge: set.id,
            game,
            position,
            seed: s.seed,
            random_score: s.random,
            greedy_score: s.greedy ?? null,
            strong_score: s.strong,
          })),
        );
        // Chunks keep every statement under SQLite's bound-parameter limit.
        for (let i = 0; i < rows.length; i += 100)
          await tx
            .insertInto('challenge_seeds')
            .values(rows.slice(i, i + 100))
            .execute();
      });
    },
    async get(id) {
      const row = await db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? load(row) : null;
    },
    async list() {
      const rows = await db.selectFrom('challenges').selectAll().orderBy('id').execute();
      return Promise.all(rows.map(load));
    },
  };
}
