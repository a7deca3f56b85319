// What validating an untrusted state costs (issue 14): a late day validates from the memo in well under 0.5 ms,
// a cold one regenerates only its own day, and no local (plain) token, however large its day, costs 50 ms.
// CPU time (process.cpuUsage), asserted loosely: the machine is shared; the figures are printed.
import { createWire, PlainTokenCodec } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { dayMemoStats, planDay, setDayMemoBudget } from '../src/day.ts';
import { loadSunloaf } from '../src/index.ts';
import { bonusesBefore, cursorBefore, MAX_DAY } from '../src/reachable.ts';
import type { State } from '../src/state.ts';

const game = loadSunloaf();
const cpuMs = (fn: () => void): number => {
  const c0 = process.cpuUsage();
  fn();
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / 1000;
};

/** The reference policy's run to the start of `day` (it meets every quota, so it gets there). */
function reachDay(seed: number, day: number): State {
  const sim = game.createSim();
  sim.reset(seed);
  const policy = game.policies.reference!(seed);
  while ((sim.state as State).day < day) sim.stepTrusted(policy.decide(sim.state, []));
  for (let k = 0; k < 5; k++) sim.stepTrusted(policy.decide(sim.state, []));
  return JSON.parse(JSON.stringify(sim.state));
}

describe('validation cost', () => {
  const late = reachDay(5, 200);
  it('a day-200 state validates in under 0.5 ms once its day was seen', () => {
    expect(game.rules.parseState(late).ok).toBe(true);
    const n = 400;
    const copies = Array.from({ length: n }, () => JSON.parse(JSON.stringify(late)));
    for (const c of copies.slice(0, 50)) game.rules.parseState(c); // warm-up
    const ms = cpuMs(() => {
      for (const c of copies) if (!game.rules.parseState(c).ok) throw new Error('refused');
    });
    console.log(`parseState of a day-200 state, warm: ${((ms / n) * 1000).toFixed(1)} us cpu each`);
    expect(ms / n).toBeLessThan(0.5);
  });
  it('a cold day regenerates that day alone (no chain of earlier days)', () => {
    const budget = dayMemoStats().budget;
    setDayMemoBudget(0);
    setDayMemoBudget(budget);
    expect(dayMemoStats().entries).toBe(0);
    const ms = cpuMs(() => expect(game.rules.parseState(late).ok).toBe(true));
    expect(dayMemoStats().entries).toBe(1);
    console.log(`parseState of a day-200 state, cold (memo emptied): ${ms.toFixed(2)} ms cpu`);
    expect(ms).toBeLessThan(50);
  });
  it('the day memo is an LRU bounded by its byte budget, not by a count', () => {
    const budget = dayMemoStats().budget;
    try {
      setDayMemoBudget(64 * 1024);
      for (let seed = 100; seed < 140; seed++) planDay(seed, 30);
      const full = dayMemoStats();
      expect(full.bytes).toBeLessThanOrEqual(64 * 1024);
      expect(full.entries).toBeGreaterThan(10);
      // A hit refreshes an entry: the oldest one still held, touched now, outlives the entries - 3 planned after it
      // (first in, first out would have dropped it).
      const oldest = 140 - full.entries;
      const first = planDay(oldest, 30);
      expect(dayMemoStats().entries).toBe(full.entries);
      for (let seed = 200; seed < 200 + full.entries - 3; seed++) planDay(seed, 30);
      expect(planDay(oldest, 30)).toBe(first);
    } finally {
      setDayMemoBudget(budget);
    }
  });
  it('huge-day plain tokens are refused as invalid_state in under 50 ms', () => {
    const wire = createWire(game, { codec: PlainTokenCodec });
    const base = game.init(7).state;
    const forge = (day: number, consistent: boolean): State => {
      const s: State = JSON.parse(JSON.stringify(base));
      s.day = day;
      if (consistent) {
        // Every closed-form field right for the day, so only the room itself can tell.
        s.rng.cursor = cursorBefore(day + 1);
        s.score = bonusesBefore(day);
        s.mult = 1200;
        s.quotaRatio = 9500;
        s.layout = { ...s.layout, bandDwell: 2, dayLength: 14, shade: 4, dogSpeed: 2, lattice: 0 };
      }
      return s;
    };
    for (const [day, consistent] of [
      [1_000_000, false],
      [1_000_000, true],
      [1_000_000_000, true],
      [MAX_DAY + 1, true],
    ] as const) {
      const token = PlainTokenCodec.seal(forge(day, consistent));
      let res: ReturnType<typeof wire.act> | undefined;
      const ms = cpuMs(() => {
        res = wire.act({ stateToken: token, action: { type: 'REST' } });
      });
      const why = res?.ok === false ? res.message : '';
      console.log(`day ${day}${consistent ? ' (closed-form fields right)' : ''}: refused in ${ms.toFixed(2)} ms cpu: ${why}`);
      expect(res?.ok === false && res.reason).toBe('invalid_state');
      expect(ms).toBeLessThan(50);
    }
  });
  it('the dearest token there is, a well-formed day 1,000,000,000 with a cold memo, costs one day: under 50 ms', () => {
    const wire = createWire(game, { codec: PlainTokenCodec });
    const day = 1_000_000_000;
    const { fresh } = planDay(11, day);
    const state: State = {
      ...JSON.parse(JSON.stringify(fresh)),
      score: bonusesBefore(day),
      rng: { seed: 11, cursor: cursorBefore(day + 1) },
    };
    const token = PlainTokenCodec.seal(state);
    const budget = dayMemoStats().budget;
    setDayMemoBudget(0);
    setDayMemoBudget(budget);
    let ok = false;
    const ms = cpuMs(() => {
      ok = wire.act({ stateToken: token, action: { type: 'REST' } }).ok;
    });
    console.log(`well-formed day ${day}, cold: accepted=${ok} in ${ms.toFixed(2)} ms cpu`);
    expect(ok).toBe(true);
    expect(ms).toBeLessThan(50);
  });
});
