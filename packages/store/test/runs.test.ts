import { afterAll, describe, expect, it } from 'vitest';
import type { NewRun, Store } from '../src/index.ts';
import { run, setupBackends } from './backends.ts';

const backends = await setupBackends();
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  await backends.dispose();
});

describe.each(backends.list.map((b) => [b.name, b] as const))('runs and boards on %s', (name) => {
  const open = async () => {
    const s = await (await backends.fresh(name)).open();
    stores.push(s);
    return s;
  };

  it('the first run claims the name and returns the key once; later runs need it', async () => {
    const store = await open();
    const first = await store.runs.submit(run({ actions: [1, 2, 3], score: 5 }));
    expect(first.status).toBe('stored');
    if (first.status !== 'stored') return;
    expect(first.playerKey).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    expect(first.rank).toBe(1);
    expect(await store.runs.get(first.run.id)).toMatchObject({ actions: [1, 2, 3], player: 'alice', kind: 'human', gameOver: true });

    expect((await store.runs.submit(run({ actions: [4] }))).status).toBe('key_required');
    expect((await store.runs.submit(run({ actions: [4], key: 'hk_wrong' }))).status).toBe('wrong_key');
    // Names are one claim ignoring case.
    expect((await store.runs.submit(run({ actions: [4], player: 'ALICE' }))).status).toBe('key_required');
    const second = await store.runs.submit(run({ actions: [4], key: first.playerKey, player: 'Alice' }));
    expect(second.status).toBe('stored');
    expect(second).not.toHaveProperty('playerKey');
    expect(await store.runs.checkName('alice', first.playerKey)).toBe('ok');
    expect(await store.runs.checkName('bob', null)).toBe('unclaimed');
    expect(await store.runs.count('cragwake')).toBe(2);
  });

  it('a duplicate (same game, seed, actions, any key order) returns the existing run and stores nothing', async () => {
    const store = await open();
    const a = await store.runs.submit(run({ actions: [{ x: 1, y: 2 }] }));
    const b = await store.runs.submit(run({ actions: [{ y: 2, x: 1 }], player: 'bob' }));
    expect(b.status).toBe('duplicate');
    if (a.status !== 'stored' || b.status !== 'duplicate') return;
    expect(b.run.id).toBe(a.run.id);
    expect(b.run.player).toBe('alice');
    // bob's name was not claimed by a run that was not stored.
    expect(await store.runs.checkName('bob', null)).toBe('unclaimed');
    expect((await store.runs.submit(run({ actions: [{ x: 1, y: 2 }], seed: 2 }))).status).toBe('key_required');
    expect(await store.runs.count()).toBe(1);
  });

  it('boards: best run per player, ties to the earlier run, filters, keyset pages', async () => {
    const store = await open();
    const keys: Record<string, string> = {};
    let t = 1000;
    const submit = async (player: string, score: number, extra: Partial<NewRun> = {}) => {
      const r = await store.runs.submit(run({ player, score, key: keys[player], actions: [t], now: t++, ...extra }));
      if (r.status === 'stored' && r.playerKey) keys[player] = r.playerKey;
      expect(r.status).toBe('stored');
    };
    await submit('p1', 50);
    await submit('p2', 70);
    await submit('p1', 90);
    await submit('p3', 70); // ties p2, later
    await submit('p4', 10, { agent: 'model-x' });
    await submit('p4', 95, { game: 'stormlark' });
    await submit('p5', 60, { daily: '2026-12-01' });
    await submit('p2', 65, { daily: '2026-12-01' });
    const all = await store.boards.page({ game: 'cragwake', board: 'all', limit: 10 });
    expect(all.rows.map((r) => [r.rank, r.player, r.score])).toEqual([
      [1, 'p1', 90],
      [2, 'p2', 70],
      [3, 'p3', 70],
      [4, 'p5', 60],
      [5, 'p4', 10],
    ]);
    expect(all.nextCursor).toBeNull();
    expect(await store.runs.rankOf('cragwake', 'p3')).toBe(3);
    const daily = await store.boards.page({ game: 'cragwake', board: 'daily', date: '2026-12-01', limit: 10 });
    expect(daily.rows.map((r) => [r.player, r.score])).toEqual([
      ['p2', 65],
      ['p5', 60],
    ]);
    const agents = await store.boards.page({ game: 'cragwake', board: 'all', kind: 'agent', limit: 10 });
    expect(agents.rows.map((r) => [r.player, r.agent, r.kind])).toEqual([['p4', 'model-x', 'agent']]);
    expect((await store.boards.page({ game: 'cragwake', board: 'all', agent: 'model-y', limit: 10 })).rows).toEqual([]);
    expect((await store.boards.page({ game: 'cragwake', board: 'all', kind: 'human', limit: 10 })).rows).toHaveLength(4);
    // Pages of 2 walk the same board with no gap or repeat.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await store.boards.page({ game: 'cragwake', board: 'all', limit: 2, cursor });
      seen.push(...page.rows.map((r) => `${r.rank}:${r.player}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.rows.map((r) => `${r.rank}:${r.player}`));
    await expect(store.boards.page({ game: 'cragwake', board: 'all', limit: 2, cursor: 'nonsense' })).rejects.toThrow(RangeError);
  });

  it('challenge boards: mean normalised score over the set (random 0, strong 100, missing seeds 0)', async () => {
    const store = await open();
    await store.challenges.put({
      id: 's1',
      title: 'Season 1',
      description: 'test',
      format: 1,
      games: {
        cragwake: {
          version: null,
          budget: null,
          seeds: [
            { seed: 11, random: 10, strong: 110 },
            { seed: 12, random: 0, strong: 50 },
          ],
        },
      },
    });
    expect((await store.challenges.get('s1'))?.games.cragwake?.seeds).toEqual([
      { seed: 11, random: 10, strong: 110 },
      { seed: 12, random: 0, strong: 50 },
    ]);
    const a = await store.runs.submit(run({ player: 'a', seed: 11, score: 60, actions: [1], now: 1 }));
    const key = a.status === 'stored' ? a.playerKey : undefined;
    await store.runs.submit(run({ player: 'a', seed: 11, score: 110, actions: [2], key, now: 2 }));
    await store.runs.submit(run({ player: 'b', seed: 11, score: 60, actions: [3], now: 3 }));
    const bKey = (await store.runs.checkName('b', null)) === 'key_required';
    expect(bKey).toBe(true);
    await store.runs.submit(run({ player: 'c', seed: 12, score: 25, actions: [4], now: 4 }));
    await store.runs.submit(run({ player: 'd', seed: 99, score: 1000, actions: [5], now: 5 })); // not in the set
    const board = await store.boards.page({ game: 'cragwake', board: 'challenge', challenge: 's1', limit: 10 });
    expect(board.rows.map((r) => [r.player, r.score, r.raw, r.seeds])).toEqual([
      ['a', 50, 110, 1],
      ['b', 25, 60, 1],
      ['c', 25, 25, 1],
    ]);
    expect((await store.challenges.list()).map((s) => s.id)).toEqual(['s1']);
  });

  it('over many random runs, the kept bests and the window query give the same board, page by page', { timeout: 60_000 }, async () => {
    const store = await open();
    let x = 99;
    const rnd = (n: number) => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x % n;
    };
    const keys = new Map<string, string>();
    for (let i = 0; i < 400; i++) {
      const player = `r${rnd(120)}`;
      const daily = rnd(3) === 0 ? '2026-12-01' : null;
      // Few distinct scores and times, so ties on score and on time both occur.
      const r = await store.runs.submit(
        run({ player, key: keys.get(player), actions: [i], score: rnd(40) * 5, now: 1000 + rnd(200), daily }),
      );
      if (r.status === 'stored' && r.playerKey) keys.set(player, r.playerKey);
      expect(r.status).toBe('stored');
    }
    for (const board of ['all', 'daily'] as const) {
      const walk = async (kind?: 'human') => {
        const rows: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await store.boards.page({ game: 'cragwake', board, date: '2026-12-01', kind, limit: 7, cursor });
          rows.push(...page.rows.map((r) => `${r.rank} ${r.player} ${r.score} ${r.createdAt} ${r.runId}`));
          cursor = page.nextCursor;
        } while (cursor);
        return rows;
      };
      // Every run is human, so kind=human (the window query) must equal the unfiltered board (the kept bests).
      const kept = await walk();
      expect(kept.length).toBeGreaterThan(20);
      expect(await walk('human')).toEqual(kept);
      const ranks = kept.map((r) => Number(r.split(' ')[0]));
      expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    }
    const top = (await store.boards.page({ game: 'cragwake', board: 'all', limit: 100 })).rows;
    for (const row of top.slice(0, 10)) expect(await store.runs.rankOf('cragwake', row.player)).toBe(row.rank);
  });

  it('the same run sent at once under a new name: one stored with the claim, every other copy a duplicate (never key_required)', async () => {
    const store = await open();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => store.runs.submit(run({ player: 'twin', actions: ['same', 1], score: 9 }))),
    );
    expect(results.filter((r) => r.status === 'stored')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(11);
    expect(await store.runs.count()).toBe(1);
  });

  it('50 concurrent submissions: none lost, none duplicated, one claim per name', async () => {
    const store = await open();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // 10 names x 5 runs each, plus every 10th submission repeated verbatim.
        store.runs.submit(run({ player: `c${i % 10}`, actions: [i % 25 === 0 ? 'same' : i], score: i })),
      ),
    );
    const stored = results.filter((r) => r.status === 'stored');
    const claims = stored.filter((r) => r.status === 'stored' && r.playerKey);
    expect(claims).toHaveLength(10);
    expect(await store.runs.count()).toBe(stored.length);
    const board = await store.boards.page({ game: 'cragwake', board: 'all', limit: 100 });
    expect(new Set(board.rows.map((r) => r.player)).size).toBe(board.rows.length);
    expect(board.rows.length).toBe(10);
  });
});
