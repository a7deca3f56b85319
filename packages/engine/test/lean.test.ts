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
  it('collects a step report only when something reads it: a recap that reads the states alone gets none unless events are asked for', () => {
    const reports: (boolean | undefined)[] = [];
    const recaps: number[] = [];
    const withRecap = (recapFromStates?: boolean) =>
      defineGame(tinyGame().spec, {
        ...rules,
        recapFromStates,
        apply(s, a, report) {
          reports.push(report !== undefined);
          report?.events.push({ kind: 'add', k: a.k });
          rules.apply(s, a);
        },
        recap(before, after, _a, report) {
          recaps.push(report.events.length);
          return { text: `${before.n} -> ${after.n}`, points: after.n - before.n, items: [] };
        },
      });
    const fromStates = withRecap(true);
    const start = fromStates.init(1).state;
    for (const options of [{ lean: true }, { recap: true }, { compact: true }] as const)
      expect(fromStates.act(start, { type: 'add', k: 2 }, options)).toMatchObject({ ok: true });
    // No report collected, none replayed on a copy: the recap was handed an empty one, three times.
    expect(reports).toEqual([false, false, false]);
    expect(recaps).toEqual([0, 0, 0]);
    // Events asked for: the report is collected and the recap sees it.
    expect(fromStates.act(start, { type: 'add', k: 1 }, { lean: true, events: true })).toMatchObject({
      view: { events: [{ kind: 'add', k: 1 }], recap: { text: '0 -> 1' } },
    });
    expect([reports.at(-1), recaps.at(-1)]).toEqual([true, 1]);
    // A recap that reads the report (the flag absent) is handed the one collected as the step ran.
    reports.length = recaps.length = 0;
    withRecap().act(start, { type: 'add', k: 2 }, { lean: true });
    expect([reports, recaps]).toEqual([[true], [1]]);
    // Outside act, game.recap with no report: no replay either when the recap reads the states.
    reports.length = recaps.length = 0;
    expect(fromStates.recap(start, { ...start, n: 2 }, { type: 'add', k: 2 }).text).toBe('0 -> 2');
    expect([reports, recaps]).toEqual([[], [0]]);
    withRecap().recap(start, { ...start, n: 2 }, { type: 'add', k: 2 });
    expect([reports, recaps]).toEqual([[true], [0, 1]]);
  });
  it('says whether the events of a report will be read: not when it is collected for the recap alone', () => {
    const wanted: boolean[] = [];
    const game = defineGame(tinyGame().spec, {
      ...rules,
      apply(s, a, report) {
        if (report) wanted.push(report.withEvents);
        rules.apply(s, a);
      },
      recap: (before, after) => ({ text: `${before.n} -> ${after.n}`, points: after.n - before.n, items: [] }),
    });
    const start = game.init(1).state;
    for (const options of [{ lean: true }, { recap: true }, { compact: true }, { lean: true, events: true }, { events: true }] as const)
      game.act(start, { type: 'add', k: 1 }, options);
    expect(wanted).toEqual([false, false, false, true, true]);
    // game.recap with no report replays the step for the recap alone.
    game.recap(start, { ...start, n: 1 }, { type: 'add', k: 1 });
    expect(wanted.at(-1)).toBe(false);
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
