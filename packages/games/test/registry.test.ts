import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game } from '@hearth/engine';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type GameOf, modules, registry } from '../src/index.ts';
import { testModules, registry as testRegistry } from '../src/testing.ts';

// Every game package of the workspace: a folder of packages/ whose src/index.ts exports a gameModule.
const packagesDir = fileURLToPath(new URL('../..', import.meta.url));
const gamePackages = readdirSync(packagesDir)
  .filter((d) => existsSync(join(packagesDir, d, 'src/index.ts')))
  .filter((d) => /export const gameModule\b/.test(readFileSync(join(packagesDir, d, 'src/index.ts'), 'utf8')))
  .sort();

describe('the game registry', () => {
  it('holds its modules in list order, and every game package of the workspace is registered (the test-only ones in testing.ts)', () => {
    expect(registry.slugs).toEqual(modules.map((m) => m.slug));
    expect(gamePackages.length).toBeGreaterThanOrEqual(registry.slugs.length);
    expect([...testRegistry.slugs].sort()).toEqual(gamePackages);
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
  it('the test registry is the production list plus the test-only games, which production never holds', async () => {
    expect(testRegistry.slugs).toEqual([...modules, ...testModules].map((m) => m.slug));
    expect(testRegistry.slugs.slice(0, registry.slugs.length)).toEqual(registry.slugs);
    for (const m of testModules) expect(registry.has(m.slug)).toBe(false);
    const pebble = await testRegistry.load('pebble');
    expectTypeOf(pebble.init(1).state.pebbles).toEqualTypeOf<number[]>();
    expect(pebble.spec.slug).toBe('pebble');
  });
  it('is unknown-slug safe', async () => {
    expect(registry.has('chess')).toBe(false);
    expect(await registry.load('chess')).toBeUndefined();
  });
});
