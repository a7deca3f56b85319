// @ts-nocheck
// The engine contract's per-game answers, from the document: END_RUN is the one action that ends a run by choice
// ("END_RUN ... stops the run"), a day counts as completed once its quota is met at sunset ("Meet the quota as the last
// turn of the day resolves and you reach sunset with the day bonus paid"), DOZE reports how many turns it spent, and
// every refusal carries its stable reason and words for a person.
import { describe, expect, it } from 'vitest';
import { apply, refuse, rules } from '../src/rules.ts';
import type { Action } from '../src/state.ts';
import { room, tileAt } from './helpers.ts';

describe('endsRun', () => {
  it('END_RUN ends the run; no other action does', () => {
    expect(rules.endsRun({ type: 'END_RUN' })).toBe(true);
    for (const a of [{ type: 'REST' }, { type: 'DOZE' }, { type: 'NEXT_DAY' }, { type: 'MOVE', cat: 0, tile: 1 }] as Action[])
      expect(rules.endsRun(a), a.type).toBe(false);
  });
});

describe('stats: days completed', () => {
  const at = (day: number, phase: string, outcome: string | null) => {
    const s = room({ day });
    s.phase = phase;
    s.outcome = outcome;
    return rules.stats!(s).daysCompleted;
  };
  it('while day d runs, d - 1 days are completed; at its sunset d', () => {
    expect(at(1, 'day', null)).toBe(0);
    expect(at(5, 'day', null)).toBe(4);
    expect(at(5, 'sunset', null)).toBe(5);
  });
  it('a run ended at sunset (win) completed its day; mid day (good_game) or on a missed quota it did not', () => {
    expect(at(5, 'over', 'win')).toBe(5);
    expect(at(5, 'over', 'good_game')).toBe(4);
    expect(at(5, 'over', 'quota_missed')).toBe(4);
  });
});

describe('the step report', () => {
  it('DOZE reports the turns it spent first, then what happened in them', () => {
    const s = room({ cats: [{ tile: tileAt(3, 5) }] });
    const events: unknown[] = [];
    apply(s, { type: 'DOZE' }, { events });
    expect(s.turn).toBe(4);
    expect(events[0]).toEqual({ kind: 'doze', turns: 4 });
    expect(events.filter((e) => (e as { kind: string }).kind === 'turn')).toHaveLength(4);
  });
  it('a step pushes onto the report it is given: DOZE puts its count where its own events begin, after what the report held', () => {
    // The engine contract: "With report, the step pushes what it does onto report.events as it does it".
    const s = room({ cats: [{ tile: tileAt(3, 5) }] });
    const events: Array<{ kind: string }> = [];
    apply(s, { type: 'REST' }, { events });
    const before = events.length;
    apply(s, { type: 'DOZE' }, { events });
    expect(events.slice(0, before).map((e) => e.kind)).toEqual(['rest', 'turn', 'settle']); // the cat has just stayed a turn
    expect(events[before]).toEqual({ kind: 'doze', turns: 4 });
    expect(events.slice(before + 1).filter((e) => e.kind === 'turn')).toHaveLength(4);
  });
  it('END_RUN reports the outcome: good_game mid day, win at sunset', () => {
    const mid = room({ cats: [{ tile: 0 }] });
    const events: unknown[] = [];
    apply(mid, { type: 'END_RUN' }, { events });
    expect(events).toEqual([{ kind: 'end_run', outcome: 'good_game' }]);
    const sunset = room({ cats: [{ tile: 0 }] });
    sunset.turn = 21;
    sunset.phase = 'sunset';
    const ev2: unknown[] = [];
    apply(sunset, { type: 'END_RUN' }, { events: ev2 });
    expect(ev2).toEqual([{ kind: 'end_run', outcome: 'win' }]);
  });
});

describe('refusals carry words for a person beside the stable reason', () => {
  it('every reason has a non-empty message', () => {
    const s = room({ layout: { furniture: [tileAt(3, 5)] }, cats: [{ tile: tileAt(3, 3) }, { tile: tileAt(1, 3) }] });
    const sunset = room({ cats: [{ tile: 0 }] });
    sunset.turn = 21;
    sunset.phase = 'sunset';
    const over = room({ cats: [{ tile: 0 }] });
    over.phase = 'over';
    over.outcome = 'good_game';
    const cases: [unknown, Action, string][] = [
      [over, { type: 'REST' }, 'run_over'],
      [sunset, { type: 'REST' }, 'at_sunset'],
      [s, { type: 'NEXT_DAY' }, 'day_not_over'],
      [s, { type: 'MOVE', cat: 3, tile: 0 }, 'cat_not_on_roster'],
      [s, { type: 'MOVE', cat: 0, tile: tileAt(3, 3) }, 'not_a_move'],
      [s, { type: 'MOVE', cat: 0, tile: tileAt(4, 4) }, 'not_in_line'],
      [s, { type: 'MOVE', cat: 1, tile: tileAt(1, 0) }, 'out_of_range'],
      [s, { type: 'MOVE', cat: 0, tile: tileAt(3, 6) }, 'path_blocked'],
      [s, { type: 'MOVE', cat: 0, tile: tileAt(3, 5) }, 'tile_is_furniture'],
      [s, { type: 'MOVE', cat: 0, tile: tileAt(1, 3) }, 'tile_occupied'],
    ];
    const messages = new Set<string>();
    for (const [state, action, reason] of cases) {
      const r = refuse(state, action);
      expect(r?.reason).toBe(reason);
      expect(typeof r?.message, reason).toBe('string');
      expect(r!.message.length, reason).toBeGreaterThan(10);
      messages.add(r!.message);
    }
    expect(messages.size).toBe(cases.length);
  });
});
