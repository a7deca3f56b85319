import { describe, expect, it } from 'vitest';
import { defineGame } from '../src/define-game.ts';
import { leanOf, leanResponseSchema } from '../src/lean.ts';
import { createWire } from '../src/wire.ts';
import { rules, tinyGame } from './tiny-game.ts';

describe('the lean response', () => {
  it('is { ok, state, score, gameOver, view } and the lean form of the compact response', () => {
    const game = tinyGame();
    const start = game.init(3);
    const lean = game.act(start.state, { type: 'add', k: 2 }, { lean: true });
    expect(Object.keys(lean)).toEqual(['ok', 'state', 'score', 'gameOver', 'view']);
    const compact = game.act(start.state, { type: 'add', k: 2 }, { compact: true });
    expect(compact.ok).toBe(true);
    if (compact.ok) expect(JSON.stringify(lean)).toBe(JSON.stringify(leanOf(compact)));
    expect(lean).toMatchObject({ ok: true, score: start.score + 2, view: { score: start.score + 2, recap: { points: 2 } } });
  });
  it('never computes the observation or the legal-action list when the game has a brief', () => {
    let observed = 0;
    let listed = 0;
    const game = defineGame(tinyGame().spec, {
      ...rules,
      observe(s) {
        observed++;
        return rules.observe(s);
      },
      legalActions(s) {
        listed++;
        return rules.legalActions(s);
      },
      brief: (s) => ({ text: `n ${s.n}`, actions: ['+1', '+2'] }),
    });
    const start = game.init(1);
    observed = listed = 0;
    expect(game.act(start.state, { type: 'add', k: 1 }, { lean: true })).toMatchObject({
      ok: true,
      view: { text: `n ${start.score + 1}` },
    });
    expect([observed, listed]).toEqual([0, 0]);
    // A refusal is unchanged: it carries the real legal list.
    expect(game.act(start.state, { type: 'add', k: 3 }, { lean: true })).toMatchObject({ ok: false, reason: 'unknown_action' });
  });
  it('a stateToken game carries the token alone; init keeps its spec last', () => {
    const wire = createWire(tinyGame('stateToken'));
    const init = wire.init(2, { lean: true });
    expect(Object.keys(init)).toEqual(['ok', 'stateToken', 'score', 'gameOver', 'view', 'spec']);
    const next = wire.act({ stateToken: init.stateToken, action: { type: 'add', k: 1 } }, { lean: true });
    expect(Object.keys(next)).toEqual(['ok', 'stateToken', 'score', 'gameOver', 'view']);
    expect(leanResponseSchema(tinyGame('stateToken').spec).required).toEqual(['ok', 'stateToken', 'score', 'gameOver', 'view']);
  });
});
