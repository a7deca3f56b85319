import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { ChallengeStore } from './store.ts';
import type { ChallengeSeed, ChallengeSet } from './types.ts';

export function createChallengeStore(db: Kysely<Database>): ChallengeStore {
  const load = async (id: string, title: string, description: string): Promise<ChallengeSet> => {
    const seeds = await db
      .selectFrom('challenge_seeds')
      .select(['game', 'seed', 'random_score', 'strong_score'])
      .where('challenge', '=', id)
      .orderBy('game')
      .orderBy('position')
      .execute();
    const games: Record<string, ChallengeSeed[]> = {};
    for (const s of seeds) {
      const list = games[s.game] ?? [];
      list.push({ seed: Number(s.seed), random: Number(s.random_score), strong: Number(s.strong_score) });
      games[s.game] = list;
    }
    return { id, title, description, games };
  };
  return {
    async put(set) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('challenge_seeds').where('challenge', '=', set.id).execute();
        await tx
          .insertInto('challenges')
          .values({ id: set.id, title: set.title, description: set.description, updated_at: Date.now() })
          .onConflict((oc) => oc.column('id').doUpdateSet({ title: set.title, description: set.description, updated_at: Date.now() }))
          .execute();
        const rows = Object.entries(set.games).flatMap(([game, seeds]) =>
          seeds.map((s, position) => ({
            challenge: set.id,
            game,
            position,
            seed: s.seed,
            random_score: s.random,
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
      return row ? load(row.id, row.title, row.description) : null;
    },
    async list() {
      const rows = await db.selectFrom('challenges').selectAll().orderBy('id').execute();
      return Promise.all(rows.map((r) => load(r.id, r.title, r.description)));
    },
  };
}
