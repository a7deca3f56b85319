// `@hearth/store/challenges`: the challenge sets, their arithmetic and the episode record format, without the
// database (the CLI harness and other clients import this, never the store itself).
export * from './challenge-sets.ts';
export * from './episode.ts';
export type { ChallengeBudget, ChallengeGame, ChallengeMiss, ChallengeSeed, ChallengeSet, EpisodeSummary } from './types.ts';
