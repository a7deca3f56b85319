// The observation: every shape with its kind, the aim, lit flags from the state; the static part is cached per
// (seed, wave, lit set), shared and frozen, and never stale.
import type { Game, OkResponse } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type Observation, type ShootAction, type State } from '../src/index.ts';
import { clearObservationCache } from '../src/observe.ts';

let game: Game<State, ShootAction, Observation>;
beforeAll(async () => {
  game = (await gameModule.load()) as Game<State, ShootAction, Observation>;
});

describe('observation', () => {
  it('carries every shape with its kind, the aim origin and range', () => {
    const o = game.init(7).observation;
    expect(o.aim).toEqual({ minDeg: 15, maxDeg: 165, stepDeg: 0.1, origin: { x: 540, y: 1360 } });
    expect(o.layout.walls.map((w) => [w.id, w.kind, w.side])).toEqual([
      [0, 'wall', 'top'],
      [1, 'wall', 'right'],
      [2, 'wall', 'bottom'],
      [3, 'wall', 'left'],
    ]);
    for (const b of o.layout.beams) expect(b.kind).toBe(b.shape === 'rect' ? 'beam' : 'diagonal');
    for (const s of o.layout.screens) expect(s.kind).toBe('screen');
    for (const l of o.layout.lanterns) expect([l.kind, l.lit]).toEqual(['lantern', false]);
    const ids = [...o.layout.beams, ...o.layout.screens, ...o.layout.gongs, ...o.layout.lanterns].map((e) => e.id);
    expect(ids).toEqual(ids.map((_, i) => i + 4));
  });

  it('gongs are their own kind (wave 6 has one)', () => {
    let r: OkResponse<State, ShootAction, Observation> = game.init(3);
    const bot = game.policies.solver!(3);
    while (r.state.wave < 6 && !r.gameOver) r = game.act(r.state, bot.decide(r.state, [])) as typeof r;
    expect(r.state.wave).toBe(6);
    expect(r.observation.layout.gongs.length).toBe(1);
    expect(r.observation.layout.gongs[0]!.kind).toBe('gong');
  });

  it('lit flags and text follow the state; the cached layout view is shared and frozen', () => {
    const start = game.init(9);
    const again = game.init(9);
    expect(again.observation.layout).toBe(start.observation.layout);
    expect(Object.isFrozen(start.observation.layout.lanterns[0])).toBe(true);
    // One lantern lit without clearing: find an angle that lights some but not all of wave 1.
    for (let tenth = 150; tenth <= 1650; tenth += 7) {
      const r = game.act(start.state, { type: 'SHOOT', angleDeg: tenth / 10 }) as OkResponse<State, ShootAction, Observation>;
      const lit = r.state.lit.filter(Boolean).length;
      if (r.state.wave !== 1 || lit === 0) continue;
      expect(r.observation.layout.lanterns.map((l) => l.lit)).toEqual(r.state.lit);
      expect(r.observation.lanternsLit).toBe(lit);
      expect(r.observation.text).toContain(`Lanterns lit ${lit} of 3`);
      clearObservationCache();
      expect(game.view(r.state).observation).toEqual(r.observation);
      return;
    }
    throw new Error('no partial shot found');
  });
});
