import { describe, expect, it } from 'vitest';
import { createWire, type StateSealer } from '../src/wire.ts';
import { tinyGame } from './tiny-game.ts';

describe('act options: trusted, recap, compact', () => {
  const game = tinyGame();
  it('the trusted path skips state validation and gives the same response as the validating path', () => {
    const start = game.init(3);
    const checked = game.act(start.state, { type: 'add', k: 2 });
    const trusted = game.act(start.state, { type: 'add', k: 2 }, { trusted: true });
    expect(trusted).toEqual(checked);
    // A state parseState would refuse goes through only when the caller vouches for it.
    expect(game.act({ n: 1.5, secret: 3 }, { type: 'add', k: 1 })).toMatchObject({ ok: false, reason: 'invalid_state' });
    expect(game.act({ n: 1.5, secret: 3 }, { type: 'add', k: 1 }, { trusted: true })).toMatchObject({ ok: true });
  });
  it('the trusted path still refuses malformed actions and never mutates its input', () => {
    const start = game.init(3);
    const before = JSON.stringify(start.state);
    expect(game.act(start.state, { type: 'add', k: 9 }, { trusted: true })).toMatchObject({ ok: false, reason: 'unknown_action' });
    game.act(start.state, { type: 'add', k: 1 }, { trusted: true });
    expect(JSON.stringify(start.state)).toBe(before);
  });
  it('recap and compact are added only when asked for, and the recap counts the points', () => {
    const start = game.init(3);
    const plain = game.act(start.state, { type: 'add', k: 2 });
    expect(plain).not.toHaveProperty('recap');
    expect(plain).not.toHaveProperty('view');
    const rich = game.act(start.state, { type: 'add', k: 2 }, { recap: true, compact: true });
    expect(rich).toMatchObject({ ok: true, recap: { points: 2, text: '+2 points' } });
    expect(rich.view).toMatchObject({ score: 2, gameOver: false, recap: { points: 2 } });
    expect(typeof (rich.view as { text: unknown }).text).toBe('string');
  });
  it('a wire whose sealer authenticates takes the trusted path', () => {
    let opened = 0;
    const sealer: StateSealer = {
      trusted: true,
      seal: (state) => ({ sealed: state }),
      open: (wire) => {
        opened++;
        return { ok: true, value: (wire as { sealed: unknown }).sealed };
      },
    };
    const wire = createWire(game, { sealer });
    const start = wire.init(4, { compact: true });
    expect(start.view).toMatchObject({ score: 0 });
    const forgedButSealed = { sealed: { n: 1.5, secret: 4 } };
    expect(wire.act({ state: forgedButSealed, action: { type: 'add', k: 1 } })).toMatchObject({ ok: true });
    expect(
      createWire(game, { sealer: { ...sealer, trusted: false } }).act({ state: forgedButSealed, action: { type: 'add', k: 1 } }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid_state',
    });
    expect(opened).toBe(2);
  });
});
