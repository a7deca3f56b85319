// The recap of a shot: the items' points add up to the score change, in flight order, with the documented kinds.
import type { Game, OkResponse, Recap } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type Observation, type ShootAction, type State } from '../src/index.ts';
import { recapShot } from '../src/recap.ts';

let game: Game<State, ShootAction, Observation>;
beforeAll(async () => {
  game = (await gameModule.load()) as Game<State, ShootAction, Observation>;
});

const KINDS = [
  'gong',
  'lantern_lit',
  'absorbed',
  'faded',
  'wisp_lost',
  'wave_cleared',
  'efficiency',
  'one_shot_wonder',
  'round_won',
  'round_over',
];

function shoot(state: State, angleDeg: number): OkResponse<State> & { recap: Recap } {
  const r = game.act(state, { type: 'SHOOT', angleDeg }, { recap: true });
  if (!r.ok) throw new Error(r.message);
  return r as unknown as OkResponse<State> & { recap: Recap };
}

describe('recap', () => {
  it('the line prints the shot angle as the number reads, for every angle of the grid and any other', () => {
    const line = (angleDeg: number) => {
      const lastShot = { angleDeg, events: [{ type: 'fade', cause: 'budget', x: 0, y: 0 }], waveCleared: false, wave: 1 };
      const after = { score: 0, wispsLeft: 2, won: false, gameOver: false, lastShot } as unknown as State;
      return recapShot({ score: 0 } as State, after).text;
    };
    for (let tenths = 150; tenths <= 1650; tenths++)
      expect(line(tenths / 10)).toBe(`+0 at ${tenths / 10}° · no lantern lit · faded · 2 wisps left`);
    for (const off of [14.9, 165.1, 47.25, 0.1 + 0.2])
      expect(line(off)).toMatch(new RegExp(`^\\+0 at ${String(off).replace('.', '\\.')}° ·`));
  });
  it('One Shot Wonder (seed 9, 73.7 deg): three lanterns, the clear and both bonuses', () => {
    const r = shoot(game.init(9).state, 73.7);
    expect(r.recap.points).toBe(1780);
    expect(r.recap.items.map((i) => [i.kind, i.points])).toEqual([
      ['lantern_lit', 100],
      ['lantern_lit', 240],
      ['lantern_lit', 340],
      ['absorbed', undefined],
      ['wave_cleared', 200],
      ['efficiency', 600],
      ['one_shot_wonder', 300],
    ]);
    expect(r.recap.text).toMatch(/^\+1780 at 73\.7° · 3 lit/);
    expect(r.recap.text).toContain('wave 1 cleared');
  });

  it('over solver and random play: kinds are documented, item points sum to the score change, the end is named', () => {
    for (const seed of [1, 2, 3, 4]) {
      const bot = game.policies.solver!(seed);
      let r: OkResponse<State> = game.init(seed);
      let k = 0;
      while (!r.gameOver) {
        const angle = k++ % 2 ? bot.decide(r.state, []).angleDeg : 15 + ((seed * 37 + k * 53) % 1500) / 10;
        const next = shoot(r.state, angle);
        const items = next.recap.items;
        for (const i of items) expect(KINDS).toContain(i.kind);
        expect(items.reduce((s, i) => s + (i.points ?? 0), 0)).toBe(next.score - r.score);
        expect(next.recap.points).toBe(next.score - r.score);
        expect(items.filter((i) => i.kind === 'absorbed' || i.kind === 'faded')).toHaveLength(1);
        const lit = items.filter((i) => i.kind === 'lantern_lit').length;
        expect(items.some((i) => i.kind === 'wisp_lost')).toBe(lit === 0);
        expect(items.some((i) => i.kind === 'round_over')).toBe(next.gameOver && !next.state.won);
        r = next;
      }
    }
  });
});
