// Where the MCP server keeps each agent's games between tool calls: the wire body to send next (a sealed state on
// the server, so a stored row cannot be forged), the seed and every action so far (for verify and submit_run).
// The shape is the store's own (packages/store GameSessionStore): the database keeps them on the server; this
// in-memory twin serves stdio, tests, and nothing else.
import type { GameSession, GameSessionStore, GameSessionUpdate, NewGameSession } from '@hearth/store';

export type { GameSession, GameSessionStore } from '@hearth/store';

/**
 * In-memory store, bounded: past `maxGames` the least recently used game is dropped (10,000 games by default,
 * a few KB each).
 */
export class MemoryGameStore implements GameSessionStore {
  private readonly games = new Map<string, GameSession>();
  constructor(private readonly maxGames = 10_000) {}

  async create(s: NewGameSession): Promise<GameSession> {
    const now = s.now ?? Date.now();
    const row: GameSession = {
      id: s.id,
      owner: s.owner,
      slug: s.slug,
      seed: s.seed,
      wire: s.wire,
      actions: [...s.actions],
      turns: s.turns,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    this.games.set(row.id, row);
    while (this.games.size > this.maxGames) this.games.delete(this.games.keys().next().value as string);
    return copy(row);
  }
  async get(id: string): Promise<GameSession | null> {
    const row = this.games.get(id);
    return row ? copy(row) : null;
  }
  async update(id: string, u: GameSessionUpdate, expectedVersion: number): Promise<boolean> {
    const row = this.games.get(id);
    if (!row || row.version !== expectedVersion) return false;
    // Re-insert so the Map's order stays least recently used first.
    this.games.delete(id);
    this.games.set(id, {
      ...row,
      wire: u.wire,
      actions: [...u.actions],
      turns: u.turns,
      updatedAt: u.now ?? Date.now(),
      version: row.version + 1,
    });
    return true;
  }
  async delete(id: string): Promise<boolean> {
    return this.games.delete(id);
  }
  async purgeIdle(beforeMs: number): Promise<number> {
    let n = 0;
    for (const [id, row] of this.games) if (row.updatedAt < beforeMs && this.games.delete(id)) n++;
    return n;
  }
  get size(): number {
    return this.games.size;
  }
}

const copy = (row: GameSession): GameSession => ({ ...row, actions: [...row.actions] });
