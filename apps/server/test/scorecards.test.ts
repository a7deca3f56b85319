// Scorecards through real HTTP on a SQLite file and on PostgreSQL: opened with tags, twenty runs of two games sent
// into one, closed and read back with intervals equal to a hand computation; every refusal with its reason.
import { CHALLENGE_SETS } from '@hearth/store';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call.ts';
import { playRun } from './helpers/play.ts';
import { setupRunBackends } from './runs-backends.ts';

const backends = await setupRunBackends();
afterAll(() => backends.dispose());

const season2 = CHALLENGE_SETS.find((s) => s.id === 'season-2')!;

/** 95% Student-t half-width factors used by the hand computation (from a printed table). */
const T975 = { 19: 2.093024054408263 };

describe.each(backends.names)('scorecards on %s', (name) => {
  const start = async () => (await backends.serve(name)).url;

  it('open, twenty runs of two games, close, read back: progress clipped and intervals by hand', async () => {
    const url = await start();
    const opened = await call(url, 'POST', '/api/scorecards', {
      challenge: 'season-2',
      player: 'ada',
      tags: { model: 'model-x', agent: 'harness 1', prompt: 'p1', meta: { temperature: 0 } },
    });
    expect(opened.status).toBe(201);
    const key = opened.body.playerKey as string;
    const id = opened.body.scorecard.id as string;
    expect(opened.body.scorecard).toMatchObject({ challenge: 'season-2', player: 'ada', kind: 'agent', closed: false });

    const expected: Record<string, number[]> = {};
    for (const slug of ['cragwake', 'stormlark']) {
      const seeds = season2.games[slug]!.seeds;
      expected[slug] = seeds.map(() => 0);
      for (let i = 0; i < 10; i++) {
        const s = seeds[i]!;
        const { actions, score } = await playRun(slug, s.seed, 5 + 9 * i);
        const answer = await call(
          url,
          'POST',
          '/api/runs',
          { game: slug, seed: s.seed, actions, player: 'ada', agent: 'model-x', version: '1.1.0', scorecard: id },
          key,
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.score).toBe(score);
        expect(answer.body.challenges).toContainEqual({ set: 'season-2', counts: true });
        const raw = (100 * (score - s.random)) / (s.strong - s.random);
        expected[slug]![i] = Math.min(100, Math.max(0, raw));
        expect(answer.body.scorecard).toMatchObject({ id, counted: true });
        expect(answer.body.scorecard.progress).toBeCloseTo(expected[slug]![i]!, 9);
      }
    }
    // At least one seed was played below the random bot: clipped to 0, not negative.
    expect(
      Object.values(expected)
        .flat()
        .some((p) => p === 0),
    ).toBe(true);

    const closed = await call(url, 'POST', `/api/scorecards/${id}/close`, undefined, key);
    expect(closed.status).toBe(200);
    const report = await call(url, 'GET', `/api/scorecards/${id}`);
    expect(report.body.scorecard.closed).toBe(true);
    for (const g of report.body.games) {
      const values = expected[g.game];
      if (!values) {
        expect(g.played).toBe(0);
        continue;
      }
      const mean = values.reduce((a, b) => a + b, 0) / 20;
      const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / 19);
      const half = (T975[19] * sd) / Math.sqrt(20);
      expect(g.progress).toBeCloseTo(mean, 9);
      expect(g.interval.low).toBeCloseTo(Math.max(0, mean - half), 9);
      expect(g.interval.high).toBeCloseTo(Math.min(100, mean + half), 9);
      expect(g.playedText).toBe('10 of 20 seeds played');
      expect(g.perSeed).toHaveLength(20);
      expect(g.perSeed.filter((s: any) => s.runId !== null)).toHaveLength(10);
    }
    expect(report.body.totals.runs).toBe(20);
    // Half the seeds of two games: closed but incomplete, so it is listed apart from the ranked rows.
    expect(report.body.complete).toBe(false);
    const board = await call(url, 'GET', '/api/scorecards?challenge=season-2&kind=agent');
    expect(board.body.rows).toEqual([]);
    expect(board.body.incomplete.map((r: any) => [r.model, r.scorecard, r.runs, r.runsExpected])).toEqual([['model-x', id, 20, 80]]);
    expect(board.body.incomplete[0].progress).toBeCloseTo(report.body.progress, 9);
    // Closed: no more runs.
    const late = await playRun('cragwake', season2.games.cragwake!.seeds[15]!.seed, 3);
    const refused = await call(
      url,
      'POST',
      '/api/runs',
      { game: 'cragwake', seed: season2.games.cragwake!.seeds[15]!.seed, actions: late.actions, player: 'ada', scorecard: id },
      key,
    );
    expect(refused.body.reason).toBe('scorecard_closed');
  });

  it('refusals with their reasons, and duplicates said plainly', async () => {
    const url = await start();
    const seed = season2.games.cragwake!.seeds[0]!.seed;
    const run = await playRun('cragwake', seed, 12);
    expect((await call(url, 'POST', '/api/scorecards', { challenge: 'season-9', player: 'bob' })).body).toMatchObject({
      reason: 'unknown_challenge',
    });
    const version = await call(url, 'POST', '/api/runs', { game: 'cragwake', seed, actions: run.actions, player: 'bob', version: '0.9.0' });
    expect(version.status).toBe(409);
    expect(version.body.reason).toBe('version_mismatch');
    expect(version.body.message).toContain('1.1.0');
    const unknownSet = await call(url, 'POST', '/api/runs', {
      game: 'cragwake',
      seed,
      actions: run.actions,
      player: 'bob',
      challenge: 'season-9',
    });
    expect([unknownSet.status, unknownSet.body.reason]).toEqual([404, 'unknown_challenge']);
    const over = await call(url, 'POST', '/api/runs', {
      game: 'cragwake',
      seed,
      actions: Array.from({ length: 801 }, () => ({ type: 'breathe' })),
      player: 'bob',
      challenge: 'season-2',
    });
    expect([over.status, over.body.reason]).toEqual([400, 'over_budget']);
    expect(over.body.message).toContain('801 actions');
    const notIn = await call(url, 'POST', '/api/runs', { game: 'cragwake', seed: 7, actions: [], player: 'bob', challenge: 'season-2' });
    expect(notIn.body.reason).toBe('not_in_set');

    // Bob stores a run; Cy sends the identical run into Cy's scorecard: not stored again, counted inside the
    // scorecard and disclosed (whose run it is, and that it came earlier).
    const first = await call(url, 'POST', '/api/runs', { game: 'cragwake', seed, actions: run.actions, player: 'bob' });
    expect(first.status).toBe(201);
    const cy = await call(url, 'POST', '/api/scorecards', { player: 'cy', tags: { model: 'model-y' } });
    expect(cy.body.scorecard.challenge).toBe('season-2');
    const cyKey = cy.body.playerKey;
    const copy = await call(
      url,
      'POST',
      '/api/runs',
      { game: 'cragwake', seed, actions: run.actions, player: 'cy', scorecard: cy.body.scorecard.id },
      cyKey,
    );
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ duplicate: true, counted: false, identicalTo: { runId: first.body.runId, player: 'bob' } });
    expect(copy.body.message).toContain(`identical to run ${first.body.runId} by bob`);
    const baseline = season2.games.cragwake!.seeds[0]!;
    const progress = Math.min(100, Math.max(0, (100 * (run.score - baseline.random)) / (baseline.strong - baseline.random)));
    expect(copy.body.scorecard).toMatchObject({ counted: true, identicalTo: { runId: first.body.runId, player: 'bob', earlier: true } });
    expect(copy.body.scorecard.progress).toBeCloseTo(progress, 9);
    const report = await call(url, 'GET', `/api/scorecards/${cy.body.scorecard.id}`);
    const row = report.body.games.find((g: any) => g.game === 'cragwake').perSeed[0];
    expect(row.identicalTo).toEqual({
      runId: first.body.runId,
      player: 'bob',
      text: `identical to run ${first.body.runId} by bob, earlier`,
    });
    expect(row.counted).toBe(true);
    expect(report.body.identical).toBe(1);
    expect(report.body.games.find((g: any) => g.game === 'cragwake').progress).toBeCloseTo(progress / 20, 9);
    // The same seed again in that scorecard, someone else's scorecard, a key missing.
    const again = await call(
      url,
      'POST',
      '/api/runs',
      { game: 'cragwake', seed, actions: [], player: 'cy', scorecard: cy.body.scorecard.id },
      cyKey,
    );
    expect([again.status, again.body.reason]).toEqual([409, 'seed_played']);
    const notYours = await call(url, 'POST', '/api/runs', {
      game: 'cragwake',
      seed,
      actions: [],
      player: 'bob',
      scorecard: cy.body.scorecard.id,
    });
    expect([notYours.status, notYours.body.reason]).toEqual([403, 'not_your_scorecard']);
    const noKey = await call(url, 'POST', '/api/runs', {
      game: 'cragwake',
      seed: season2.games.cragwake!.seeds[1]!.seed,
      actions: [],
      player: 'cy',
      scorecard: cy.body.scorecard.id,
    });
    expect([noKey.status, noKey.body.reason]).toEqual([401, 'key_required']);
    expect((await call(url, 'POST', `/api/scorecards/${cy.body.scorecard.id}/close`)).body.reason).toBe('key_required');
    expect((await call(url, 'GET', '/api/scorecards/sc_AAAAAAAAAAAAAAAAAAAAAA')).body.reason).toBe('unknown_scorecard');
    // A plain duplicate outside any scorecard says whose it is, too.
    const plain = await call(url, 'POST', '/api/runs', { game: 'cragwake', seed, actions: run.actions, player: 'dee' });
    expect(plain.body).toMatchObject({ duplicate: true, counted: false, player: 'bob' });
    expect(plain.body.message).toContain('by bob');
  });

  it('an episode record is kept with the run, summed on the scorecard and served back', async () => {
    const url = await start();
    const seed = season2.games.stormlark!.seeds[3]!.seed;
    const run = await playRun('stormlark', seed, 4);
    const header = { hearthRecord: 1, game: 'stormlark', seed, set: 'season-2', version: '1.1.0', view: 'compact' };
    const lines = [JSON.stringify(header)];
    lines.push(
      JSON.stringify({ step: 0, turn: 0, view: 'sha256:aa', action: { type: 'NOPE' }, ok: false, reason: 'unknown_action', ms: 100 }),
    );
    for (const [i, action] of run.actions.entries())
      lines.push(JSON.stringify({ step: i + 1, turn: i, view: 'sha256:bb', action, ok: true, ms: 250, usage: { input: 800, output: 40 } }));
    lines.push(JSON.stringify({ end: 'max_turns', score: run.score, turns: run.actions.length }));
    const record = `${lines.join('\n')}\n`;
    const card = await call(url, 'POST', '/api/scorecards', { player: 'eve', tags: { model: 'm' } });
    const id = card.body.scorecard.id;
    const bad = await call(
      url,
      'POST',
      '/api/runs',
      { game: 'stormlark', seed, actions: run.actions.slice(1), player: 'eve', scorecard: id, record },
      card.body.playerKey,
    );
    expect(bad.body.reason).toBe('invalid_record');
    const ok = await call(
      url,
      'POST',
      '/api/runs',
      { game: 'stormlark', seed, actions: run.actions, player: 'eve', scorecard: id, record },
      card.body.playerKey,
    );
    expect(ok.status).toBe(201);
    const report = await call(url, 'GET', `/api/scorecards/${id}`);
    const g = report.body.games.find((x: any) => x.game === 'stormlark');
    const n = run.actions.length;
    expect(g.totals).toEqual({
      actions: n,
      steps: n + 1,
      refusals: 1,
      retries: 0,
      fallbacks: 0,
      ms: 100 + 250 * n,
      usage: { input: 800 * n, output: 40 * n, cost: null },
    });
    const row = g.perSeed.find((s: any) => s.seed === seed);
    const served = await fetch(row.recordUrl);
    expect(served.headers.get('content-type')).toContain('application/x-ndjson');
    expect(await served.text()).toBe(record);
  });
});
