// @ts-nocheck
// The memo of generated days (README, "The cursor is a closed form of the day"): an LRU keyed by (seed, day), bounded
// by an estimate of its bytes (setDayMemoBudget), never by a count. A plan comes back from the memo as the same object;
// a plan evicted is generated again, equal in content. (test/validation-cost.test.ts times the same memo; it is left
// out of mutation runs, so the memo's rules are stated here.)
import { afterEach, describe, expect, it } from 'vitest';
import { dayMemoStats, planDay, setDayMemoBudget } from '../src/day.ts';

// The default budget, 32 MiB (read inside a test below, so a broken dayMemoStats fails a test, not the file's load).
const budget = 32 * 1024 * 1024;
afterEach(() => setDayMemoBudget(budget));

describe('the day memo', () => {
  it('holds 32 MiB by default; a budget of 0 empties it; each plan adds its bytes', () => {
    expect(dayMemoStats().budget).toBe(budget);
    setDayMemoBudget(0);
    expect(dayMemoStats()).toEqual({ entries: 0, bytes: 0, budget: 0 });
    setDayMemoBudget(budget);
    const a = planDay(901, 3);
    const one = dayMemoStats();
    expect(one.entries).toBe(1);
    // The estimate: 4 bytes per character of the layout's JSON, 96 per cat and per bowl, 512 for the rest.
    expect(one.bytes).toBe(4 * a.layoutJson.length + 96 * (a.fresh.cats.length + a.fresh.bowls.length) + 512);
    expect(planDay(901, 3)).toBe(a);
    expect(dayMemoStats()).toEqual(one);
    const b = planDay(902, 3);
    expect(dayMemoStats().entries).toBe(2);
    expect(dayMemoStats().bytes).toBe(one.bytes + 4 * b.layoutJson.length + 96 * (b.fresh.cats.length + b.fresh.bowls.length) + 512);
  });
  it('keyed by (seed, day): another seed or another day is another entry', () => {
    setDayMemoBudget(0);
    setDayMemoBudget(budget);
    const a = planDay(903, 5);
    expect(planDay(904, 5)).not.toBe(a);
    expect(planDay(903, 6)).not.toBe(a);
    expect(dayMemoStats().entries).toBe(3);
    expect(planDay(903, 5)).toBe(a);
  });
  it('a budget exactly the bytes held keeps them all; one byte less drops the oldest first', () => {
    setDayMemoBudget(0);
    setDayMemoBudget(budget);
    const first = planDay(905, 4);
    planDay(906, 4);
    const held = dayMemoStats().bytes;
    setDayMemoBudget(held);
    expect(dayMemoStats().entries).toBe(2);
    setDayMemoBudget(held - 1);
    expect(dayMemoStats().entries).toBe(1);
    expect(planDay(906, 4)).toBe(planDay(906, 4));
    const again = planDay(905, 4);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
  it('an LRU: a hit refreshes its entry, so the least recently used goes first', () => {
    setDayMemoBudget(0);
    setDayMemoBudget(budget);
    const a = planDay(907, 2);
    const b = planDay(908, 2);
    expect(planDay(907, 2)).toBe(a); // a is now the most recent
    const held = dayMemoStats().bytes;
    setDayMemoBudget(held);
    planDay(909, 2); // over the budget: b, the least recently used, goes
    expect(planDay(907, 2)).toBe(a);
    expect(planDay(908, 2)).not.toBe(b);
  });
});
