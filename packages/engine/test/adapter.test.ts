import { describe, expect, it } from 'vitest';
import { endReason, nextBody, verifyOutcome } from '../src/adapter.ts';
import { replay } from '../src/replay.ts';
import { createWire } from '../src/wire.ts';
import { tinyGame } from './tiny-game.ts';

describe('nextBody', () => {
  it('carries the state for a state game and the token for a token game, never both', () => {
    for (const carry of ['state', 'stateToken'] as const) {
      const wire = createWire(tinyGame(carry));
      const at = wire.init(3);
      const action = { type: 'add', k: 2 };
      const body = nextBody(wire.game.spec, at, action);
      expect(Object.keys(body).sort()).toEqual([carry, 'action'].sort());
      expect(body[carry]).toBe(at[carry]);
      // The body is what the wire takes: the step it leads to is the step the game takes.
      const next = wire.act(body);
      expect(next.ok && next.score).toBe(2);
      expect(nextBody(wire.game.spec, at)).toEqual({ [carry]: at[carry] });
    }
  });
});

describe('verifyOutcome', () => {
  it('is /verify’s answer: the final position, or the first refused action', () => {
    const game = tinyGame();
    const adds = [2, 2, 2].map((k) => ({ type: 'add', k }));
    const r = replay(game, 1, adds);
    expect(verifyOutcome(r)).toEqual({ ok: true, score: 6, gameOver: false, turns: 3, stateHash: r.ok && r.stateHash, end: null });
    expect(verifyOutcome(replay(game, 1, [...adds, { type: 'jump' }]))).toEqual({
      ok: false,
      index: 3,
      reason: 'unknown_action',
      message: 'bad action',
    });
  });
  it('reads the end reason as a code or an object carrying it', () => {
    expect(endReason('exhausted')).toBe('exhausted');
    expect(endReason({ reason: 'hull', turn: 9 })).toBe('hull');
    expect(endReason(null)).toBeNull();
    expect(endReason({ turn: 9 })).toBeNull();
    expect(endReason(3)).toBeNull();
  });
});
