import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../src/canonical.ts';
import { base64UrlDecode, base64UrlEncode, PlainTokenCodec } from '../src/codec.ts';
import { createRegistry } from '../src/registry.ts';
import { replay } from '../src/replay.ts';
import { createWire, type StateSealer } from '../src/wire.ts';
import { tinyGame } from './tiny-game.ts';

describe('canonical JSON and the state hash', () => {
  it('sorts keys at every depth and ignores creation order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }], u: undefined })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(stateHash({ x: 1, y: 2 })).toBe(stateHash({ y: 2, x: 1 }));
    expect(canonicalJson(-0)).toBe('0');
  });
  it('is SHA-256 of the canonical JSON', () => {
    // sha256('{"a":1}')
    expect(stateHash({ a: 1 })).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
    expect(stateHash({ a: 2 })).not.toBe(stateHash({ a: 1 }));
  });
});

describe('defineGame', () => {
  const game = tinyGame();
  it('init and act return the gameboard shapes', () => {
    const r = game.init(5);
    expect(r).toMatchObject({ ok: true, state: { n: 0, secret: 5 }, score: 0, gameOver: false, spec: { slug: 'tiny' } });
    expect(r.legalActions).toEqual([
      { type: 'add', k: 1 },
      { type: 'add', k: 2 },
    ]);
    const next = game.act(r.state, { type: 'add', k: 2 });
    expect(next).toMatchObject({ ok: true, state: { n: 2 }, score: 2 });
    expect(r.state.n).toBe(0);
  });
  it('refuses malformed actions as unknown_action and forged states as invalid_state', () => {
    expect(game.act({ n: 0, secret: 1 }, { type: 'add', k: 3 })).toMatchObject({ ok: false, reason: 'unknown_action' });
    expect(game.act({ n: 'x' }, { type: 'add', k: 1 })).toMatchObject({ ok: false, reason: 'invalid_state', legalActions: [] });
  });
  it('carries a rule refusal with its details and the real legal set', () => {
    const r = game.act({ n: 9, secret: 1 }, { type: 'add', k: 2 });
    expect(r).toEqual({ ok: false, reason: 'too_far', message: 'past 10', limit: 10, legalActions: [{ type: 'add', k: 1 }] });
  });
  it('never throws: a rules bug becomes internal_error and the input is untouched', () => {
    const state = { n: 7, secret: 1 };
    expect(game.act(state, { type: 'add', k: 2 })).toMatchObject({ ok: false, reason: 'internal_error' });
    expect(state).toEqual({ n: 7, secret: 1 });
  });
  it('the fast handle steps in place with the same rules', () => {
    const sim = game.createSim();
    sim.reset(3);
    expect(sim.step({ type: 'add', k: 2 })).toBeNull();
    expect(sim.step({ type: 'add', k: 2 })).toBeNull();
    sim.stepTrusted({ type: 'add', k: 1 });
    expect(sim.state).toEqual({ n: 5, secret: 3 });
    expect(sim.step({ type: 'add', k: 1 })).toBeNull();
    expect(sim.step({ type: 'add', k: 2 })).toBeNull();
    expect(sim.step({ type: 'add', k: 2 })).toBeNull();
    expect(sim.step({ type: 'add', k: 1 })).toMatchObject({ reason: 'too_far' });
    expect(sim.score()).toBe(10);
    expect(sim.gameOver()).toBe(true);
  });
});

describe('replay', () => {
  const game = tinyGame();
  it('returns the final score and hash, or the first refused action', () => {
    const ok = replay(game, 1, [
      { type: 'add', k: 2 },
      { type: 'add', k: 1 },
    ]);
    expect(ok).toMatchObject({ ok: true, score: 3, turns: 2, gameOver: false, stateHash: stateHash({ n: 3, secret: 1 }) });
    expect(replay(game, 1, [{ type: 'add', k: 2 }, { type: 'nope' }])).toMatchObject({ ok: false, index: 1, reason: 'unknown_action' });
  });
});

describe('wire', () => {
  it('plain-state games carry { state, action }, optionally sealed', () => {
    const sealer: StateSealer = {
      seal: (s) => ({ ...(s as object), seal: 'ok' }),
      open: (w) => {
        if (typeof w !== 'object' || w === null || (w as { seal?: string }).seal !== 'ok')
          return { ok: false, message: 'seal does not match' };
        const { seal: _s, ...rest } = w as Record<string, unknown>;
        return { ok: true, value: rest };
      },
    };
    const wire = createWire(tinyGame(), { sealer });
    const r = wire.init(4);
    expect(r.state).toEqual({ n: 0, secret: 4, seal: 'ok' });
    const next = wire.act({ state: r.state, action: { type: 'add', k: 1 } });
    expect(next).toMatchObject({ ok: true, state: { n: 1, seal: 'ok' } });
    expect(wire.act({ state: { n: 0, secret: 4 }, action: { type: 'add', k: 1 } })).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(wire.act({ action: { type: 'add', k: 1 } })).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(wire.act('nonsense')).toMatchObject({ ok: false, reason: 'invalid_state' });
  });
  it('stateToken games carry an opaque token beside the readable public state', () => {
    const wire = createWire(tinyGame('stateToken'));
    const r = wire.init(99);
    expect(r.state).toEqual({ n: 0 });
    expect(typeof r.stateToken).toBe('string');
    const next = wire.act({ stateToken: r.stateToken, action: { type: 'add', k: 2 } });
    expect(next).toMatchObject({ ok: true, state: { n: 2 } });
    expect(PlainTokenCodec.open(next.ok ? (next.stateToken as string) : '')).toEqual({ ok: true, value: { n: 2, secret: 99 } });
    expect(wire.act({ state: r.state, action: { type: 'add', k: 1 } })).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(wire.act({ stateToken: 'garbage!!', action: { type: 'add', k: 1 } })).toMatchObject({ ok: false, reason: 'invalid_state' });
  });
  it('base64url round-trips every byte', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(Array.from(base64UrlDecode(base64UrlEncode(bytes)))).toEqual(Array.from(bytes));
    expect(() => base64UrlDecode('a+b')).toThrow();
  });
});

describe('registry', () => {
  it('loads by slug once and refuses duplicates', async () => {
    let loads = 0;
    const mod = {
      slug: 'tiny',
      name: 'Tiny',
      load: async () => {
        loads++;
        return tinyGame();
      },
    };
    const reg = createRegistry([mod]);
    expect(reg.slugs).toEqual(['tiny']);
    expect(await reg.load('nope')).toBeUndefined();
    const [a, b] = await Promise.all([reg.load('tiny'), reg.load('tiny')]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(() => createRegistry([mod, mod])).toThrow(/duplicate/);
  });
});
