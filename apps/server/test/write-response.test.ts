// The action and init routes write a response once, the sealer's own JSON of the sealed state spliced in: the bytes
// must be JSON.stringify's of the response with its state sealed (the wire's object form), exactly, for every game
// and on edge states.
import { createWire, type OkResponse } from '@hearth/engine';
import { expect, it } from 'vitest';
import { sampleFromSchema } from '../src/routes/schema-sample.ts';
import { createHmacSealer } from '../src/state/hmac-sealer.ts';
import { deriveKeys } from '../src/state/keys.ts';
import { chooser } from './helpers/play.ts';
import { TEST_SECRET, testRegistry } from './helpers/start.ts';

const keys = deriveKeys(TEST_SECRET);

it('equals JSON.stringify of the sealed wire response along random games of every plain-state game', async () => {
  const registry = testRegistry();
  let checked = 0;
  for (const slug of registry.slugs) {
    const game = (await registry.load(slug))!;
    if (game.spec.carry === 'stateToken') continue;
    const sealer = createHmacSealer(keys, slug);
    const engine = createWire(game);
    for (const seed of [1, 2]) {
      const rand = chooser(seed);
      let r: OkResponse = engine.init(seed);
      for (let turn = 0; turn < 40 && !r.gameOver; turn++) {
        expect(sealer.writeJson(r)).toBe(JSON.stringify({ ...r, state: sealer.seal(r.state) }));
        checked++;
        const legal = r.legalActions;
        const action = legal.length > 0 ? legal[rand.pick(legal.length)] : sampleFromSchema(game.spec.actionGrammar, rand);
        const next = engine.act({ state: r.state, action });
        if (next.ok) r = next;
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
});

it('equals JSON.stringify on edge states and responses', () => {
  const sealer = createHmacSealer(keys, 'g');
  const states: Record<string, unknown>[] = [
    {},
    { b: 1, a: [-0, Number.NaN, undefined], c: { z: 'é"\\', y: null } },
    { a: [-0, Number.NaN, undefined], b: 1, c: { y: null, z: 'é"\\' } },
    // Integer-like keys: the object form orders them numerically, and so does the written JSON.
    { b: 1, '10': 1, '2': 2 },
    { f: () => 1 },
  ];
  for (const state of states) {
    const sealed = sealer.seal(state) as Record<string, unknown>;
    expect(sealer.sealJson(state)).toBe(JSON.stringify(sealed));
    for (const response of [
      { ok: true, state, score: 1, gameOver: false },
      { ok: true, gone: undefined, state, fn: () => 1, legalActions: [{ a: 1 }] },
      { state },
    ]) {
      expect(sealer.writeJson(response)).toBe(JSON.stringify({ ...response, state: sealed }));
    }
  }
});
