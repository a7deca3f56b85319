// The compact view (Rules.brief + recap) stays under the size goal for a language model on every state of random,
// greedy and solver play, and says what a player needs: every lantern with its centre, the action's range.
import type { Game } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type Observation, type ShootAction, type State } from '../src/index.ts';
import { COMPACT_GOAL_BYTES, compactSizes } from './compact-size.ts';

let game: Game<State, ShootAction, Observation>;
beforeAll(async () => {
  game = (await gameModule.load()) as Game<State, ShootAction, Observation>;
});

describe('compact view', () => {
  it(`stays under ${COMPACT_GOAL_BYTES} bytes over every state of 30 seeds x 3 policies`, () => {
    const { sizes, worst } = compactSizes(
      game,
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(sizes.length).toBeGreaterThan(300);
    const max = sizes[sizes.length - 1]!;
    if (max >= COMPACT_GOAL_BYTES) console.log(worst);
    expect(max).toBeLessThan(COMPACT_GOAL_BYTES);
  });

  it('lists every lantern with its centre and the action range; nothing to do after the end', () => {
    const r = game.init(7);
    const view = game.compact(r.state);
    const layout = r.observation.layout;
    for (const l of layout.lanterns) expect(view.text).toContain(`${l.id} (${l.x},${l.y})`);
    expect(view.actions).toEqual({ type: 'SHOOT', angleDeg: { min: 15, max: 165, step: 0.1 } });
    let s = r;
    for (let i = 0; i < 5; i++) s = game.act(s.state, { type: 'SHOOT', angleDeg: 15 }) as typeof r;
    expect(s.gameOver).toBe(true);
    expect(game.compact(s.state).actions).toEqual([]);
  });

  it('the direct aim of a lantern is the legal angle whose ray passes closest to its centre', () => {
    const r = game.init(7);
    const view = game.compact(r.state);
    const kernel = game.rules as unknown as {
      layouts: { sim: { kernel: { directionX(i: number): number; directionY(i: number): number } } };
    };
    const k = kernel.layouts.sim.kernel;
    for (const l of r.observation.layout.lanterns) {
      const m = view.text.match(new RegExp(`${l.id} \\(${l.x},${l.y}\\) aim ([0-9.]+)`));
      expect(m).not.toBeNull();
      const chosen = Math.round(Number(m![1]) * 10) - 150;
      const miss = (i: number) => Math.abs(k.directionX(i) * (l.y - 1360) - k.directionY(i) * (l.x - 540));
      for (let i = 0; i < 1501; i++) expect(miss(chosen)).toBeLessThanOrEqual(miss(i));
    }
  });
});
