// @hearth/store: runs, players, leaderboards, challenges and agent sessions (issue 13). Filled in by its own commits.
export {};
