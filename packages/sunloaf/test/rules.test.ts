// Refusals with stable reasons, legalActions exactly the accepted set in the documented order, phases.
import type { OkResponse } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { loadSunloaf } from '../src/index.ts';
import { legalActions, refuse } from '../src/rules.ts';
import type { Action, State } from '../src/state.ts';
import { room, tileAt } from './helpers.ts';

describe('MOVE refusals', () => {
  const s = room({
    layout: { furniture: [tileAt(3, 5)] },
    cats: [{ tile: tileAt(3, 3) }, { tile: tileAt(1, 3) }],
  });
  const why = (a: Action) => refuse(s, a)?.reason ?? null;
  it.each([
    [{ type: 'MOVE', cat: 2, tile: 0 }, 'cat_not_on_roster'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(3, 3) }, 'not_a_move'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(4, 4) }, 'not_in_line'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(3, 0) }, null],
    [{ type: 'MOVE', cat: 1, tile: tileAt(1, 0) }, 'out_of_range'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(3, 6) }, 'path_blocked'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(3, 5) }, 'tile_is_furniture'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(1, 3) }, 'tile_occupied'],
    [{ type: 'MOVE', cat: 0, tile: tileAt(0, 3) }, 'path_blocked'],
    [{ type: 'NEXT_DAY' }, 'day_not_over'],
    [{ type: 'REST' }, null],
    [{ type: 'DOZE' }, null],
    [{ type: 'END_RUN' }, null],
  ] as const)('%j -> %s', (action, reason) => {
    expect(why(action as Action)).toBe(reason);
  });
  it('legalActions: MOVEs in cat then tile order, then REST, DOZE, END_RUN; exactly the accepted set', () => {
    const legal = legalActions(s);
    const moves = legal.filter((a) => a.type === 'MOVE') as Array<{ cat: number; tile: number }>;
    const sorted = [...moves].sort((a, b) => a.cat - b.cat || a.tile - b.tile);
    expect(moves).toEqual(sorted);
    expect(legal.slice(moves.length).map((a) => a.type)).toEqual(['REST', 'DOZE', 'END_RUN']);
    const accepted: Action[] = [];
    for (let cat = 0; cat < 5; cat++)
      for (let tile = 0; tile < 49; tile++) if (!refuse(s, { type: 'MOVE', cat, tile })) accepted.push({ type: 'MOVE', cat, tile });
    expect(accepted).toEqual(moves);
  });
  it('at sunset only NEXT_DAY and END_RUN; once over nothing', () => {
    const sunset = room({ cats: [{ tile: 0 }] });
    sunset.turn = 21;
    sunset.phase = 'sunset';
    expect(legalActions(sunset)).toEqual([{ type: 'NEXT_DAY' }, { type: 'END_RUN' }]);
    expect(refuse(sunset, { type: 'REST' })?.reason).toBe('at_sunset');
    expect(refuse(sunset, { type: 'MOVE', cat: 0, tile: 1 })?.reason).toBe('at_sunset');
    sunset.phase = 'over';
    sunset.outcome = 'win';
    expect(legalActions(sunset)).toEqual([]);
    expect(refuse(sunset, { type: 'END_RUN' })?.reason).toBe('run_over');
  });
});

describe('through the public act', () => {
  it('END_RUN mid day is a good game, at sunset a win, and keeps the score', () => {
    const game = loadSunloaf();
    const r = game.init(3);
    const ended = game.act(r.state, { type: 'END_RUN' });
    expect(ended.ok && ended.state.outcome).toBe('good_game');
    expect(ended.ok && ended.gameOver).toBe(true);
    const policy = game.policies.reference!(0);
    let cur: OkResponse<State, Action> = r;
    while (cur.state.phase === 'day') {
      const next = game.act(cur.state, policy.decide(cur.state, cur.legalActions));
      if (!next.ok) throw new Error(next.reason);
      cur = next;
    }
    expect(cur.state.phase).toBe('sunset');
    const win = game.act(cur.state, { type: 'END_RUN' });
    expect(win.ok && win.state.outcome).toBe('win');
    expect(win.ok && win.score).toBe(cur.score);
  });
  it('unknown actions and extra fields are unknown_action; a refusal changes nothing', () => {
    const game = loadSunloaf();
    const r = game.init(5);
    const before = JSON.stringify(r.state);
    for (const a of [{ type: 'REST', x: 1 }, { type: 'MOVE', cat: 0 }, { type: 'move' }, { type: 'MOVE', cat: 0, tile: 1.5 }]) {
      const res = game.act(r.state, a);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.reason).toBe('unknown_action');
    }
    const far = game.act(r.state, { type: 'MOVE', cat: 4, tile: 0 });
    expect(!far.ok && far.reason).toBe('cat_not_on_roster');
    expect(JSON.stringify(r.state)).toBe(before);
  });
  it('MOVE resets the moved cat, every other cat adds one', () => {
    const game = loadSunloaf();
    let cur = game.init(11);
    cur = game.act(cur.state, { type: 'REST' }) as typeof cur;
    cur = game.act(cur.state, { type: 'REST' }) as typeof cur;
    const move = cur.legalActions.find((a: Action) => a.type === 'MOVE' && a.cat === 0)!;
    const next = game.act(cur.state, move);
    if (!next.ok) throw new Error(next.reason);
    expect(next.state.cats[0]!.settled).toBe(0);
    expect(next.state.cats[0]!.tile).toBe((move as { tile: number }).tile);
    expect(next.state.cats[1]!.settled).toBe(cur.state.cats[1]!.settled + 1);
  });
});

describe('loading', () => {
  it('Sunloaf has no kernel: load() and load({ kernel: "js" }) give the same game and the same init', async () => {
    const { gameModule } = await import('../src/index.ts');
    const a = await gameModule.load();
    const b = await gameModule.load({ kernel: 'js' });
    expect(gameModule.slug).toBe('sunloaf');
    expect(JSON.stringify(b.init(42))).toBe(JSON.stringify(a.init(42)));
    expect(Object.keys(a.policies)).toEqual(['reference', 'strong']);
    expect(a.policies.strong).toBe(a.policies.reference);
  });
});
