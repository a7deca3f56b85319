// The recap (what one action did), the compact view's size goal, and the observation's renderer data.
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, RECAP_KINDS, type StormlarkGame } from '../src/index.ts';
import type { StormlarkAction, StormlarkState } from '../src/state.ts';
import { cautiousPlayer, ent, freshGame, makeState } from './helpers.ts';

let game: StormlarkGame;
beforeAll(async () => {
  game = (await gameModule.load()) as StormlarkGame;
});

const stepOf = (g: StormlarkGame, s: StormlarkState, type: StormlarkAction['type']) => {
  const r = g.act(s, { type }, { recap: true, compact: true, trusted: true });
  if (!r.ok) throw new Error(r.message);
  return r as typeof r & { recap: { text: string; points: number; items: { kind: string; points?: number }[] } };
};

describe('recap', () => {
  it('names a clear with its points and chain, and the hull and chain lost to a collision', async () => {
    const g = await freshGame();
    const s = makeState([ent('knot', 3, 4), ent('crag', 2, 1)], { chain: 5 });
    const r = stepOf(g, s, 'FIRE');
    const cleared = r.recap.items.find((i) => i.kind === 'cleared');
    expect(cleared?.points).toBe(75); // 50 x 1.5 chain x 1.0 reach
    expect(r.recap.text).toContain('+75 knot cleared (chain 5)');
    const hit = stepOf(g, { ...s, shipLane: 2 }, 'VENT');
    expect(hit.recap.items.map((i) => i.kind)).toEqual(expect.arrayContaining(['collision', 'hull_lost', 'chain_reset']));
    expect(hit.recap.text).toContain('hull 3 → 2');
  });

  it('points equal the score change and the item points sum to it, over random and policy play', () => {
    const policy = game.policies.dodger!(1);
    for (let seed = 1; seed <= 30; seed++) {
      let s = game.init(seed).state;
      const decide = cautiousPlayer(game, seed);
      for (let t = 0; t < 150 && s.phase !== 'over'; t++) {
        const a = seed % 3 === 0 ? policy.decide(s, game.rules.legalActions(s)) : decide(s);
        const r = stepOf(game, s, a.type);
        expect(r.recap.points).toBe(r.score - s.score);
        expect(r.recap.items.reduce((sum, i) => sum + (i.points ?? 0), 0)).toBe(r.recap.points);
        for (const i of r.recap.items) expect(RECAP_KINDS).toContain(i.kind);
        s = r.state;
      }
    }
  });
});

describe('compact view', () => {
  it('stays under 1,300 bytes on every state of random and policy play', () => {
    const sizes: number[] = [];
    const policy = game.policies.dodger!(2);
    for (let seed = 1; seed <= 20; seed++) {
      let s = game.init(seed).state;
      sizes.push(JSON.stringify(game.compact(s)).length);
      const decide = cautiousPlayer(game, seed);
      for (let t = 0; t < 200 && s.phase !== 'over'; t++) {
        const a = seed % 2 === 0 ? policy.decide(s, game.rules.legalActions(s)) : decide(s);
        const r = stepOf(game, s, a.type);
        sizes.push(Buffer.byteLength(JSON.stringify(r.view)));
        s = r.state;
      }
    }
    expect(sizes.length).toBeGreaterThan(300);
    expect(Math.max(...sizes)).toBeLessThan(1300);
  });

  it('lists the legal actions as the exact objects act accepts', () => {
    const s = game.init(3).state;
    const v = game.compact(s);
    expect(v.actions).toEqual(['UP', 'DOWN', 'FIRE', 'VENT', 'END_RUN'].map((type) => ({ type })));
    for (const a of v.actions as unknown[]) expect(game.act(s, a).ok).toBe(true);
    const bare = game.act(s, 'FIRE');
    expect(bare.ok).toBe(false);
    if (!bare.ok) expect(bare.message).toContain('{ "type": "FIRE" }');
    expect(v.text).toContain('charge 9/9');
  });
});

describe('observation data for renderers', () => {
  it('carries the board, what a pulse meets, armed sparkers and the Gate', async () => {
    const g = await freshGame();
    const s = makeState([ent('mote', 3, 2), ent('rimeshell', 3, 5), ent('sparker', 0, 1)]);
    const o = g.rules.observe(s);
    expect(o.entities).toHaveLength(3);
    expect(o.pulseTarget).toEqual({ kind: 'rimeshell', lane: 3, col: 5, hp: 2 });
    expect(o.sparkLanes).toEqual([0]);
    expect(o.gateCol).toBeNull();
    expect(o.gateIn).toBe(21);
    // every action not in legalActions, with the refusal act gives
    const legal = g.rules.legalActions(s).map((a) => a.type);
    expect(o.unavailable.map((u) => u.type).sort()).toEqual(
      ['NEXT_REACH', 'UP', 'DOWN', 'FIRE', 'VENT', 'END_RUN'].filter((t) => !legal.includes(t as never)).sort(),
    );
    const low = g.rules.observe({ ...s, charge: 2 });
    expect(low.unavailable).toContainEqual({ type: 'FIRE', reason: 'low_charge', message: 'FIRE needs 3 charge, you hold 2' });
  });
});
