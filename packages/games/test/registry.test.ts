import { describe, expect, it } from 'vitest';
import { registry } from '../src/index.ts';

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
  it('is unknown-slug safe', async () => {
    expect(registry.has('chess')).toBe(false);
    expect(await registry.load('chess')).toBeUndefined();
  });
});
