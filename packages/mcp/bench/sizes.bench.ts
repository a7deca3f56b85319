// Bytes an agent pays per tool result, per game: new_game, act (random legal play and the game's own policy), and
// the refusal of an illegal action. Goal (issue 15): every act result under 1,500 bytes for Cragwake, Stormlark and
// Sunloaf, under 2,500 for Lantern Volley. Run: pnpm --filter @hearth/mcp bench (or npx tsx bench/sizes.bench.ts).
import type { OkResponse, PolicyFactory } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { MemoryGameStore } from '../src/game-store.ts';
import { createMcpServer } from '../src/server.ts';
import { loadLocalGames } from '../src/stdio.ts';
import { GameTable } from '../src/table.ts';

const GOAL: Record<string, number> = { cragwake: 1500, stormlark: 1500, sunloaf: 1500, 'lantern-volley': 2500 };
const SEEDS = Number(process.env.SIZE_SEEDS ?? 6);
const MAX_TURNS = Number(process.env.SIZE_TURNS ?? 400);

const games = await loadLocalGames();
const table = new GameTable({ games, store: new MemoryGameStore(100_000) });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await createMcpServer(table, 'bench', [...games.keys()]).connect(serverSide);
const client = new Client({ name: 'size-bench', version: '1' });
await client.connect(clientSide);

async function tool(name: string, args: Record<string, unknown>): Promise<{ bytes: number; data: { gameId: string } }> {
  const r = (await client.callTool({ name, arguments: args })) as { content: Array<{ text: string }> };
  const text = r.content[0]!.text;
  return { bytes: Buffer.byteLength(JSON.stringify(r.content)), data: JSON.parse(text) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

console.log(`MCP tool result sizes (bytes of the result content), ${SEEDS} seeds per policy, up to ${MAX_TURNS} turns`);
console.log('game             policy      acts   median    max  goal   new_game  refusal');
for (const [slug, { game }] of games) {
  const policies: Array<[string, PolicyFactory | null]> = [
    ['random', null],
    ...Object.entries(game.policies)
      .filter(([n]) => n !== 'random')
      .slice(0, 1),
  ];
  for (const [name, make] of policies) {
    const sizes: number[] = [];
    let newGame = 0;
    let refusal = 0;
    for (let k = 0; k < SEEDS; k++) {
      const seed = 1000 + k;
      const stream = new Stream(seed, streamId('size-bench'));
      const policy = make?.(seed);
      const started = await tool('new_game', { game: slug, seed });
      newGame = Math.max(newGame, started.bytes);
      refusal = Math.max(refusal, (await tool('act', { gameId: started.data.gameId, action: { type: 'not-an-action' } })).bytes);
      let local: OkResponse = game.init(seed);
      for (let t = 0; t < MAX_TURNS && !local.gameOver; t++) {
        // Random play never ends the run on purpose (an END_RUN drawn uniformly makes games a few turns long).
        const all = local.legalActions;
        const keep = all.filter((a) => !/end/i.test(String((a as { type?: unknown }).type)));
        const legal = keep.length ? keep : all;
        const action = policy
          ? policy.decide(local.state, legal)
          : legal.length
            ? legal[stream.below(legal.length)]
            : { type: 'SHOOT', angleDeg: 15 + stream.below(1501) / 10 };
        const r = await tool('act', { gameId: started.data.gameId, action });
        sizes.push(r.bytes);
        const next = game.act(local.state, action);
        if (!next.ok) break;
        local = next;
      }
    }
    const max = Math.max(...sizes);
    const verdict = max <= GOAL[slug]! ? 'met' : 'NOT met';
    console.log(
      `${slug.padEnd(16)} ${name.padEnd(10)} ${String(sizes.length).padStart(5)} ${String(median(sizes)).padStart(8)} ${String(max).padStart(6)} ${String(GOAL[slug]).padStart(5)} ${String(newGame).padStart(10)} ${String(refusal).padStart(8)}  ${verdict}`,
    );
  }
}
await client.close();
