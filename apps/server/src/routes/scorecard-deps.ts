// What the scorecard routes share: the store, the sets, the clock, a closed scorecard's entries kept for the board,
// the lookups and the key checks.
import type { ChallengeSet, Scorecard, ScorecardEntry, Store } from '@hearth/store';
import { type Answer, fail } from '../http/answer.ts';
import type { Exchange } from '../http/exchange.ts';
import type { ServerContext } from './context.ts';
import { unknownChallenge } from './runs.ts';

/** Closed scorecards a board reads (the most recent). */
export const BOARD_SCORECARDS = 1000;
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

export interface ScorecardDeps {
  ctx: ServerContext;
  store: Store;
  sets: ReadonlyMap<string, ChallengeSet>;
  now: () => number;
  /** A scorecard's entries (a closed one's kept: it never changes). */
  entriesOf(card: Scorecard): Promise<ScorecardEntry[]>;
  /** The scorecard and its set, or 404. */
  find(id: string): Promise<{ card: Scorecard; set: ChallengeSet } | Answer>;
  /** The player key of Authorization: Bearer, null when none is sent, or 401. */
  keyOf(x: Exchange): string | null | Answer;
  /** 401 key_required or 403 wrong_key for a claimed name. */
  keyProblem(status: 'key_required' | 'wrong_key', player: string): Answer;
}

export function scorecardDeps(ctx: ServerContext, store: Store, sets: ReadonlyMap<string, ChallengeSet>, now: () => number): ScorecardDeps {
  // A closed scorecard never changes: its entries are kept for the board (the most recent BOARD_SCORECARDS).
  const closedEntries = new Map<string, ScorecardEntry[]>();
  return {
    ctx,
    store,
    sets,
    now,
    async entriesOf(card) {
      const kept = closedEntries.get(card.id);
      if (kept) return kept;
      const entries = await store.scorecards.entries(card.id);
      if (card.closed) {
        if (closedEntries.size >= BOARD_SCORECARDS) closedEntries.delete(closedEntries.keys().next().value as string);
        closedEntries.set(card.id, entries);
      }
      return entries;
    },
    async find(id) {
      const card = await store.scorecards.get(id);
      if (!card) return fail(404, 'unknown_scorecard', `no scorecard ${JSON.stringify(id.slice(0, 40))}`);
      const set = sets.get(card.challenge);
      if (!set) return unknownChallenge(card.challenge, sets);
      return { card, set };
    },
    keyOf(x) {
      const authorization = x.header('authorization');
      if (authorization === undefined) return null;
      const bearer = BEARER.exec(authorization);
      return bearer ? (bearer[1] as string) : fail(401, 'invalid_key', 'Authorization must be "Bearer <player key>"');
    },
    keyProblem(status, player) {
      return status === 'key_required'
        ? fail(
            401,
            'key_required',
            `the name ${player} is claimed: send its player key as Authorization: Bearer <key> (MCP: the key argument)`,
            {
              'www-authenticate': 'Bearer',
            },
          )
        : fail(403, 'wrong_key', `that is not the player key of ${player}`);
    },
  };
}
