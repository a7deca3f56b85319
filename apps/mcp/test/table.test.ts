// The game table without a transport: racing acts on one game, the action cap, and the in-memory store's bound.
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameStore } from '../src/game-store.ts';
import { loadLocalGames } from '../src/stdio.ts';
import { GameTable, type TableGame } from '../src/table.ts';

let games: Map<string, TableGame>;
beforeAll(async () => {
  games = await loadLocalGames();
});

const data = (r: Awaited<ReturnType<GameTable['act']>>) => {
  if (!r.ok) throw new Error(r.error);
  return r.data as Record<string, any>;
};

describe('the game table', () => {
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
