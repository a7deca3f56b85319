// The game table without a transport: racing acts on one game, the action cap, and the in-memory store's bound.

import { CHALLENGE_SETS, parseEpisode, viewHash } from '@hearth/store/challenges';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameStore } from '../src/game-store.ts';
import { loadLocalGames } from '../src/stdio.ts';
import { type ApiCaller, GameTable, type TableGame } from '../src/table.ts';

let games: Map<string, TableGame>;
beforeAll(async () => {
  games = await loadLocalGames();
});

const data = (r: Awaited<ReturnType<GameTable['act']>>) => {
  if (!r.ok) throw new Error(r.error);
  return r.data as Record<string, any>;
};

describe('the game table', () => {
  it('keeps an episode record per game (views hashed, refusals, usage) and sends it with submit_run', async () => {
    const calls: Parameters<ApiCaller>[0][] = [];
    const api: ApiCaller = async (c) => {
      calls.push(c);
      return { ok: true, runId: 1, duplicate: false };
    };
    let clock = 1000;
    const table = new GameTable({ games, store: new MemoryGameStore(), api, now: () => clock });
    const started = await table.newGame('me', 'stormlark', 8);
    if (!started.ok) throw new Error(started.error);
    clock += 700;
    const bad = await table.act('me', started.data.gameId as string, { type: 'NOPE' }, { input: 100, output: 5 });
    if (!bad.ok) throw new Error(bad.error);
    clock += 300;
    const legal = data(await table.legalActions('me', started.data.gameId as string)).legalActions as unknown[];
    data(await table.act('me', started.data.gameId as string, legal[0], { input: 120, output: 6, cost: 0.5 }));
    expect((await table.submitRun('me', started.data.gameId as string, { player: 'p' })).ok).toBe(true);
    const body = calls[0]!.body as { record: string; actions: unknown[]; version: string };
    expect(body.version).toBe(games.get('stormlark')!.game.spec.version);
    const ep = parseEpisode(body.record);
    if (!ep.ok) throw new Error(ep.message);
    expect(ep.header).toMatchObject({ game: 'stormlark', seed: 8, view: 'mcp', set: null });
    expect(ep.steps.map((x) => [x.step, x.turn, x.ok, x.reason ?? null, x.ms])).toEqual([
      [0, 0, false, 'unknown_action', 700],
      [1, 0, true, null, 300],
    ]);
    // Each step's view is the hash of exactly the answer the model had read before it.
    expect(ep.steps[0]!.view).toBe(viewHash(JSON.stringify(started.data)));
    expect(ep.steps[1]!.view).toBe(viewHash(JSON.stringify(bad.data)));
    expect(ep.actions).toEqual(body.actions);
    expect(ep.summary).toMatchObject({ steps: 2, refusals: 1, usage: { input: 220, output: 11, cost: 0.5 } });
  });

  it("submit_run says plainly when a run is someone else's, and names the key argument", async () => {
    let answer: Record<string, unknown> = {};
    const table = new GameTable({ games, store: new MemoryGameStore(), api: async () => answer });
    const started = data(await table.newGame('me', 'cragwake', 3));
    answer = {
      ok: true,
      duplicate: true,
      counted: false,
      message: 'identical to run 4 by alice, who submitted this action list first and owns it',
    };
    expect(await table.submitRun('me', started.gameId, { player: 'bob' })).toEqual({
      ok: false,
      error:
        'not stored: identical to run 4 by alice, who submitted this action list first and owns it. Play the game yourself (your own actions) to score.',
    });
    answer = { ok: false, reason: 'key_required', message: 'send Authorization' };
    const r = await table.submitRun('me', started.gameId, { player: 'bob' });
    expect(r.ok ? '' : r.error).toMatch(/as the key argument of submit_run/);
  });

  it('a game for a challenge set takes only its seeds and says its budget', async () => {
    const table = new GameTable({ games, store: new MemoryGameStore() });
    const season2 = CHALLENGE_SETS.find((x) => x.id === 'season-2')!;
    const seed = season2.games.sunloaf!.seeds[0]!.seed;
    expect(data(await table.newGame('me', 'sunloaf', seed, 'season-2')).budget).toBe(season2.games.sunloaf!.budget!.text);
    const off = await table.newGame('me', 'sunloaf', 1, 'season-2');
    expect(off.ok ? '' : off.error).toMatch(/is not in season-2's sunloaf seeds/);
    const unknown = await table.newGame('me', 'sunloaf', 1, 'season-9');
    expect(unknown.ok ? '' : unknown.error).toMatch(/the sets are season-1, season-2/);
  });

  it('two acts racing on one game: exactly one applies, the other is told to look again', async () => {
    const table = new GameTable({ games, store: new MemoryGameStore() });
    const started = data(await table.newGame('me', 'stormlark', 8));
    const legal = data(await table.legalActions('me', started.gameId)).legalActions as unknown[];
    const [a, b] = await Promise.all([table.act('me', started.gameId, legal[0]), table.act('me', started.gameId, legal[0])]);
    const outcomes = [a, b].map((r) => (r.ok ? 'applied' : r.error));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.find((o) => o !== 'applied')).toMatch(/changed by another call/);
    expect(data(await table.view('me', started.gameId)).turn).toBe(1);
  });

  it('a game holds at most maxActions actions', async () => {
    const table = new GameTable({ games, store: new MemoryGameStore(), maxActions: 3 });
    const started = data(await table.newGame('me', 'cragwake', 2));
    for (let i = 0; i < 3; i++) {
      const legal = data(await table.legalActions('me', started.gameId)).legalActions as unknown[];
      data(await table.act('me', started.gameId, legal[0]));
    }
    const legal = data(await table.legalActions('me', started.gameId)).legalActions as unknown[];
    const capped = await table.act('me', started.gameId, legal[0]);
    expect(capped).toMatchObject({ ok: false, error: expect.stringMatching(/most actions/) });
  });

  it('the in-memory store drops the least recently used game past its bound', async () => {
    const store = new MemoryGameStore(2);
    const table = new GameTable({ games, store });
    const first = data(await table.newGame('me', 'sunloaf', 1));
    const second = data(await table.newGame('me', 'sunloaf', 2));
    // Touch the first so the second is now the least recently used.
    const legal = data(await table.legalActions('me', first.gameId)).legalActions as unknown[];
    data(await table.act('me', first.gameId, legal[0]));
    data(await table.newGame('me', 'sunloaf', 3));
    expect(store.size).toBe(2);
    expect((await table.view('me', first.gameId)).ok).toBe(true);
    expect((await table.view('me', second.gameId)).ok).toBe(false);
  });

  it('the same seed gives the same game; seeds wrap like the API', async () => {
    const table = new GameTable({ games, store: new MemoryGameStore() });
    const a = data(await table.newGame('me', 'lantern-volley', -1));
    const b = data(await table.newGame('me', 'lantern-volley', 4294967295));
    expect(a.text).toBe(b.text);
    expect((await table.newGame('me', 'lantern-volley', 2 ** 60)).ok).toBe(false);
  });
});

describe('the stdio server talking to --server', () => {
  it('waits out a 429 for its Retry-After and sends again', async () => {
    const { httpApi } = await import('../src/submit.ts');
    const answers = [
      new Response(JSON.stringify({ ok: false, reason: 'rate_limited' }), { status: 429, headers: { 'retry-after': '2' } }),
      new Response(JSON.stringify({ ok: true, runId: 5 }), { status: 201 }),
    ];
    const waits: number[] = [];
    let calls = 0;
    const api = httpApi(
      'http://127.0.0.1:9',
      (async () => {
        calls++;
        return answers.shift()!;
      }) as unknown as typeof fetch,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(await api({ method: 'POST', path: '/api/runs', body: {} })).toEqual({ ok: true, runId: 5 });
    expect([calls, waits]).toEqual([2, [2000]]);
  });
});
