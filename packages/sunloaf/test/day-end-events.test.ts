// @ts-nocheck
// The end of a day in the step report, from the document: "Meet the quota as the last turn of the day resolves and you
// reach sunset with the day bonus paid; miss it and the run ends with everything you earned still yours."
import { describe, expect, it } from 'vitest';
import { rest } from '../src/turn.ts';
import { room, tileAt } from './helpers.ts';

describe('the last turn of the day', () => {
  it('quota missed: the run is over, the last event says quota_missed, no bonus', () => {
    const s = room({ turn: 20, dayQuota: 1, cats: [{ tile: tileAt(3, 0) }] });
    const events: Array<{ kind: string }> = [];
    rest(s, events);
    expect(s.phase).toBe('over');
    expect(s.outcome).toBe('quota_missed');
    expect(s.score).toBe(0);
    expect(events.at(-1)).toEqual({ kind: 'quota_missed' });
  });
  it('quota met: sunset with the day bonus min(100 * day, 3000), never multiplied', () => {
    const s = room({ day: 3, mult: 170, turn: 20, dayQuota: 0, cats: [{ tile: tileAt(3, 0) }] });
    const events: Array<{ kind: string }> = [];
    rest(s, events);
    expect(s.phase).toBe('sunset');
    expect(s.score).toBe(300);
    expect(events.at(-1)).toEqual({ kind: 'day_end', points: 300 });
  });
});
