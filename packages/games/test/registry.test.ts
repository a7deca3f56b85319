import type { Game } from '@hearth/engine';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type GameOf, registry } from '../src/index.ts';

const KNOWN = ['cragwake', 'stormlark', 'lantern-volley', 'sunloaf'];

describe('the game registry', () => {
  it('holds the four games, in index order', () => {
    expect(registry.slugs).toEqual(KNOWN);
  });
  it('loads every game, whose spec names it and documents its grammar and schemas', async () => {
    for (const slug of registry.slugs) {
      const game = await registry.load(slug);
      expect(game?.slug).toBe(slug);
      expect(game?.spec.slug).toBe(slug);
      for (const key of ['goal', 'scoring', 'rules'] as const) expect(game?.spec[key].length).toBeGreaterThan(50);
      expect(Object.keys(game?.spec.actionGrammar ?? {}).length).toBeGreaterThan(0);
      expect(Object.keys(game?.spec.stateSchema ?? {}).length).toBeGreaterThan(0);
      expect(Object.keys(game?.spec.observationSchema ?? {}).length).toBeGreaterThan(0);
      const init = game!.init(7);
      expect(init.ok).toBe(true);
      expect(typeof init.observation.text).toBe('string');
    }
  });
  it('hands out the typed game through the slug, and the untyped Game for a slug known only at run time', async () => {
    const crag = await registry.load('cragwake');
    expectTypeOf(crag).toEqualTypeOf<GameOf<'cragwake'>>();
    expectTypeOf(crag.init(7).state.stamina).toBeNumber();
    expectTypeOf(crag.init(7).observation.text).toBeString();
    const sun = await registry.load('sunloaf');
    expectTypeOf(sun.init(7).state.day).toBeNumber();
    const slug: string = 'cragwake';
    expectTypeOf(await registry.load(slug)).toEqualTypeOf<Game | undefined>();
    expect(crag.init(7).state.stamina).toBe(crag.init(7).state.tank);
  });
  it('is unknown-slug safe', async () => {
    expect(registry.has('chess')).toBe(false);
    expect(await registry.load('chess')).toBeUndefined();
  });
});
