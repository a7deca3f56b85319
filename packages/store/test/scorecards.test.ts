import { afterAll, describe, expect, it } from 'vitest';
import {
  type ChallengeSet,
  challengeMiss,
  meanInterval,
  type NewRun,
  overallInterval,
  pairedComparison,
  progressOf,
  type Store,
  setProgress,
  tQuantile975,
} from '../src/index.ts';
import { setupBackends, run as storedRun } from './backends.ts';

const backends = await setupBackends();
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  await backends.dispose();
});

const SET: ChallengeSet = {
  id: 's2',
  title: 'S2',
  description: 'test',
  format: 2,
  games: {
    sunloaf: {
      version: '1.1.0',
      budget: { actions: 3, perType: { NEXT_DAY: 1 }, text: '2 days, 3 actions' },
      seeds: [
        { seed: 1, random: 10, greedy: 20, strong: 110 },
        { seed: 2, random: 0, greedy: 5, strong: 50 },
      ],
    },
  },
};

const run = (over: Partial<NewRun>): NewRun =>
  storedRun({ game: 'sunloaf', actions: [{ type: 'REST' }], end: null, version: '1.1.0', ...over });

describe('the shared arithmetic', () => {
  it('t quantiles match the published table', () => {
    expect(tQuantile975(1)).toBeCloseTo(12.7062047, 6);
    expect(tQuantile975(9)).toBeCloseTo(2.2621571628, 8);
    expect(tQuantile975(19)).toBeCloseTo(2.0930240544, 8);
    expect(tQuantile975(1000)).toBeCloseTo(1.9623390808, 6);
  });

  it('progress is clipped to [0, 100] with the uncapped ratio beside it; the interval is by hand', () => {
    expect(progressOf({ seed: 1, random: 10, strong: 110 }, 0)).toEqual({ progress: 0, uncapped: -10 });
    expect(progressOf({ seed: 1, random: 10, strong: 110 }, 160)).toEqual({ progress: 100, uncapped: 150 });
    expect(progressOf({ seed: 1, random: 5, strong: 5 }, 5)).toEqual({ progress: 100, uncapped: 100 });
    const values = [0, 50, 100, 30];
    const mean = 45;
    const s = Math.sqrt(((45 ** 2 + 5 ** 2 + 55 ** 2 + 15 ** 2) as number) / 3);
    const half = 3.182446305284263 * (s / 2);
    const got = meanInterval(values);
    expect(got.mean).toBe(mean);
    expect(got.low).toBe(0); // mean - half < 0: clipped
    expect(got.high).toBeCloseTo(Math.min(100, mean + half), 9);
    expect(meanInterval([40])).toEqual({ mean: 40, low: null, high: null });
  });

  it('a run counts only with its seed, the pinned version and within the budget', () => {
    expect(challengeMiss(SET, run({}))).toBeNull();
    expect(challengeMiss(SET, run({ seed: 3 }))?.reason).toBe('not_in_set');
    expect(challengeMiss(SET, run({ version: '1.0.0' }))).toEqual({
      reason: 'version_mismatch',
      message: 's2 pins sunloaf rules 1.1.0; this run was verified against 1.0.0',
    });
    expect(challengeMiss(SET, run({ actions: [1, 2, 3, 4] }))?.message).toBe(
      "over s2's budget for sunloaf: 4 actions; the budget is 2 days, 3 actions",
    );
    expect(challengeMiss(SET, run({ actions: [{ type: 'NEXT_DAY' }, { type: 'NEXT_DAY' }] }))?.reason).toBe('over_budget');
  });

  it('attempts: a seed is the mean of its k attempts, one not played counting 0; complete needs every attempt', () => {
    const played = [
      { game: 'sunloaf', seed: 1, attempt: 0, score: 60, counts: true }, // progress 50
      { game: 'sunloaf', seed: 1, attempt: 1, score: 110, counts: true }, // 100
      { game: 'sunloaf', seed: 2, attempt: 1, score: 25, counts: true }, // 50; attempt 0 not played
      { game: 'sunloaf', seed: 2, attempt: 3, score: 50, counts: true }, // beyond k = 2: ignored
    ];
    const [g] = setProgress(SET, played, 2);
    expect(g?.perSeed.map((s) => [s.score, s.progress, s.attemptsPlayed])).toEqual([
      [85, 75, 2],
      [25, 25, 1],
    ]);
    expect(g).toMatchObject({ progress: 50, played: 2, attempts: 2, complete: false, playedText: '2 of 2 seeds played (3 of 4 attempts)' });
    const [full] = setProgress(SET, [...played, { game: 'sunloaf', seed: 2, attempt: 0, score: 0, counts: true }], 2);
    expect(full?.complete).toBe(true);
  });

  it('the overall bootstrap interval: seeded, inside the range of the games, around the mean of the games', () => {
    const games = [
      { perSeed: [0, 10, 20, 30, 100].map((progress) => ({ progress })) },
      { perSeed: [50, 50, 60].map((progress) => ({ progress })) },
    ];
    const a = overallInterval(games, 7);
    expect(a.progress).toBeCloseTo((32 + 160 / 3) / 2, 12);
    expect(a).toEqual(overallInterval(games, 7));
    expect(a.low!).toBeLessThan(a.progress);
    expect(a.high!).toBeGreaterThan(a.progress);
    expect(a.low!).toBeGreaterThanOrEqual((0 + 50) / 2);
    expect(a.high!).toBeLessThanOrEqual((100 + 60) / 2);
    expect(a.method).toContain('bootstrap');
    // equal values everywhere: no spread
    expect(overallInterval([{ perSeed: [{ progress: 40 }, { progress: 40 }] }], 1)).toMatchObject({ progress: 40, low: 40, high: 40 });
    expect(overallInterval([{ perSeed: [{ progress: 40 }] }], 1)).toMatchObject({ low: null, high: null });
  });

  it('a paired comparison by hand: the mean difference, its t interval, wins/ties/losses', () => {
    const a = [50, 40, 100, 0];
    const b = [30, 40, 60, 10];
    // d = 20, 0, 40, -10: mean 12.5, sd = sqrt(((7.5)^2 + 12.5^2 + 27.5^2 + 22.5^2) / 3)
    const sd = Math.sqrt((7.5 ** 2 + 12.5 ** 2 + 27.5 ** 2 + 22.5 ** 2) / 3);
    const half = 3.182446305284263 * (sd / 2);
    const got = pairedComparison(a, b);
    expect(got).toMatchObject({ difference: 12.5, wins: 2, ties: 1, losses: 1, seeds: 4 });
    expect(got.low).toBeCloseTo(12.5 - half, 9);
    expect(got.high).toBeCloseTo(12.5 + half, 9);
    expect(() => pairedComparison([1], [1, 2])).toThrow();
  });

  it('setProgress: unplayed seeds count 0, copies are shown but not counted', () => {
    const [g] = setProgress(SET, [
      { game: 'sunloaf', seed: 1, score: 160, counts: true },
      { game: 'sunloaf', seed: 2, score: 50, counts: false },
    ]);
    expect(g).toMatchObject({ progress: 50, played: 1, seeds: 2, playedText: '1 of 2 seeds played', aboveStrong: 1 });
    expect(g?.perSeed.map((s) => [s.score, s.progress, s.uncapped])).toEqual([
      [160, 100, 150],
      [null, 0, null],
    ]);
  });
});

describe.each(backends.list.map((b) => [b.name, b] as const))('scorecards and budgeted boards on %s', (name) => {
  const open = async () => {
    const s = await (await backends.fresh(name)).open();
    stores.push(s);
    await s.challenges.put(SET);
    return s;
  };

  it('a format-2 set round-trips with its versions, budgets and greedy scores', async () => {
    const store = await open();
    expect(await store.challenges.get('s2')).toEqual(SET);
  });

  it('the challenge board of a budgeted set counts only the runs stored for it, clipped per seed', async () => {
    const store = await open();
    const a = await store.runs.submit(run({ player: 'a', score: 1000, actions: [1], challenges: ['s2'], now: 1 }));
    const key = a.status === 'stored' ? a.playerKey : undefined;
    // A better score that did not count for the set (e.g. over budget) stays off the set's board.
    await store.runs.submit(run({ player: 'a', key, score: 5000, actions: [2], now: 2 }));
    await store.runs.submit(run({ player: 'b', seed: 2, score: 25, actions: [3], challenges: ['s2'], now: 3 }));
    await store.runs.submit(run({ player: 'c', score: 0, actions: [4], challenges: ['s2'], now: 4 }));
    const board = await store.boards.page({ game: 'sunloaf', board: 'challenge', challenge: 's2', limit: 10 });
    expect(board.rows.map((r) => [r.player, r.score, r.raw, r.seeds])).toEqual([
      ['a', 50, 1000, 1],
      ['b', 25, 25, 1],
      ['c', 0, 0, 1],
    ]);
  });

  it('a scorecard: opened with tags (claiming the name), one entry per seed, records kept, closed for good', async () => {
    const store = await open();
    const tags = { model: 'model-x', agent: 'v1', prompt: 'p3', meta: { temperature: 0 } };
    const opened = await store.scorecards.open({ challenge: 's2', player: 'eve', tags, now: 10 });
    expect(opened.status).toBe('opened');
    if (opened.status !== 'opened') return;
    expect(opened.playerKey).toMatch(/^hk_/);
    expect(opened.scorecard).toMatchObject({
      challenge: 's2',
      player: 'eve',
      kind: 'agent',
      tags,
      attempts: 1,
      closed: false,
      openedAt: 10,
    });
    expect((await store.scorecards.open({ challenge: 's2', player: 'eve', tags })).status).toBe('key_required');
    expect((await store.scorecards.open({ challenge: 's2', player: 'eve', key: 'hk_x', tags })).status).toBe('wrong_key');

    const stored = await store.runs.submit(run({ player: 'eve', key: opened.playerKey, score: 60, challenges: ['s2'] }));
    if (stored.status !== 'stored') throw new Error(stored.status);
    const id = opened.scorecard.id;
    const summary = { steps: 3, refusals: 2, retries: 1, fallbacks: 0, ms: 1500, usage: { input: 812, output: 40, cost: null } };
    const entry = { scorecard: id, game: 'sunloaf', seed: 1, runId: stored.run.id, own: true, score: 60, actions: 1, summary };
    expect(await store.scorecards.add({ ...entry, record: '{"turn":0}\n', now: 11 })).toBe('added');
    expect(await store.scorecards.add(entry)).toBe('seed_played');
    expect(await store.scorecards.entries(id)).toEqual([
      {
        game: 'sunloaf',
        seed: 1,
        attempt: 0,
        runId: stored.run.id,
        runPlayer: 'eve',
        own: true,
        identical: false,
        score: 60,
        actions: 1,
        summary,
        hasRecord: true,
        createdAt: 11,
      },
    ]);
    expect(await store.scorecards.record(id, 'sunloaf', 1)).toBe('{"turn":0}\n');
    expect(await store.scorecards.record(id, 'sunloaf', 2)).toBeNull();
    expect(await store.scorecards.closed('s2', 10)).toEqual([]);
    const closed = await store.scorecards.close(id, 20);
    expect(closed).toMatchObject({ closed: true, closedAt: 20 });
    expect((await store.scorecards.close(id, 30))?.closedAt).toBe(20);
    expect(await store.scorecards.add({ ...entry, seed: 2 })).toBe('closed');
    expect((await store.scorecards.closed('s2', 10)).map((c) => c.id)).toEqual([id]);
    expect(await store.scorecards.get('sc_nope')).toBeNull();
    expect(await store.scorecards.add({ ...entry, scorecard: 'sc_AAAAAAAAAAAAAAAAAAAAAA' })).toBe('unknown');
  });

  it('attempts: k declared at open; each (seed, attempt) once; an identical run counts and says it was stored before', async () => {
    const store = await open();
    const tags = { model: 'm', agent: null, prompt: 'naive-v1', meta: { promptHash: 'sha256:ab' } };
    const opened = await store.scorecards.open({ challenge: 's2', player: 'kim', tags, attempts: 3, now: 1 });
    if (opened.status !== 'opened') throw new Error(opened.status);
    expect(opened.scorecard.attempts).toBe(3);
    const stored = await store.runs.submit(run({ player: 'kim', key: opened.playerKey, score: 60 }));
    if (stored.status !== 'stored') throw new Error(stored.status);
    const id = opened.scorecard.id;
    const entry = { scorecard: id, game: 'sunloaf', seed: 1, runId: stored.run.id, own: true, score: 60, actions: 1 };
    const record = `${'{"x":"y"}\n'.repeat(2000)}`;
    expect(await store.scorecards.add({ ...entry, attempt: 0, record, now: 2 })).toBe('added');
    expect(await store.scorecards.add({ ...entry, attempt: 1, identical: true, now: 3 })).toBe('added');
    expect(await store.scorecards.add({ ...entry, attempt: 1, now: 4 })).toBe('seed_played');
    const got = await store.scorecards.entries(id);
    expect(got.map((e) => [e.seed, e.attempt, e.identical, e.hasRecord])).toEqual([
      [1, 0, false, true],
      [1, 1, true, false],
    ]);
    expect(await store.scorecards.record(id, 'sunloaf', 1, 0)).toBe(record);
    expect(await store.scorecards.record(id, 'sunloaf', 1, 1)).toBeNull();
  });
});
