// The step report's events (README: Events): the contract's checks over random play, and the exact events of a
// game played by the strong bot (or random play) pinned in test/fixtures/events.json, so a change to any event's
// kind, order, points or details is a diff to read. Regenerate on purpose: UPDATE_EVENTS=1 npx vitest run test/events.test.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { checkStepEvents, defaultCheckOptions, playedEvents } from '@hearth/conformance';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../src/index.ts';

const game = await gameModule.load();
const FIXTURE = new URL('./fixtures/events.json', import.meta.url);

describe('sunloaf step events', () => {
  it('come only when asked, add up to the score change, and build the recap, over random play', () => {
    const result = checkStepEvents(game, { ...defaultCheckOptions, seeds: 60, maxTurns: 120 });
    expect(result.problems).toEqual([]);
    expect(result.steps).toBeGreaterThan(100);
  }, 300_000);
  it('are exactly the pinned events of two played games', () => {
    const played = [7, 1234].map((seed) => ({ seed, steps: playedEvents(game, seed, 60) }));
    if (process.env.UPDATE_EVENTS) {
      mkdirSync(new URL('./fixtures/', import.meta.url), { recursive: true });
      writeFileSync(FIXTURE, `${JSON.stringify(played)}\n`);
    }
    expect(played).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
    expect(played.flatMap((p) => p.steps).length).toBeGreaterThan(10);
  }, 300_000);
});
