// @ts-nocheck
// parseState's refusals, each stated exactly: the field it names and the numbers in its message (an agent reads
// them to mend its state). The numbers come from the design document (docs: ../shared/seeds/004_*.txt): the
// multiplier (100, +35 a day), the quota ratio (1000, 1500, +320), the day length (21 turns, 14 from day 12), the
// day bonus min(100 * day, 3000), the cat ranges 3, 2, 4, 3, 2, the purr table's top (10) and the pile cap (6),
// a bowl's 30 * chain with the chain capped at 8. The room itself (window, hearth, furniture, schedule, dayPar)
// is the one the engine regenerates from (seed, day): a state is accepted only when it names that room.
import { describe, expect, it } from 'vitest';
import { initialState, planDay } from '../src/day.ts';
import { parseAction, parseState } from '../src/parse.ts';
import { planTurn } from '../src/planner.ts';
import { apply } from '../src/rules.ts';
import { clonePublic, cloneState, type State } from '../src/state.ts';

const SEED = 7;
const OF = (day: number) => `day ${day} of state.rng.seed ${SEED}`;

/** The day bonus, min(100 * day, 3000), and the bonuses of days 1..day-1: the least score a state of `day` holds. */
const dayBonus = (d: number) => Math.min(100 * d, 3000);
const bonusesBefore = (day: number) => {
  let n = 0;
  for (let d = 1; d < day; d++) n += dayBonus(d);
  return n;
};
/** The most one turn pays before the multiplier: every cat at purr 10 with pile 6, floor(10 * 10 * (4 + 6) / 4) = 250,
 * and one bowl at chain 8, 30 * 8 = 240 (two bowls from day 15). */
const CAT_MAX = Math.floor((10 * 10 * (4 + 6)) / 4);
const BOWL_MAX = 30 * 8;

function refused(value: unknown): string {
  const r = parseState(JSON.parse(JSON.stringify(value)));
  if (r.ok) throw new Error('accepted');
  return r.message;
}
function accepts(value: unknown): void {
  const r = parseState(JSON.parse(JSON.stringify(value)));
  expect(r.ok ? 'accepted' : r.message).toBe('accepted');
}
const rests = (s: State, n: number): State => {
  const t = cloneState(s);
  for (let i = 0; i < n; i++) apply(t, { type: 'REST' });
  return t;
};
/** Day `day` of SEED at turn 0, as the engine opens it, with the least score that day allows. */
function dayStart(day: number, chain = 0): State {
  const plan = planDay(SEED, day);
  return { ...clonePublic(plan.fresh), score: bonusesBefore(day), chain, rng: { seed: SEED, cursor: plan.cursor } };
}
/** A state of `day` at `turn` with the bowls before it resolved as `served` says (in order), cats unmoved. */
function midDay(day: number, turn: number, served: ('eaten' | 'missed')[], chain: number): State {
  const s = dayStart(day, chain);
  s.turn = turn;
  let k = 0;
  for (const b of s.bowls) if (b.serveTurn < turn) b.status = served[k++]!;
  expect(k).toBe(served.length);
  for (const c of s.cats) c.settled = turn;
  return s;
}

const init = initialState(SEED);
// Day 1 of seed 7 played by the reference policy to sunset (its quota met, the day bonus paid).
const sunset = cloneState(init);
while (sunset.phase === 'day') apply(sunset, planTurn(sunset));

describe('the states the engine emits are accepted', () => {
  it('turn 0, a played turn, sunset, a win and a run ended mid day', () => {
    expect(sunset.phase).toBe('sunset');
    expect(sunset.turn).toBe(21);
    expect(sunset.dayCosyRaw).toBeGreaterThanOrEqual(sunset.dayQuota);
    accepts(init);
    accepts(rests(init, 3));
    accepts(sunset);
    const win = cloneState(sunset);
    apply(win, { type: 'END_RUN' });
    expect([win.phase, win.outcome]).toEqual(['over', 'win']);
    accepts(win);
    const mid = rests(init, 5);
    apply(mid, { type: 'END_RUN' });
    expect([mid.phase, mid.outcome, mid.turn]).toEqual(['over', 'good_game', 5]);
    accepts(mid);
  });
});

describe('the shape', () => {
  it('names the field that breaks the grammar, with its path', () => {
    expect(refused(5)).toBe('state: expected object');
    expect(refused({ ...init, cats: [{ ...init.cats[0], tile: 'a' }, init.cats[1]] })).toBe('state.cats[0].tile: expected integer');
    const furniture = [0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 'q'];
    expect(refused({ ...init, layout: { ...init.layout, furniture } })).toBe('state.layout.furniture[10]: expected integer');
    expect(refused({ ...init, x1: 0 })).toBe('state.x1: unexpected property');
    expect(refused({ ...init, '2x': 0 })).toBe('state.2x: unexpected property');
  });
});

describe('the day number fixes the clock, the curves and the cursor', () => {
  it('refuses a day whose bonuses alone pass 2^53 - 1', () => {
    // Days 1..30 pay 100 * d (46,500 in all), every later day 3,000: the last day whose earlier bonuses fit.
    const last = 31 + Math.floor((Number.MAX_SAFE_INTEGER - 46_500) / 3000);
    expect(bonusesBefore(31)).toBe(46_500);
    expect(refused({ ...init, day: last + 1 })).toBe(
      `state.day ${last + 1} is beyond the last day a score can reach in a safe integer (${last})`,
    );
    expect(refused({ ...init, day: last })).toMatch(
      new RegExp(`^state\\.rng\\.cursor must be \\d+, the cursor after state\\.day ${last}$`),
    );
  });
  it('the cursor after day 1: 10 draws (window, hearth, 3 furniture, the big cat, 2 cat tiles, 1 serve turn, 1 mat)', () => {
    expect(init.rng.cursor).toBe(10);
    expect(refused({ ...init, rng: { seed: SEED, cursor: 11 } })).toBe('state.rng.cursor must be 10, the cursor after state.day 1');
  });
  it('the multiplier and the quota ratio of day 2: 135 and 1500', () => {
    const d2 = dayStart(2);
    accepts(d2);
    expect(refused({ ...d2, mult: 100 })).toBe('state.mult must be 135 on day 2');
    expect(refused({ ...d2, quotaRatio: 1000 })).toBe('state.quotaRatio must be 1500 on day 2');
  });
  it('each layout field that the day fixes', () => {
    const cases: [string, object][] = [
      ['bandDwell', { bandDwell: 2 }],
      ['dayLength', { dayLength: 14 }],
      ['shade', { shade: 2 }],
      ['dogSpeed', { dogSpeed: 2 }],
      ['dogLoops', { dogLoops: [[0, 1, 8, 7]] }],
      ['furniture', { furniture: [5, 30, 31, 47] }],
      ['clouds', { clouds: [5] }],
      ['lattice', { lattice: 0 }],
    ];
    for (const [field, patch] of cases)
      expect(refused({ ...init, layout: { ...init.layout, ...patch } })).toBe(`state.layout.${field} does not fit day 1`);
  });
  it('the roster and the bowls of day 1: 2 cats, 1 bowl', () => {
    const third = { id: 2, tile: 0, settled: 0, range: 4, big: false };
    expect(refused({ ...init, cats: [...init.cats, third] })).toBe('state.cats must hold the 2 cats of day 1');
    expect(refused({ ...init, bowls: [...init.bowls, { mat: 1, serveTurn: 18, status: 'waiting' }] })).toBe(
      'state.bowls must hold the 1 bowls of day 1',
    );
  });
});

describe('phase, outcome and turn', () => {
  it('from day 12 a day is 14 turns', () => {
    const d12 = dayStart(12);
    accepts(d12);
    expect(refused({ ...d12, turn: 15 })).toBe('state.turn 15 is past the day length 14');
    expect(refused({ ...d12, turn: 14 })).toBe('state.turn cannot be the day length while the day runs');
  });
  it('a running day has no outcome and ends before turn 21', () => {
    expect(refused({ ...init, outcome: 'win' })).toBe('state.outcome must be null while the day runs');
    expect(refused({ ...init, turn: 21 })).toBe('state.turn cannot be the day length while the day runs');
  });
  it('sunset: no outcome, turn 21, the quota met (dayCosyRaw = dayQuota is enough)', () => {
    expect(refused({ ...sunset, outcome: 'win' })).toBe('state.outcome must be null at sunset');
    expect(refused({ ...sunset, turn: 20 })).toBe('sunset comes only after the last turn of the day (state.turn = dayLength)');
    expect(refused({ ...sunset, dayCosyRaw: sunset.dayQuota - 1 })).toBe('sunset needs the quota met (state.dayCosyRaw >= state.dayQuota)');
    accepts({ ...sunset, dayCosyRaw: sunset.dayQuota });
  });
  it('a run over: good_game mid day, win at the end with the quota met, quota_missed at the end with it unmet', () => {
    const over = { ...sunset, phase: 'over' };
    expect(refused({ ...over, outcome: 'good_game' })).toBe('a run ended mid day cannot be at the end of the day (state.turn)');
    expect(refused({ ...over, outcome: 'win', dayCosyRaw: sunset.dayQuota - 1 })).toBe(
      'a run ended at sunset must be at the end of a day with the quota met',
    );
    expect(refused({ ...over, outcome: 'win', turn: 20 })).toBe('a run ended at sunset must be at the end of a day with the quota met');
    accepts({ ...over, outcome: 'quota_missed', dayCosyRaw: sunset.dayQuota - 1 });
    expect(refused({ ...over, outcome: 'quota_missed' })).toBe('a missed quota needs the last turn played and the quota unmet');
    expect(refused({ ...over, outcome: 'quota_missed', dayCosyRaw: 0, turn: 20 })).toBe(
      'a missed quota needs the last turn played and the quota unmet',
    );
    expect(refused({ ...over, outcome: null })).toBe('state.outcome must be set when the run is over');
  });
});

describe('score, raw cosy and chain within what play can reach', () => {
  const turnMax1 = 2 * CAT_MAX + BOWL_MAX; // day 1: 2 cats, one bowl, multiplier 100
  it('day 1: nothing before turn 0, at most 740 a turn', () => {
    expect(turnMax1).toBe(740);
    expect(refused({ ...init, score: 1 })).toBe('state.score 1 is outside 0..0, what days 1..0 and 0 turns of day 1 can pay');
    const t3 = rests(init, 3);
    accepts({ ...t3, score: 3 * turnMax1 });
    expect(refused({ ...t3, score: 3 * turnMax1 + 1 })).toBe(
      'state.score 2221 is outside 0..2220, what days 1..0 and 3 turns of day 1 can pay',
    );
  });
  it('at sunset and after a win the day bonus (100 on day 1) is already paid', () => {
    const most = 21 * turnMax1 + dayBonus(1);
    expect(most).toBe(15_640);
    expect(refused({ ...sunset, score: 99 })).toBe('state.score 99 is outside 100..15640, what days 1..0 and 21 turns of day 1 can pay');
    accepts({ ...sunset, score: 100 });
    accepts({ ...sunset, score: most });
    expect(refused({ ...sunset, score: most + 1 })).toBe(
      'state.score 15641 is outside 100..15640, what days 1..0 and 21 turns of day 1 can pay',
    );
    const win = { ...sunset, phase: 'over', outcome: 'win' };
    expect(refused({ ...win, score: 99 })).toBe('state.score 99 is outside 100..15640, what days 1..0 and 21 turns of day 1 can pay');
    // A missed quota pays no bonus: 0 is its least score.
    accepts({ ...win, outcome: 'quota_missed', dayCosyRaw: 0, score: 0 });
  });
  it('day 2: day 1 paid its bonus; a turn pays at most round(250 * 1.35) per cat and round(240 * 1.35) for the bowl', () => {
    const d2 = dayStart(2);
    expect(refused({ ...d2, score: 99 })).toBe('state.score 99 is outside 100..15640, what days 1..1 and 0 turns of day 2 can pay');
    const one = rests(d2, 1);
    const most = 15_640 + 2 * Math.round((CAT_MAX * 135) / 100) + Math.round((BOWL_MAX * 135) / 100);
    expect(most).toBe(16_640);
    accepts({ ...one, score: most });
    expect(refused({ ...one, score: most + 1 })).toBe(
      'state.score 16641 is outside 100..16640, what days 1..1 and 1 turns of day 2 can pay',
    );
  });
  it('raw cosy: at most 740 a turn on day 1', () => {
    const t2 = rests(init, 2);
    accepts({ ...t2, dayCosyRaw: 1480 });
    expect(refused({ ...t2, dayCosyRaw: 1481 })).toBe('state.dayCosyRaw 1481 is more than 2 turns of day 1 can earn (1480)');
  });
  it('a serve nobody covered resets the chain: exactly 0 after it', () => {
    expect(sunset.bowls[0]!.status).toBe('missed');
    expect(refused({ ...sunset, chain: 1 })).toBe("state.chain must be 0: today's serves since the last uncovered one fed 0");
  });
  it('before today’s first serve the chain is at most the bowls of the days before (day 1 had one)', () => {
    accepts(dayStart(2, 1));
    expect(refused(dayStart(2, 2))).toBe('state.chain 2 is outside 0..1 (bowls eaten so far)');
    // Day 2 of seed 7 serves on turn 4: at turn 4 that serve has not resolved yet, the chain stands.
    const d2 = dayStart(2, 1);
    expect(d2.bowls.map((b) => b.serveTurn)).toEqual([4]);
    const before = rests(d2, 4);
    expect(before.bowls[0]!.status).toBe('waiting');
    accepts(before);
  });
  it('a bowl eaten today raises the floor: day 2 of seed 7 serves on the big cat’s start tile', () => {
    const after = rests(dayStart(2, 1), 5);
    expect([after.bowls[0]!.status, after.chain]).toEqual(['eaten', 2]);
    accepts(after);
    accepts({ ...after, chain: 1 });
    expect(refused({ ...after, chain: 0 })).toBe('state.chain 0 is outside 1..2 (bowls eaten so far)');
  });
  it('after a miss the chain counts the bowls eaten since it', () => {
    // Day 3 serves on turns 5 and 10; day 1 and day 2 served one bowl each.
    expect(dayStart(3).bowls.map((b) => b.serveTurn)).toEqual([5, 10]);
    accepts(midDay(3, 11, ['missed', 'eaten'], 1));
    expect(refused(midDay(3, 11, ['missed', 'eaten'], 2))).toBe("state.chain must be 1: today's serves since the last uncovered one fed 1");
    expect(refused(midDay(3, 11, ['eaten', 'missed'], 1))).toBe("state.chain must be 0: today's serves since the last uncovered one fed 0");
    accepts(midDay(3, 11, ['eaten', 'eaten'], 4));
    expect(refused(midDay(3, 11, ['eaten', 'eaten'], 5))).toBe('state.chain 5 is outside 2..4 (bowls eaten so far)');
    expect(refused(midDay(3, 11, ['eaten', 'eaten'], 1))).toBe('state.chain 1 is outside 2..4 (bowls eaten so far)');
  });
  it('a two-mat serve with one mat covered feeds one and is no miss (day 15)', () => {
    const serves = dayStart(15).bowls.map((b) => b.serveTurn);
    expect(serves).toEqual([3, 4, 4, 7, 10, 10, 12, 13, 13]);
    accepts(midDay(15, 5, ['missed', 'eaten', 'missed'], 1));
    expect(refused(midDay(15, 5, ['missed', 'missed', 'eaten'], 0))).toBe(
      "state.chain must be 1: today's serves since the last uncovered one fed 1",
    );
    expect(refused(midDay(15, 5, ['missed', 'missed', 'missed'], 1))).toBe(
      "state.chain must be 0: today's serves since the last uncovered one fed 0",
    );
  });
  it('the chain caps at 8: nine bowls eaten today leave it at exactly 8', () => {
    const all = { ...midDay(15, 14, Array(9).fill('eaten'), 8), phase: 'over', outcome: 'quota_missed' };
    accepts(all);
    expect(refused({ ...all, chain: 7 })).toBe('state.chain 7 is outside 8..8 (bowls eaten so far)');
  });
});

describe('cats', () => {
  it('ids in order and the ranges 3, 2, 4, 3, 2', () => {
    expect(refused({ ...init, cats: [init.cats[0], { ...init.cats[1], id: 0 }] })).toBe('state.cats[1].id must be 1');
    expect(refused({ ...init, cats: [{ ...init.cats[0], range: 2 }, init.cats[1]] })).toBe('state.cats[0].range must be 3');
    expect(refused({ ...init, cats: [init.cats[0], { ...init.cats[1], range: 3 }] })).toBe('state.cats[1].range must be 2');
  });
  it('settled counts turns of today only', () => {
    expect(refused({ ...init, cats: [{ ...init.cats[0], settled: 1 }, init.cats[1]] })).toBe(
      'state.cats[0].settled 1 is more than the turns played today (state.turn 0)',
    );
  });
  it('never on furniture, never two on a tile', () => {
    expect(init.layout.furniture).toEqual([5, 30, 31]);
    const t5 = rests(init, 5);
    const moved = (k: number, tile: number) => t5.cats.map((c, i) => (i === k ? { ...c, tile, settled: 1 } : c));
    expect(refused({ ...t5, cats: moved(0, 5) })).toBe('state.cats[0].tile is furniture (state.layout.furniture[0])');
    expect(refused({ ...t5, cats: moved(1, 31) })).toBe('state.cats[1].tile is furniture (state.layout.furniture[2])');
    expect(refused({ ...t5, cats: moved(1, t5.cats[0].tile) })).toBe('state.cats[1].tile is taken by another cat');
    accepts({ ...t5, cats: moved(1, 0) });
  });
  it('one cat moves per turn: without a dog two moved cats never share a settled', () => {
    const t5 = rests(init, 5);
    const both = t5.cats.map((c, i) => ({ ...c, tile: i, settled: 2 }));
    expect(refused({ ...t5, cats: both })).toBe(
      'state.cats[1].settled 2 is shared with another cat: only one cat moves per turn (state.turn 5, no dog today)',
    );
    accepts({ ...t5, cats: both.map((c, i) => ({ ...c, settled: 2 + i })) });
    // A dog (from day 6) resets every cat it reaches at once.
    const d6 = dayStart(6);
    expect(d6.layout.dogLoops.length).toBe(1);
    const turn = Math.min(...d6.bowls.map((b) => b.serveTurn));
    accepts({ ...d6, turn, cats: d6.cats.map((c) => ({ ...c, settled: 1 })) });
  });
});

describe('bowls', () => {
  it('waiting until its serve resolves (the turn after serveTurn), then eaten or missed', () => {
    expect(refused({ ...init, bowls: [{ ...init.bowls[0], status: 'eaten' }] })).toBe(
      'state.bowls[0].status must be waiting before its serve',
    );
    expect(refused({ ...sunset, bowls: [{ ...sunset.bowls[0], status: 'waiting' }] })).toBe(
      'state.bowls[0].status must be eaten or missed once state.turn passes its serveTurn',
    );
  });
});

describe('the room regenerated from (seed, day)', () => {
  it('window, hearth and lattice', () => {
    expect([init.layout.window, init.layout.hearth]).toEqual(['S', 4]);
    expect(refused({ ...init, layout: { ...init.layout, window: 'N' } })).toBe(`state.layout.window must be S on ${OF(1)}`);
    expect(refused({ ...init, layout: { ...init.layout, hearth: 3 } })).toBe(`state.layout.hearth must be 4 on ${OF(1)}`);
    const d16 = dayStart(16);
    accepts(d16);
    expect(d16.layout.lattice).toBe(0);
    expect(refused({ ...d16, layout: { ...d16.layout, lattice: 1 } })).toBe(`state.layout.lattice must be 0 on ${OF(16)}`);
  });
  it('furniture, clouds and dog loops, entry by entry', () => {
    expect(refused({ ...init, layout: { ...init.layout, furniture: [5, 29, 31] } })).toBe(
      `state.layout.furniture[1] must be 30 on ${OF(1)}`,
    );
    const d12 = dayStart(12);
    expect(d12.layout.clouds).toEqual([2, 3, 12]);
    expect(refused({ ...d12, layout: { ...d12.layout, clouds: [2, 3, 11] } })).toBe(`state.layout.clouds[2] must be 12 on ${OF(12)}`);
    expect(d12.layout.dogLoops).toEqual([[24, 25, 18, 11, 10, 17]]);
    expect(refused({ ...d12, layout: { ...d12.layout, dogLoops: [[24, 25, 18, 17]] } })).toBe(
      `state.layout.dogLoops[0] must hold 6 entries on ${OF(12)}`,
    );
    expect(refused({ ...d12, layout: { ...d12.layout, dogLoops: [[24, 31, 18, 11, 10, 17]] } })).toBe(
      `state.layout.dogLoops[0][1] must be 25 on ${OF(12)}`,
    );
    const d20 = dayStart(20);
    accepts(d20);
    expect(d20.layout.dogLoops[1]).toEqual([25, 26, 19, 18]);
    expect(refused({ ...d20, layout: { ...d20.layout, dogLoops: [d20.layout.dogLoops[0], [25, 26, 19, 11]] } })).toBe(
      `state.layout.dogLoops[1][3] must be 18 on ${OF(20)}`,
    );
  });
  it('the published bowl schedule', () => {
    expect(refused({ ...init, bowls: [{ ...init.bowls[0], mat: 37 }] })).toBe(
      `state.bowls[0].mat must be 36, the published schedule of ${OF(1)}`,
    );
    expect(refused({ ...init, bowls: [{ ...init.bowls[0], serveTurn: 16 }] })).toBe(
      `state.bowls[0].serveTurn must be 17, the published schedule of ${OF(1)}`,
    );
    const d3 = dayStart(3);
    expect(refused({ ...d3, bowls: [d3.bowls[0], { ...d3.bowls[1], mat: 25 }] })).toBe(
      `state.bowls[1].mat must be 24, the published schedule of ${OF(3)}`,
    );
  });
  it('the big cat and the start tiles of cats that have not moved', () => {
    expect(init.cats.map((c) => c.big)).toEqual([false, true]);
    expect(
      refused({
        ...init,
        cats: [
          { ...init.cats[0], big: true },
          { ...init.cats[1], big: false },
        ],
      }),
    ).toBe(`state.cats[0].big must be false on ${OF(1)}`);
    expect(refused({ ...init, cats: [init.cats[0], { ...init.cats[1], big: false }] })).toBe(`state.cats[1].big must be true on ${OF(1)}`);
    expect(refused({ ...init, cats: [{ ...init.cats[0], tile: 41 }, init.cats[1]] })).toBe(
      'state.cats[0].tile must be its start tile 40: it has not moved today (settled = state.turn)',
    );
    const t3 = rests(init, 3);
    expect(refused({ ...t3, cats: [t3.cats[0], { ...t3.cats[1], tile: 36 }] })).toBe(
      'state.cats[1].tile must be its start tile 35: it has not moved today (settled = state.turn)',
    );
    accepts({ ...t3, cats: [t3.cats[0], { ...t3.cats[1], tile: 36, settled: 0 }] });
  });
  it('dayPar, and the quota ceil(dayPar * 1000 / 10000) on day 1', () => {
    expect(refused({ ...init, dayPar: init.dayPar + 1 })).toBe(
      `state.dayPar must be ${init.dayPar}, the reference policy's raw cosy on ${OF(1)}`,
    );
    const quota = Math.ceil((init.dayPar * 1000) / 10000);
    expect(init.dayQuota).toBe(quota);
    expect(refused({ ...init, dayQuota: quota + 1 })).toBe(`state.dayQuota must be ceil(dayPar * quotaRatio / 10000) = ${quota}`);
  });
});

describe('parseAction', () => {
  it('accepts the five actions of the grammar as they are', () => {
    for (const a of [{ type: 'MOVE', cat: 4, tile: 48 }, { type: 'REST' }, { type: 'DOZE' }, { type: 'NEXT_DAY' }, { type: 'END_RUN' }])
      expect(parseAction(a)).toEqual({ ok: true, value: a });
  });
  it('refuses what is not an object, names a MOVE field outside the grammar, refuses extra fields and unknown types', () => {
    for (const v of [null, 5, 'REST', []])
      expect(parseAction(v)).toEqual({ ok: false, message: 'an action is a JSON object with a "type"' });
    expect(parseAction({ type: 'MOVE', cat: 5, tile: 1 })).toEqual({
      ok: false,
      message: 'MOVE.cat: expected integer to be less or equal to 4',
    });
    expect(parseAction({ type: 'MOVE', cat: 1, tile: 49 })).toEqual({
      ok: false,
      message: 'MOVE.tile: expected integer to be less or equal to 48',
    });
    expect(parseAction({ type: 'MOVE', cat: 1 })).toEqual({ ok: false, message: 'MOVE.tile: expected required property' });
    expect(parseAction({ type: 'MOVE', cat: 1, tile: 2, x: 1 })).toEqual({ ok: false, message: 'MOVE.x: unexpected property' });
    for (const type of ['REST', 'DOZE', 'NEXT_DAY', 'END_RUN'])
      expect(parseAction({ type, cat: 0 })).toEqual({ ok: false, message: `${type} takes no field but type` });
    for (const v of [{ type: 'JUMP' }, {}, { type: 3 }])
      expect(parseAction(v)).toEqual({ ok: false, message: 'action.type must be one of MOVE, REST, DOZE, NEXT_DAY, END_RUN' });
  });
});
