// Evaluations through real HTTP on a SQLite file and on PostgreSQL (issue 31): runs into an open scorecard in
// batches, bounded by the scorecard's attempts and not by the per-player rate; resends answered as already in;
// records sent compressed and bounded; the models board keeps each model's latest closed complete scorecard;
// a paired comparison equals a hand computation; the CSV export round-trips to the JSON report.
import { gzipSync } from 'node:zlib';
import { CHALLENGE_SETS } from '@hearth/store';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PER_PLAYER } from '../src/routes/runs-mount.ts';
import { call } from './helpers/call.ts';
import { playRun } from './helpers/play.ts';
import { setupRunBackends } from './runs-backends.ts';

const backends = await setupRunBackends();
afterAll(() => backends.dispose());

const season2 = CHALLENGE_SETS.find((s) => s.id === 'season-2')!;
const T975_19 = 2.093024054408263;
const progressOf = (s: { random: number; strong: number }, score: number) =>
  Math.min(100, Math.max(0, (100 * (score - s.random)) / (s.strong - s.random)));

/** Every seed of every season-2 game played `steps` actions deep, as batch runs. */
async function seasonRuns(steps: number) {
  const out: Record<string, Array<{ game: string; seed: number; actions: unknown[]; score: number }>> = {};
  for (const [game, g] of Object.entries(season2.games))
    out[game] = await Promise.all(g.seeds.map(async (s) => ({ game, seed: s.seed, ...(await playRun(game, s.seed, steps)) })));
  return out;
}

/** A small CSV reader (quoted cells, doubled quotes) for the round trip. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  return rows;
}

describe.each(backends.names)('evaluations on %s', (name) => {
  it('a batch fills k attempts past the per-player rate; a resend is answered as already in; records compressed and bounded', async () => {
    const { url } = await backends.serve(name, { perPlayer: DEFAULT_PER_PLAYER });
    const opened = await call(url, 'POST', '/api/scorecards', { player: 'res', attempts: 2, tags: { model: 'm', prompt: 'p' } });
    expect(opened.status).toBe(201);
    expect(opened.body.scorecard.attempts).toBe(2);
    const key = opened.body.playerKey as string;
    const id = opened.body.scorecard.id as string;
    const seeds = season2.games.sunloaf!.seeds;
    const runs = [];
    for (const [i, s] of seeds.entries()) {
      const r = await playRun('sunloaf', s.seed, 3);
      const header = JSON.stringify({ hearthRecord: 1, game: 'sunloaf', seed: s.seed, set: 'season-2', version: '1.1.0', view: 'compact' });
      const steps = r.actions.map((a, t) =>
        JSON.stringify({
          step: t,
          turn: t,
          view: 'sha256:a',
          action: a,
          ok: true,
          ms: 1,
          transcript: { sent: [{ role: 'user', content: `turn ${t}` }], reply: `Action: ${JSON.stringify(a)}` },
        }),
      );
      const record = `${[header, ...steps, JSON.stringify({ end: 'max_turns', score: r.score, turns: r.actions.length })].join('\n')}\n`;
      // Both attempts play the same actions (a deterministic agent): the second is identical to the first, and counts.
      for (const attempt of [0, 1])
        runs.push({
          game: 'sunloaf',
          seed: s.seed,
          attempt,
          actions: r.actions,
          version: '1.1.0',
          ...(i < 3 ? { recordGz: gzipSync(record).toString('base64') } : {}),
        });
    }
    // 40 runs: twice the per-player burst (20), in one request.
    const batch = await call(url, 'POST', `/api/scorecards/${id}/runs`, { player: 'res', runs }, key);
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ accepted: 40, refused: 0, retry: 0 });
    expect(batch.body.results.map((r: any) => r.scorecard.attempt)).toEqual(runs.map((r) => r.attempt));
    expect(batch.body.results.filter((r: any) => r.scorecard.identicalTo).length).toBe(20);
    // Sent without an agent field into a model's scorecard: the runs are that model's, not a person's.
    expect((await call(url, 'GET', `/api/runs/${batch.body.results[0].runId}`)).body).toMatchObject({ kind: 'agent', agent: 'm' });
    // The same batch again (a lost answer): every run is already in, nothing added.
    const again = await call(url, 'POST', `/api/scorecards/${id}/runs`, { runs }, key);
    expect(again.body.accepted).toBe(40);
    expect(again.body.results.every((r: any) => r.scorecard.already === true)).toBe(true);
    // A third attempt is refused; another run for a taken attempt too.
    const third = await call(url, 'POST', `/api/scorecards/${id}/runs`, { runs: [{ ...runs[0], attempt: 2 }] }, key);
    expect(third.body.results[0]).toMatchObject({ status: 400, reason: 'invalid_attempt' });
    const other = await playRun('sunloaf', seeds[0]!.seed, 5);
    const taken = await call(
      url,
      'POST',
      `/api/scorecards/${id}/runs`,
      { runs: [{ game: 'sunloaf', seed: seeds[0]!.seed, actions: other.actions }] },
      key,
    );
    expect(taken.body.results[0]).toMatchObject({ status: 409, reason: 'attempts_used' });
    // A record past the bound is refused with a clear reason, and nothing is stored.
    const huge = gzipSync(Buffer.alloc(17 * 1024 * 1024, 32)).toString('base64');
    const big = await call(
      url,
      'POST',
      `/api/scorecards/${id}/runs`,
      { runs: [{ game: 'cragwake', seed: season2.games.cragwake!.seeds[0]!.seed, actions: [], recordGz: huge }] },
      key,
    );
    expect(big.body.results[0]).toMatchObject({ status: 413, reason: 'record_too_large' });
    expect(big.body.results[0].message).toContain('16 MiB');
    // The records: served per attempt, transcripts included.
    const report = (await call(url, 'GET', `/api/scorecards/${id}`)).body;
    const g = report.games.find((x: any) => x.game === 'sunloaf');
    expect(g).toMatchObject({ attempts: 2, complete: true, played: 20 });
    expect(report.identical).toBe(20);
    // Of each seed's two attempts, the one stored second is disclosed as identical to the first (batch runs go 4 at a time).
    for (const seed of g.perSeed) {
      const disclosed = seed.attempts.filter((x: any) => x.identicalTo);
      expect(disclosed).toHaveLength(1);
      expect(disclosed[0].identicalTo.text).toMatch(/^identical to run \d+ by res, earlier$/);
    }
    const served = await call(url, 'GET', `/api/scorecards/${id}/records/sunloaf/${seeds[0]!.seed}?attempt=1`);
    expect(served.status).toBe(200);
    expect(served.text.split('\n')[1]).toContain('"transcript"');
    expect((await call(url, 'GET', `/api/scorecards/${id}/records/sunloaf/${seeds[0]!.seed}?attempt=2`)).body.reason).toBe('invalid_query');
    // Without a scorecard the per-player rate still applies to people's runs: the burst (20) is all there is.
    const statuses = [];
    for (const game of ['stormlark', 'cragwake'])
      for (const s of season2.games[game]!.seeds.slice(0, 12)) {
        const r = await playRun(game, s.seed, 3);
        statuses.push((await call(url, 'POST', '/api/runs', { game, seed: s.seed, actions: r.actions, player: 'res' }, key)).status);
      }
    expect(statuses.filter((x) => x === 201)).toHaveLength(DEFAULT_PER_PLAYER.burst);
    expect(statuses.slice(DEFAULT_PER_PLAYER.burst).every((x) => x === 429)).toBe(true);
  });

  it('the board keeps the latest complete scorecard (a worse one closed after a better one); compare and CSV by hand', async () => {
    const { url } = await backends.serve(name);
    const open = async (player: string, key?: string) =>
      call(
        url,
        'POST',
        '/api/scorecards',
        { player, tags: { model: 'model-z', prompt: 'naive-v1', meta: { promptHash: 'sha256:1' } } },
        key,
      );
    const fill = async (id: string, key: string, runs: Record<string, Array<{ game: string; seed: number; actions: unknown[] }>>) => {
      for (const list of Object.values(runs)) {
        const r = await call(
          url,
          'POST',
          `/api/scorecards/${id}/runs`,
          { runs: list.map(({ game, seed, actions }) => ({ game, seed, actions })) },
          key,
        );
        expect(r.body.accepted, JSON.stringify(r.body.results.find((x: any) => !x.ok))).toBe(list.length);
      }
    };
    const better = await seasonRuns(40);
    const worse = await seasonRuns(1);
    const a = await open('zed');
    const key = a.body.playerKey as string;
    await fill(a.body.scorecard.id, key, better);
    const b = await open('zed', key);
    await fill(b.body.scorecard.id, key, worse);
    // A third, incomplete and closed last: listed apart, never the row.
    const c = await open('zed', key);
    await fill(c.body.scorecard.id, key, { sunloaf: better.sunloaf!.slice(0, 3) });
    for (const card of [a, b, c])
      expect((await call(url, 'POST', `/api/scorecards/${card.body.scorecard.id}/close`, undefined, key)).status).toBe(200);
    const ra = (await call(url, 'GET', `/api/scorecards/${a.body.scorecard.id}`)).body;
    const rb = (await call(url, 'GET', `/api/scorecards/${b.body.scorecard.id}`)).body;
    expect(ra.complete && rb.complete).toBe(true);
    expect(ra.progress).toBeGreaterThan(rb.progress);
    const board = (await call(url, 'GET', '/api/scorecards?challenge=season-2&kind=agent')).body;
    expect(board.rows.map((r: any) => r.scorecard)).toEqual([b.body.scorecard.id]);
    expect(board.rows[0]).toMatchObject({
      model: 'model-z',
      prompt: 'naive-v1',
      promptHash: 'sha256:1',
      complete: true,
      cost: { dollars: null, text: 'unknown' },
    });
    expect(board.rows[0].progress).toBeCloseTo(rb.progress, 12);
    expect(board.rows[0].interval.low).toBeLessThanOrEqual(rb.progress);
    expect(board.rows[0].interval.high).toBeGreaterThanOrEqual(rb.progress);
    expect(board.interval).toContain('bootstrap');
    expect(board.rows[0].earlier.map((e: any) => e.scorecard).sort()).toEqual([a.body.scorecard.id, c.body.scorecard.id].sort());
    expect(board.incomplete.map((e: any) => e.scorecard)).toEqual([c.body.scorecard.id]);

    // The paired comparison A - B, game by game, by hand.
    const cmp = (await call(url, 'GET', `/api/scorecards/compare?a=${a.body.scorecard.id}&b=${b.body.scorecard.id}`)).body;
    expect(cmp.ok).toBe(true);
    for (const [game, g] of Object.entries(season2.games)) {
      const d = g.seeds.map((s, i) => progressOf(s, better[game]![i]!.score) - progressOf(s, worse[game]![i]!.score));
      const mean = d.reduce((x, y) => x + y, 0) / 20;
      const sd = Math.sqrt(d.reduce((x, v) => x + (v - mean) ** 2, 0) / 19);
      const got = cmp.games.find((x: any) => x.game === game);
      expect(got.difference).toBeCloseTo(mean, 9);
      if (sd > 0) {
        expect(got.interval.low).toBeCloseTo(mean - (T975_19 * sd) / Math.sqrt(20), 9);
        expect(got.interval.high).toBeCloseTo(mean + (T975_19 * sd) / Math.sqrt(20), 9);
      }
      expect([got.wins, got.ties, got.losses]).toEqual([
        d.filter((x) => x > 0).length,
        d.filter((x) => x === 0).length,
        d.filter((x) => x < 0).length,
      ]);
    }
    expect(cmp.difference).toBeCloseTo(ra.progress - rb.progress, 9);
    const other = await call(url, 'POST', '/api/scorecards', { player: 'zed', challenge: 'season-1', tags: { model: 'q' } }, key);
    const diff = await call(url, 'GET', `/api/scorecards/compare?a=${a.body.scorecard.id}&b=${other.body.scorecard.id}`);
    expect([diff.status, diff.body.reason]).toEqual([409, 'different_sets']);

    // CSV: one row per game, seed and attempt, equal to the JSON report.
    const csv = await call(url, 'GET', `/api/scorecards/${a.body.scorecard.id}?format=csv`);
    expect(csv.status).toBe(200);
    const [head, ...rows] = parseCsv(csv.text);
    expect(rows).toHaveLength(80);
    const col = (r: string[], k: string) => r[head!.indexOf(k)]!;
    for (const r of rows) {
      const seed = ra.games.find((g: any) => g.game === col(r, 'game')).perSeed.find((s: any) => s.seed === Number(col(r, 'seed')));
      const at = seed.attempts[Number(col(r, 'attempt'))];
      expect(Number(col(r, 'score'))).toBe(at.score);
      expect(Number(col(r, 'progress'))).toBe(at.progress);
      expect(Number(col(r, 'run_id'))).toBe(at.runId);
      expect(Number(col(r, 'strong'))).toBe(seed.strong);
    }
    expect((await call(url, 'GET', `/api/scorecards/${a.body.scorecard.id}?format=xml`)).body.reason).toBe('invalid_query');
  });
});
