// The action and init routes splice the sealer's own JSON of the sealed state into the response instead of
// serialising it again: the bytes must be JSON.stringify's, exactly, for every game and on edge states.
import { createWire, type OkResponse } from '@hearth/engine';
import { expect, it } from 'vitest';
import { responseJson } from '../src/response-json.ts';
import { sampleFromSchema } from '../src/schema-sample.ts';
import { createAesCodec, createHmacSealer, deriveKeys, sealedJsonOf } from '../src/sealing.ts';
import { chooser } from './helpers/play.ts';
import { TEST_SECRET, testRegistry } from './helpers/start.ts';

const keys = deriveKeys(TEST_SECRET);

it('equals JSON.stringify on the wire responses of every served game along random games', async () => {
  const registry = testRegistry();
  for (const slug of registry.slugs) {
    const game = (await registry.load(slug))!;
    const plain = game.spec.carry !== 'stateToken';
    const wire = plain
      ? createWire(game, { sealer: createHmacSealer(keys, slug) })
      : createWire(game, { codec: createAesCodec(keys, slug) });
    for (const seed of [1, 2]) {
      const rand = chooser(seed);
      let r: OkResponse = wire.init(seed);
      for (let turn = 0; turn < 40 && !r.gameOver; turn++) {
        expect(responseJson(r)).toBe(JSON.stringify(r));
        // Plain states take the spliced path (the test would otherwise prove nothing about it).
        if (plain) expect(sealedJsonOf(r.state)).toBe(JSON.stringify(r.state));
        const legal = r.legalActions;
        const action = legal.length > 0 ? legal[rand.pick(legal.length)] : sampleFromSchema(game.spec.actionGrammar, rand);
        const next = wire.act({ ...(plain ? { state: r.state } : { stateToken: r.stateToken }), action });
        if (next.ok) r = next;
      }
    }
  }
});

it('equals JSON.stringify on edge states and responses', () => {
  const sealer = createHmacSealer(keys, 'g');
  const states: Record<string, unknown>[] = [
    {},
    { b: 1, a: [-0, Number.NaN, undefined], c: { z: 'é"\\', y: null } },
    // Integer-like keys: the sealed object orders them numerically, so no spliced JSON is kept.
    { b: 1, '10': 1, '2': 2 },
    { f: () => 1 },
  ];
  for (const state of states) {
    const sealed = sealer.seal(state) as Record<string, unknown>;
    const kept = sealedJsonOf(sealed);
    if (kept !== undefined) expect(kept).toBe(JSON.stringify(sealed));
    for (const response of [
      { ok: true, state: sealed, score: 1, gameOver: false },
      { ok: true, gone: undefined, state: sealed, fn: () => 1, legalActions: [{ a: 1 }] },
      { state: sealed },
    ]) {
      expect(responseJson(response)).toBe(JSON.stringify(response));
    }
  }
  expect(sealedJsonOf({ b: 1, '10': 1 })).toBeUndefined();
  expect(sealedJsonOf(sealer.seal({ b: 1, '10': 1 }))).toBeUndefined();
  expect(sealedJsonOf(sealer.seal({ b: 1 }))).toBe(JSON.stringify(sealer.seal({ b: 1 })));
});
