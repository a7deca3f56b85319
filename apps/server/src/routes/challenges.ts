import { type ChallengeSet, CURRENT_CHALLENGE } from '@hearth/store';
import { fail, json } from '../http/answer.ts';
import type { Router } from '../http/router.ts';
import { dailySeed, dayNumber, utcDate } from './challenge-daily.ts';
import { type ServerContext, unknownGame } from './context.ts';

export const DAILY_RULE =
  'daily seed = hash(streamId("hearth-daily"), streamId(slug), days since 1970-01-01 UTC) with @hearth/rng (a u32); a run on it submitted that UTC day counts on the daily board';

/** GET /api/challenges and /api/challenges/:slug: today's daily seeds and the fixed sets (versions, budgets, bot baselines). */
export function registerChallengeRoutes(
  router: Router,
  ctx: ServerContext,
  sets: ReadonlyMap<string, ChallengeSet>,
  now: () => number = Date.now,
): void {
  const daily = (base: string, slug: string, date: string) => ({
    game: slug,
    date,
    seed: dailySeed(slug, date),
    initUrl: `${base}/api/games/${slug}/init?seed=${dailySeed(slug, date)}`,
    boardUrl: `${base}/api/leaderboards/${slug}?board=daily&date=${date}`,
  });
  // Each set describes itself: per game the pinned rules version, the budget, the seeds with the bots' scores.
  const setFor = (base: string, set: ChallengeSet, slug?: string) => ({
    id: set.id,
    title: set.title,
    description: set.description,
    format: set.format,
    current: set.id === CURRENT_CHALLENGE,
    scorecardBoardUrl: `${base}/api/scorecards?challenge=${set.id}`,
    games: Object.fromEntries(
      Object.entries(set.games)
        .filter(([g]) => (slug === undefined || g === slug) && ctx.games.has(g))
        .map(([g, game]) => [
          g,
          {
            version: game.version,
            servedVersion: ctx.games.get(g)?.game.spec.version,
            budget: game.budget,
            seeds: game.seeds,
            boardUrl: `${base}/api/leaderboards/${g}?board=challenge&challenge=${set.id}`,
          },
        ]),
    ),
  });
  const dateOf = (raw: string | undefined) => (raw === undefined ? utcDate(now()) : dayNumber(raw) === null ? null : raw);

  router.get('/api/challenges', async (x) => {
    x.route = '/api/challenges';
    const date = dateOf(x.query('date'));
    if (!date) return fail(400, 'invalid_query', 'date must be a UTC date, YYYY-MM-DD');
    const base = ctx.baseUrl(x);
    return json({
      ok: true,
      date,
      current: CURRENT_CHALLENGE,
      dailyRule: DAILY_RULE,
      daily: [...ctx.games.keys()].map((slug) => daily(base, slug, date)),
      sets: [...sets.values()].map((s) => setFor(base, s)),
    });
  });

  router.get('/api/challenges/:slug', async (x) => {
    x.route = '/api/challenges/:slug';
    const slug = x.param('slug');
    if (!ctx.games.has(slug)) return unknownGame(ctx, slug);
    x.game = slug;
    const date = dateOf(x.query('date'));
    if (!date) return fail(400, 'invalid_query', 'date must be a UTC date, YYYY-MM-DD');
    const base = ctx.baseUrl(x);
    return json({
      ok: true,
      game: slug,
      current: CURRENT_CHALLENGE,
      dailyRule: DAILY_RULE,
      daily: daily(base, slug, date),
      sets: [...sets.values()].map((s) => setFor(base, s, slug)),
    });
  });
}

export const CHALLENGE_METHODS: Record<string, string> = {
  '/api/challenges': 'GET, HEAD',
  '/api/challenges/:slug': 'GET, HEAD',
  '/api/leaderboards/:slug': 'GET, HEAD',
};
