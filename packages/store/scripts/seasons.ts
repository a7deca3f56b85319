/** The fixed challenge sets. Adding a season: an entry here, then `pnpm --filter @hearth/store challenges`. */
export const SEASONS = [
  {
    id: 'season-1',
    title: 'Season 1',
    description:
      '20 fixed seeds per game. A challenge score is the mean over the 20 seeds of 100 x (your best score - random bot) / (strong bot - random bot), a seed not played counting 0: the shipped random bot scores 0, the strong bot 100.',
    seedsPerGame: 20,
  },
];

/** Turn bound for the bots (the submission limit: a longer game could not be submitted as a run anyway). */
export const CHALLENGE_MAX_TURNS = 5000;
