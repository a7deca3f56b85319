// A hearth agent in TypeScript: the JSON pipe over standard input and output, no dependencies.
// Run it with node and tsx (`npx tsx examples/ts-agent/agent.ts`), or bundle it (`npx esbuild --bundle
// --platform=node examples/ts-agent/agent.ts --outfile=agent.mjs`) and run `node agent.mjs`.
import { createInterface } from 'node:readline';

interface Action {
  type: string;
  [field: string]: unknown;
}
interface Response {
  ok: boolean;
  legalActions?: Action[];
  gameOver?: boolean;
  spec?: unknown;
  state?: { seed?: number };
  message?: string;
}

const ENDING = new Set(['END_RUN', 'endRun']);

/** A small seeded generator (xorshift32): the same seed, the same game. */
function rngOf(seed: number): () => number {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** The policy: the legal action with the most fields (moves before waits), ties broken at random. Replace it. */
function choose(legal: readonly Action[], random: () => number): Action {
  if (legal.length === 0) return { type: 'SHOOT', angleDeg: Math.round((15 + random() * 150) * 10) / 10 };
  const keep = legal.filter((a) => !ENDING.has(a.type));
  const pool = keep.length > 0 ? keep : [...legal];
  const most = Math.max(...pool.map((a) => Object.keys(a).length));
  const best = pool.filter((a) => Object.keys(a).length === most);
  return best[Math.floor(random() * best.length)]!;
}

let random = rngOf(0);
let legal: Action[] = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  const response = JSON.parse(line) as Response;
  if (response.ok) {
    if (response.spec !== undefined) random = rngOf(response.state?.seed ?? 0);
    if (response.gameOver) break;
  }
  // A refusal carries the real legal set too: pick again from it.
  legal = response.legalActions ?? legal;
  process.stdout.write(`${JSON.stringify(choose(legal, random))}\n`);
}
