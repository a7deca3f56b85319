// Golden replays: `pnpm golden:update pebble` (GOLDEN_UPDATE=1) rewrites golden/*.replay.json from the recipes
// below; the conformance kit replays every file.
import { fileURLToPath } from 'node:url';
import { readGoldens, writeGolden } from '@hearth/conformance';
import type { OkResponse } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { loadPebble, type PebbleAction, type PebbleState } from '../src/index.ts';

const DIR = fileURLToPath(new URL('../golden', import.meta.url));
const UPDATE = process.env.GOLDEN_UPDATE === '1';

/** Uniform random legal moves (END left out) for the whole game, drawn from @hearth/rng. */
function randomGame(seed: number): PebbleAction[] {
  const game = loadPebble();
  const stream = new Stream(seed, streamId('pebble-golden'));
  let at: OkResponse<PebbleState, PebbleAction> = game.init(seed);
  const actions: PebbleAction[] = [];
  while (!at.gameOver) {
    const moves = at.legalActions.filter((a) => a.type === 'move');
    const action = moves[stream.below(moves.length)]!;
    const next = game.act(at.state, action);
    if (!next.ok) throw new Error(next.message);
    actions.push(action);
    at = next;
  }
  return actions;
}

describe.skipIf(!UPDATE)('golden:update', () => {
  it('writes the golden replays', () => {
    const game = loadPebble();
    for (const seed of [1, 7]) writeGolden(DIR, `random-seed-${seed}`, game, seed, randomGame(seed), 'ten uniform random moves');
    const early = [...randomGame(3).slice(0, 4), { type: 'end' } as const];
    writeGolden(DIR, 'end-early-seed-3', game, 3, early, 'four random moves, then END');
    expect(readGoldens(DIR).map((g) => g.golden.seed)).toEqual([3, 1, 7]);
  });
});
