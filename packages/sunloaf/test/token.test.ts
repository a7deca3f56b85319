// The stateToken: the wire carries { stateToken, action }; the readable state beside it hides the random cursor.
import { base64UrlEncode, createWire, PlainTokenCodec } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { loadSunloaf } from '../src/index.ts';

describe('stateToken over the wire', () => {
  const game = loadSunloaf();
  const wire = createWire(game, { codec: PlainTokenCodec });
  it('init and act return a token and the readable state without rng', () => {
    const r = wire.init(7) as Record<string, any>;
    expect(typeof r.stateToken).toBe('string');
    expect(r.state.rng).toBeUndefined();
    expect(Object.keys(r.state).sort()).toEqual(
      Object.keys(game.init(7).state)
        .filter((k) => k !== 'rng')
        .sort(),
    );
    const next = wire.act({ stateToken: r.stateToken, action: { type: 'REST' } }) as Record<string, any>;
    expect(next.ok).toBe(true);
    expect(next.state.turn).toBe(1);
    expect(next.state.rng).toBeUndefined();
  });
  it('a token that does not open, or opens to a forged state, is invalid_state, never a crash', () => {
    const r = wire.init(7) as Record<string, any>;
    for (const token of ['', 'not base64!', base64UrlEncode(new TextEncoder().encode('{"day":1')), 42, null]) {
      const res = wire.act({ stateToken: token, action: { type: 'REST' } });
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.reason).toBe('invalid_state');
    }
    const opened = PlainTokenCodec.open(r.stateToken);
    if (!opened.ok) throw new Error(opened.message);
    const forged = opened.value as Record<string, any>;
    forged.rng.cursor += 3;
    const res = wire.act({ stateToken: PlainTokenCodec.seal(forged), action: { type: 'REST' } });
    expect(!res.ok && res.reason).toBe('invalid_state');
  });
  it('the readable state is not accepted in place of the token', () => {
    const r = wire.init(7) as Record<string, any>;
    const res = wire.act({ state: r.state, action: { type: 'REST' } });
    expect(!res.ok && res.reason).toBe('invalid_state');
    expect(game.act(r.state, { type: 'REST' }).ok).toBe(false);
  });
  it('the spec says the game carries a stateToken', () => {
    expect(game.spec.carry).toBe('stateToken');
  });
});
