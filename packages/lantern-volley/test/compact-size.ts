// Sizes of game.compact(state, recap) over random and solver play: shared by test/brief.test.ts and the bench.
import type { Game } from '@hearth/engine';
import { Stream } from '@hearth/rng';
import type { Observation, ShootAction, State } from '../src/index.ts';

export const COMPACT_GOAL_BYTES = 2300;

/** Bytes of JSON.stringify(view) for every state of `seeds` rounds per policy (init included), sorted ascending. */
export function compactSizes(game: Game<State, ShootAction, Observation>, seeds: readonly number[]): { sizes: number[]; worst: string } {
  const sizes: number[] = [];
  let worst = '';
  const note = (view: unknown) => {
    const json = JSON.stringify(view);
    const bytes = Buffer.byteLength(json);
    if (bytes > (sizes.length ? Math.max(...sizes) : -1)) worst = json;
    sizes.push(bytes);
  };
  for (const seed of seeds)
    for (const policy of ['solver', 'greedy', 'random'] as const) {
      let r = game.init(seed);
      note(game.compact(r.state));
      const rng = new Stream(seed, 0x5e1f);
      const bot = policy === 'random' ? null : game.policies[policy]!(seed);
      while (!r.gameOver) {
        const action: ShootAction = bot ? bot.decide(r.state, []) : { type: 'SHOOT', angleDeg: (150 + rng.below(1501)) / 10 };
        const next = game.act(r.state, action, { compact: true });
        if (!next.ok) throw new Error(`refused: ${next.message}`);
        note(next.view);
        r = next as typeof r;
      }
    }
  sizes.sort((a, b) => a - b);
  return { sizes, worst };
}
