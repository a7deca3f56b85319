// The one case suite every transport runs (hono's lesson: one spec, every implementation): a transport's test calls
// `transportCases({ name, transport, slugs })` and these cases run against it. A case a transport cannot run is
// skipped with its reason in `skip`, never silently.
import type { OkResponse } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { RefusedError, recapOf, Session } from '../src/session.ts';
import { type Transport, TransportError } from '../src/types.ts';

export interface CaseOptions {
  /** Names the describe block (`local`, `http`, `pipe`). */
  name: string;
  transport: () => Transport | Promise<Transport>;
  /** The games to play (every registered one). */
  slugs: readonly string[];
  /** Cases this transport skips, by title, with the reason. */
  skip?: Record<string, string>;
  /** Per-case timeout (a pipe spawns processes). */
  timeoutMs?: number;
}

/** Steps a case plays at most per game. */
const STEPS = 12;
const NOT_A_MOVE = { type: 'NOT_A_MOVE_IN_ANY_GAME' };

/** The case titles, so a transport's skip list names real cases. */
export const CASES = [
  'opens every game: init with its spec',
  'the same seed opens the same position',
  'an accepted action moves the session on and is kept',
  'a refusal is a value and changes nothing',
  'play throws RefusedError with the reason',
  'compact: every response carries its view, an accepted step its recap',
  'verify replays the accepted actions to the session position',
  'an unknown game is a TransportError unknown_game',
] as const;

/** The first listed legal action, or null for a game whose list is empty by design (any grammar action is legal). */
const legal = (response: OkResponse): unknown => (response.legalActions.length > 0 ? response.legalActions[0] : null);

export function transportCases(options: CaseOptions): void {
  const test = (title: (typeof CASES)[number], body: () => Promise<void>) => {
    const reason = options.skip?.[title];
    if (reason) it.skip(`${title} (skipped: ${reason})`, body);
    else it(title, body, options.timeoutMs ?? 60_000);
  };
  const each = async (run: (session: Session) => Promise<void>, compact = false) => {
    const transport = await options.transport();
    for (const slug of options.slugs) {
      const session = await Session.open(transport, slug, 7, { compact });
      try {
        await run(session);
      } finally {
        await session.close();
      }
    }
  };

  describe(`session over the ${options.name} transport`, () => {
    test('opens every game: init with its spec', () =>
      each(async (s) => {
        expect(s.current.ok).toBe(true);
        expect(s.spec.slug).toBe(s.slug);
        expect(typeof s.current.score).toBe('number');
        expect(Array.isArray(s.current.legalActions)).toBe(true);
        expect(s.actions).toEqual([]);
        expect(s.seed).toBe(7);
      }));

    test('the same seed opens the same position', async () => {
      const transport = await options.transport();
      for (const slug of options.slugs) {
        const [a, b] = [await Session.open(transport, slug, 11), await Session.open(transport, slug, 11)];
        expect(b.current.observation, slug).toEqual(a.current.observation);
        expect(b.current.legalActions, slug).toEqual(a.current.legalActions);
        const c = await Session.open(transport, slug, 12);
        const position = (x: Session) => ({ state: x.current.state, observation: x.current.observation });
        expect(position(c), `${slug}: another seed, another position`).not.toEqual(position(a));
        await Promise.all([a.close(), b.close(), c.close()]);
      }
    });

    test('an accepted action moves the session on and is kept', () =>
      each(async (s) => {
        const action = legal(s.current);
        if (action === null) return;
        const before = s.current;
        const response = await s.act(action);
        expect(response.ok, `${s.slug}: ${JSON.stringify(response).slice(0, 200)}`).toBe(true);
        expect(s.current).toBe(response);
        expect(s.current).not.toBe(before);
        expect(s.actions).toEqual([action]);
      }));

    test('a refusal is a value and changes nothing', () =>
      each(async (s) => {
        const before = s.current;
        const response = await s.act(NOT_A_MOVE);
        expect(response.ok).toBe(false);
        if (response.ok) return;
        expect(typeof response.reason).toBe('string');
        expect(response.reason).not.toMatch(/^(server_|pipe_|http_)/);
        expect(typeof response.message).toBe('string');
        expect(Array.isArray(response.legalActions)).toBe(true);
        expect(s.current).toBe(before);
        expect(s.actions).toEqual([]);
        // and the game goes on from where it was
        const action = legal(s.current);
        if (action !== null) expect((await s.act(action)).ok).toBe(true);
      }));

    test('play throws RefusedError with the reason', () =>
      each(async (s) => {
        const refused = await s.play(NOT_A_MOVE).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(RefusedError);
        expect((refused as RefusedError).reason).toBe(
          (await s.act(NOT_A_MOVE)).ok ? '' : ((await s.act(NOT_A_MOVE)) as { reason: string }).reason,
        );
        const action = legal(s.current);
        if (action !== null) expect((await s.play(action)).ok).toBe(true);
      }));

    test('compact: every response carries its view, an accepted step its recap', () =>
      each(async (s) => {
        expect(s.current.view, `${s.slug}: init's view`).toBeDefined();
        const action = legal(s.current);
        if (action === null) return;
        const response = await s.act(action, { recap: true });
        expect(response.ok).toBe(true);
        expect(response.ok && response.view, `${s.slug}: the step's view`).toBeTruthy();
        expect(recapOf(response)?.text, `${s.slug}: the step's recap`).toEqual(expect.any(String));
      }, true));

    test('verify replays the accepted actions to the session position', () =>
      each(async (s) => {
        for (let i = 0; i < STEPS && !s.gameOver; i++) {
          const action = legal(s.current);
          if (action === null) break;
          await s.play(action);
        }
        const outcome = await s.verify();
        expect(outcome.ok, `${s.slug}: ${JSON.stringify(outcome)}`).toBe(true);
        if (!outcome.ok) return;
        expect(outcome.turns).toBe(s.actions.length);
        expect(outcome.score).toBe(s.score);
        expect(outcome.gameOver).toBe(s.gameOver);
        expect(outcome.stateHash).toMatch(/^[0-9a-f]+$/);
      }));

    test('an unknown game is a TransportError unknown_game', async () => {
      const transport = await options.transport();
      const error = await Session.open(transport, 'no-such-game', 1).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).reason).toBe('unknown_game');
    });
  });
}
