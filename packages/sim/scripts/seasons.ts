// The challenge sets the simulator computes baselines for. Adding a season: an entry here, then
// `pnpm --filter @hearth/sim challenges`, and the new file added to @hearth/store's CHALLENGE_SETS.
// Season-1 is not here: it is frozen as published (packages/store/challenges/season-1.json, baselines from the
// rules and the 5,000-action cap of its day), so its boards keep reading the same.

/** A budget as @hearth/store's ChallengeBudget: most actions, most actions of a type, the same in words. */
export interface SeasonBudget {
  actions: number;
  perType?: Record<string, number>;
  text: string;
}

export interface Season {
  id: string;
  title: string;
  description: string;
  seedsPerGame: number;
  /** Per game slug; a game of the registry missing here is left out of the season. */
  budgets: Record<string, SeasonBudget>;
}

export const SEASONS: Season[] = [
  {
    id: 'season-2',
    title: 'Season 2',
    description:
      "20 fixed seeds per game, each game pinned to the rules version listed with it and played within its budget (a longer run is refused for the set, never truncated). Progress on a seed is 100 x (score - random bot) / (strong bot - random bot) clipped to [0, 100], both bots played by the simulator under the same budget; a game's score is the mean over its 20 seeds (a seed not played counts 0) with a 95% Student-t interval.",
    seedsPerGame: 20,
    budgets: {
      // The strong bot's games end by themselves in 300-700 actions (the longest on these seeds is printed by the
      // script and must stay under the budget), so its baseline is the game's, not the cap's.
      cragwake: { actions: 800, text: 'at most 800 actions' },
      stormlark: { actions: 800, text: 'at most 800 actions' },
      // Eight waves end every game in about 35 shots.
      'lantern-volley': { actions: 100, text: 'at most 100 actions' },
      // The reference policy meets every quota, so a run only ends by a limit: 10 days (about 15 actions each for
      // the strong bot, at most 22 for an agent that rests every turn) is a few hundred model calls.
      sunloaf: { actions: 300, perType: { NEXT_DAY: 9 }, text: '10 days (at most 9 NEXT_DAY actions) and at most 300 actions' },
    },
  },
];
