// The step-events tests every game runs with one call (test/events.test.ts): the contract's checks over random play
// (checkStepEvents), and the exact events of played games pinned in a fixture, so a change to any event's kind,
// order, points or details is a diff to read. Regenerate on purpose: UPDATE_EVENTS=1 npx vitest run test/events.test.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { type CheckOptions, defaultCheckOptions } from './checks.ts';
import { checkStepEvents, playedEvents } from './events.ts';

export interface StepEventsSuite {
  label: string;
  load: () => Promise<Game>;
  /** The fixture file (test/fixtures/events.json). */
  fixture: URL;
  /** Seeds of the pinned games (default 7 and 1234), each played for up to 60 steps. */
  seeds?: number[];
  /** Random play for the contract's checks (default 60 seeds of up to 120 turns). */
  play?: Partial<CheckOptions>;
}

export function describeStepEvents(suite: StepEventsSuite): void {
  describe(`${suite.label} step events`, () => {
    it('come only when asked, add up to the score change, and build the recap, over random play', async () => {
      const game = await suite.load();
      const result = checkStepEvents(game, { ...defaultCheckOptions, seeds: 60, maxTurns: 120, ...suite.play });
      expect(result.problems).toEqual([]);
      expect(result.steps).toBeGreaterThan(100);
    }, 300_000);
    it('are exactly the pinned events of played games', async () => {
      const game = await suite.load();
      const played = (suite.seeds ?? [7, 1234]).map((seed) => ({ seed, steps: playedEvents(game, seed, 60) }));
      const file = fileURLToPath(suite.fixture);
      if (process.env.UPDATE_EVENTS) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${JSON.stringify(played)}\n`);
      }
      expect(played).toEqual(JSON.parse(readFileSync(file, 'utf8')));
      expect(played.flatMap((p) => p.steps).length).toBeGreaterThan(10);
    }, 300_000);
  });
}
