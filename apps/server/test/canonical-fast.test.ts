// The sealer's canonical JSON must be the engine's, byte for byte, or seals would not survive a reorder.
import { canonicalJson, type OkResponse } from '@hearth/engine';
import { expect, it } from 'vitest';
import { canonicalSealable, fastCanonicalJson } from '../src/canonical-fast.ts';
import { sampleFromSchema } from '../src/schema-sample.ts';
import { chooser } from './helpers/play.ts';
import { testRegistry } from './helpers/start.ts';

it('equals canonicalJson on edge values', () => {
  const values: unknown[] = [
    null,
    0,
    -0,
    1e21,
    1.5e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    'a"b\\\u0000\u2028',
    true,
    [],
    {},
    [undefined, null, () => 1, Number.NaN],
    { b: 1, a: undefined, '10': 1, '2': 2, é: 3, Z: [{ y: 1, x: 2 }] },
  ];
  for (const v of values) expect(fastCanonicalJson(v)).toBe(canonicalJson(v));
});

/** canonicalSealable must give fastCanonicalJson's string and, as the copy, what JSON.parse makes of it (same key order). */
function expectSealable(v: unknown) {
  const { json, copy } = canonicalSealable(v);
  expect(json).toBe(fastCanonicalJson(v));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(JSON.parse(json)));
  expect(copy).toStrictEqual(JSON.parse(json));
}

it('canonicalSealable equals fastCanonicalJson + JSON.parse on edge values', () => {
  const values: unknown[] = [
    null,
    0,
    -0,
    1e21,
    Number.NaN,
    'a"b\\\u0000\u2028\ud800',
    [],
    {},
    [undefined, null, () => 1, Number.NaN, -0, 3],
    new Array(2),
    { b: 1, a: undefined, é: 3, Z: [{ y: 1, x: -0, w: Number.POSITIVE_INFINITY }] },
    { b: 1, '10': 1, '2': 2, a: { '01': 1 } },
    { z: { f: () => 1, s: Symbol('x') } },
    JSON.parse('{"b":1,"__proto__":{"x":1},"a":2}'),
    { toJSON: 5, a: [1, [2, [3, { c: 1, b: 2 }]]] },
  ];
  for (const v of values) expectSealable(v);
  expectSealable({ big: 1n });
});

it('equals canonicalJson on the states of every served game along random games', async () => {
  const registry = testRegistry();
  for (const slug of registry.slugs) {
    const game = (await registry.load(slug))!;
    for (const seed of [1, 2, 3]) {
      const rand = chooser(seed);
      let r: OkResponse = game.init(seed);
      for (let turn = 0; turn < 60 && !r.gameOver; turn++) {
        expect(fastCanonicalJson(r.state)).toBe(canonicalJson(r.state));
        expectSealable(r.state);
        const legal = r.legalActions;
        const next = game.act(r.state, legal.length > 0 ? legal[rand.pick(legal.length)] : sampleFromSchema(game.spec.actionGrammar, rand));
        if (next.ok) r = next;
      }
    }
  }
});
