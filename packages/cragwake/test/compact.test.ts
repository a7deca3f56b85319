// The compact view (rules.brief + recap) for language models: under the size goal on every state of random
// and policy play, and the recap consistent with the step (points = score change = the items' points).
import { hash } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { greedyPolicy, randomPolicy } from '../src/policies.ts';
import type { CragAction } from '../src/rules.ts';
import type { CragState } from '../src/state.ts';
import { type CragGame, loadBoth } from './helpers.ts';

/** Bytes of JSON.stringify(game.compact(state, recap)); the MCP act result adds about 150 and must stay under 1,500. */
const SIZE_GOAL = 1300;
const KINDS = new Set([
  'stamina_spent',
  'stamina_gained',
  'gust',
  'hold_cracked',
  'hold_broken',
  'height',
  'pitch_complete',
  'clean_streak',
  'streak_reset',
  'stamina_refilled',
  'rockfall',
  'spindrift',
  'frost',
  'pitch_dipped',
  'climb_on',
  'run_ended',
]);

let game: CragGame;
beforeAll(async () => {
  game = (await loadBoth()).wasm.game;
});

type Pick = (s: CragState, legal: CragAction[], step: number) => CragAction;
const picks: Record<string, (seed: number) => Pick> = {
  random: (seed) => (s, legal, step) => randomPolicy(seed + step).decide(s, legal),
  greedy: () => (s, legal) => greedyPolicy(0).decide(s, legal),
  mixed: (seed) => (s, legal, step) =>
    hash(seed, 3, step) % 3 === 0 ? randomPolicy(step).decide(s, legal) : greedyPolicy(0).decide(s, legal),
};

describe('compact view and recap', () => {
  it(`JSON of game.compact(state, recap) stays under ${SIZE_GOAL} bytes; recap points equal the score change`, () => {
    const sizes: number[] = [];
    const problems: string[] = [];
    for (const [name, make] of Object.entries(picks)) {
      for (let k = 0; k < 60; k++) {
        const seed = hash(0x5123, name.length, k);
        const pick = make(seed);
        let r = game.init(seed);
        sizes.push(Buffer.byteLength(JSON.stringify(game.compact(r.state))));
        for (let step = 0; !r.gameOver && step < 3000; step++) {
          const next = game.act(r.state, pick(r.state, r.legalActions, step), { trusted: true, compact: true, recap: true });
          if (!next.ok) throw new Error(`${name} seed ${seed}: ${next.message}`);
          const view = next.view as ReturnType<CragGame['compact']>;
          const recap = next.recap as NonNullable<typeof view.recap>;
          sizes.push(Buffer.byteLength(JSON.stringify(view)));
          if (recap.points !== next.score - r.score) problems.push(`${name} ${seed}/${step}: recap.points ${recap.points}`);
          const sum = recap.items.reduce((t, i) => t + (i.points ?? 0), 0);
          if (sum !== recap.points) problems.push(`${name} ${seed}/${step}: items add to ${sum}, not ${recap.points}`);
          for (const i of recap.items) if (!KINDS.has(i.kind)) problems.push(`undocumented recap kind ${i.kind}`);
          if (recap.text.length === 0) problems.push('empty recap text');
          if (next.gameOver && !recap.items.some((i) => i.kind === 'run_ended')) problems.push('game over without run_ended');
          r = next as typeof r;
        }
      }
    }
    sizes.sort((a, b) => a - b);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(sizes.length).toBeGreaterThan(300);
    expect(sizes[sizes.length - 1]).toBeLessThan(SIZE_GOAL);
  }, 120_000);

  it('the compact actions list exactly the legal actions, with the costs of observation.moves', () => {
    let r = game.init(11);
    for (let step = 0; !r.gameOver && step < 400; step++) {
      const view = game.compact(r.state);
      const actions = view.actions as { move?: number[][]; breathe?: number; climbOn?: true; endRun?: true };
      const legal = r.legalActions;
      if (r.state.phase === 'climbing') {
        expect(actions.move).toEqual(r.observation.moves.map((m) => [m.row, m.col, m.cost]));
        expect(actions.breathe).toBe(r.observation.breath);
        expect(legal.length).toBe((actions.move?.length ?? 0) + 1);
      } else expect(actions).toEqual({ climbOn: true, endRun: true });
      r = game.act(r.state, greedyPolicy(0).decide(r.state, legal), { trusted: true }) as typeof r;
    }
    expect(game.compact(r.state).actions).toEqual({});
  });
});
