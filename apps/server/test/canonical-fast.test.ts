// The sealer's canonical JSON must be the engine's, byte for byte, or seals would not survive a reorder.
import { canonicalJson, type OkResponse } from '@hearth/engine';
import { expect, it } from 'vitest';
import { sampleFromSchema } from '../src/routes/schema-sample.ts';
import { fastCanonicalJson, inCanonicalOrder } from '../src/state/canonical-fast.ts';
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

/** inCanonicalOrder is true only where the native serialisation is the canonical JSON (what the sealer signs). */
function expectOrderKnown(v: unknown) {
  if (inCanonicalOrder(v)) expect(JSON.stringify(v) ?? 'null').toBe(fastCanonicalJson(v));
}

it('inCanonicalOrder: true exactly where JSON.stringify writes the canonical JSON, on edge values', () => {
  const values: unknown[] = [
    null,
    0,
    -0,
    1e21,
    Number.NaN,
    'a"b\\\u0000\u2028\ud800',
    [],
    {},
    [undefined, null, Number.NaN, -0, 3],
    { a: undefined, b: 1, Z: [{ w: Number.POSITIVE_INFINITY, x: -0, y: 1 }], é: 3 },
    { '10': 1, '2': 2, a: { '01': 1 }, b: 1 },
    { z: { f: () => 1, s: Symbol('x') } },
    JSON.parse('{"__proto__":{"x":1},"a":2,"b":1}'),
    { a: [1, [2, [3, { b: 2, c: 1 }]]], toJSON: 5 },
    { big: 1n },
  ];
  for (const v of values) expectOrderKnown(v);
  expect(inCanonicalOrder({ a: 1, b: { c: [{ d: 1, e: 2 }] } })).toBe(true);
  expect(inCanonicalOrder({ b: 1, a: 2 })).toBe(false);
  expect(inCanonicalOrder({ a: [{ y: 1, x: 2 }] })).toBe(false);
  // Integer-like keys come first whatever the order they were made in: '10' < '2' as strings, not as numbers.
  expect(inCanonicalOrder({ '2': 1, '10': 2 })).toBe(false);
  expect(inCanonicalOrder({ f: () => 1 })).toBe(false);
  expect(inCanonicalOrder({ a: new Date(0) })).toBe(false);
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
        expectOrderKnown(r.state);
        expectOrderKnown(JSON.parse(canonicalJson(r.state)));
        expect(inCanonicalOrder(JSON.parse(canonicalJson(r.state)))).toBe(true);
        const legal = r.legalActions;
        const next = game.act(r.state, legal.length > 0 ? legal[rand.pick(legal.length)] : sampleFromSchema(game.spec.actionGrammar, rand));
        if (next.ok) r = next;
      }
    }
  }
});
