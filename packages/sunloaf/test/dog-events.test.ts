// @ts-nocheck
// The step report's `dog` event (README, "What the turns resolved ... did"): it names the cats whose nap a dog cut
// short. The document: "any cat on or orthogonally adjacent to a dog as the turn resolves has its settled set back
// to 0" and "moving a cat sets its settled to 0": the cat moved this turn has no nap to cut, so it is not named, and a
// turn whose dog reaches only that cat reports no dog event.
import { describe, expect, it } from 'vitest';
import { moveCat, rest } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

// A 2x3 loop: (2,2) (2,3) (2,4) (3,4) (3,3) (3,2); on turn 0 the dog stands on (2,2).
const loop = [16, 17, 18, 25, 24, 23];
const kinds = (events: Array<{ kind: string }>) => events.map((e) => e.kind);

describe('the dog event', () => {
  it('names every napping cat the dog reaches, not the cat that just moved', () => {
    const s = room({
      day: 6,
      layout: { dogLoops: [loop] },
      cats: [
        { tile: tileAt(0, 3), settled: 4 },
        { tile: tileAt(1, 2), settled: 4 },
        { tile: tileAt(2, 1), settled: 4 },
      ],
    });
    const events: Array<{ kind: string }> = [];
    moveCat(s, 0, tileAt(2, 3), events); // turn 0: the dog on (2,2) reaches (2,3), (1,2) and (2,1)
    expect(s.cats.map((c) => c.settled)).toEqual([0, 0, 0]);
    expect(events.filter((e) => e.kind === 'dog')).toEqual([{ kind: 'dog', cats: [1, 2] }]);
  });
  it('a turn whose dog reaches only the cat that moved reports no dog event', () => {
    const s = room({
      day: 6,
      layout: { dogLoops: [loop] },
      cats: [
        { tile: tileAt(0, 2), settled: 4 },
        { tile: tileAt(5, 5), settled: 4 },
      ],
    });
    const events: Array<{ kind: string }> = [];
    moveCat(s, 0, tileAt(1, 2), events); // next to the dog on (2,2), but it moved: settled 0 anyway
    expect(s.cats.map((c) => c.settled)).toEqual([0, 5]);
    expect(kinds(events)).not.toContain('dog');
  });
  it('a cat the dog reaches on a rest is named', () => {
    const s = room({ day: 6, layout: { dogLoops: [loop] }, cats: [{ tile: tileAt(1, 2), settled: 2 }] });
    const events: Array<{ kind: string }> = [];
    rest(s, events);
    expect(events.filter((e) => e.kind === 'dog')).toEqual([{ kind: 'dog', cats: [0] }]);
  });
});
