// What a run submission is answered: the run as published, the sets it counts for, a duplicate said plainly, and
// the links to a run and a scorecard.
import { type ChallengeSet, challengeMiss, type RunRecord } from '@hearth/store';
import { type Answer, fail } from '../http/answer.ts';

export const runUrl = (base: string, id: number): string => `${base}/#/run/${id}`;

/** A run as GET /api/runs/:id shows it (createdAt as an ISO 8601 UTC time). */
export function publicRun(run: RunRecord) {
  return {
    id: run.id,
    game: run.game,
    seed: run.seed,
    actions: run.actions,
    player: run.player,
    agent: run.agent,
    kind: run.kind,
    notes: run.notes,
    score: run.score,
    turns: run.turns,
    gameOver: run.gameOver,
    end: run.end,
    stateHash: run.stateHash,
    version: run.version,
    daily: run.daily,
    createdAt: new Date(run.createdAt).toISOString(),
  };
}

/** Which sets a stored run counts for: every set holding its seed, with the reason where it does not. */
export function countsFor(run: RunRecord, sets: ReadonlyMap<string, ChallengeSet>) {
  return [...sets.values()].flatMap((set) => {
    const miss = challengeMiss(set, run);
    if (miss?.reason === 'not_in_set') return [];
    return [miss ? { set: set.id, counts: false, reason: miss.reason, message: miss.message } : { set: set.id, counts: true }];
  });
}

/**
 * The answer to a submission. A run identical to one already stored (same game, seed, action list) is not stored
 * again: the first submitter owns it, and `message` says so plainly (`identicalTo` names the run and its owner).
 */
export function answer(base: string, run: RunRecord, rank: number, sets: ReadonlyMap<string, ChallengeSet>) {
  return {
    ok: true as const,
    runId: run.id,
    score: run.score,
    turns: run.turns,
    gameOver: run.gameOver,
    stateHash: run.stateHash,
    rank,
    daily: run.daily,
    url: runUrl(base, run.id),
    duplicate: false,
    player: run.player,
    version: run.version,
    challenges: countsFor(run, sets),
  };
}

/** The same answer for a run found already stored: says plainly whose it is. */
export function duplicateAnswer(base: string, run: RunRecord, rank: number, submitter: string, sets: ReadonlyMap<string, ChallengeSet>) {
  const mine = run.player.toLowerCase() === submitter.toLowerCase();
  return {
    ...answer(base, run, rank, sets),
    duplicate: true,
    counted: mine,
    identicalTo: { runId: run.id, player: run.player },
    message: mine
      ? `you stored this run before (run ${run.id}); it was not stored again`
      : `identical to run ${run.id} by ${run.player}, who submitted this action list first and owns it; nothing was stored and it does not count for ${submitter}`,
  };
}

export const scorecardUrl = (base: string, id: string): string => `${base}/api/scorecards/${id}`;

/** 404 unknown_challenge naming the sets there are. */
export function unknownChallenge(id: string, sets: ReadonlyMap<string, ChallengeSet>): Answer {
  return fail(
    404,
    'unknown_challenge',
    `no challenge set ${JSON.stringify(id.slice(0, 64))}; the sets are: ${[...sets.keys()].join(', ')}`,
  );
}
