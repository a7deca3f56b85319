// Where the MCP server keeps each agent's games between tool calls: the wire body to send next (a sealed state on
// the server, so a stored row cannot be forged), the seed and every action so far (for verify and submit_run).
// Two implementations: in memory (stdio, tests, a server without a database) and the database (packages/store).

/** One game an agent is playing, as stored. */
export interface AgentGame {
  id: string;
  /** The MCP session that owns it. */
  owner: string;
  slug: string;
  seed: number;
  /** JSON of the wire body to send with the next action: `{ state }` or `{ stateToken }`. */
  wire: string;
  /** JSON array of every accepted action, in order. */
  actions: string;
  turns: number;
  createdAt: number;
  updatedAt: number;
  /** Bumped by every update; updates name the version they read (optimistic concurrency). */
  version: number;
}

export type NewAgentGame = Omit<AgentGame, 'createdAt' | 'updatedAt' | 'version'>;

export interface AgentGameStore {
  create(game: NewAgentGame, now: number): Promise<AgentGame>;
  get(id: string): Promise<AgentGame | undefined>;
  /** Writes only when the stored version is still `expectedVersion`; false when another call got there first. */
  update(id: string, change: Pick<AgentGame, 'wire' | 'actions' | 'turns'>, expectedVersion: number, now: number): Promise<boolean>;
  delete(id: string): Promise<void>;
  /** Removes games idle since before `before` (ms); returns how many. */
  purgeIdle(before: number): Promise<number>;
}

/**
 * In-memory store, bounded: past `maxGames` the least recently used game is dropped (documented in the README:
 * 10,000 games by default, about 3 KB each).
 */
export class MemoryGameStore implements AgentGameStore {
  private readonly games = new Map<string, AgentGame>();
  constructor(private readonly maxGames = 10_000) {}

  async create(game: NewAgentGame, now: number): Promise<AgentGame> {
    const row: AgentGame = { ...game, createdAt: now, updatedAt: now, version: 1 };
    this.games.set(row.id, row);
    while (this.games.size > this.maxGames) {
      const oldest = this.games.keys().next().value as string;
      this.games.delete(oldest);
    }
    return { ...row };
  }
  async get(id: string): Promise<AgentGame | undefined> {
    const row = this.games.get(id);
    return row ? { ...row } : undefined;
  }
  async update(id: string, change: Pick<AgentGame, 'wire' | 'actions' | 'turns'>, expectedVersion: number, now: number): Promise<boolean> {
    const row = this.games.get(id);
    if (!row || row.version !== expectedVersion) return false;
    // Re-insert so Map order stays least-recently-used first.
    this.games.delete(id);
    this.games.set(id, { ...row, ...change, updatedAt: now, version: row.version + 1 });
    return true;
  }
  async delete(id: string): Promise<void> {
    this.games.delete(id);
  }
  async purgeIdle(before: number): Promise<number> {
    let n = 0;
    for (const [id, row] of this.games) if (row.updatedAt < before && this.games.delete(id)) n++;
    return n;
  }
  get size(): number {
    return this.games.size;
  }
}
