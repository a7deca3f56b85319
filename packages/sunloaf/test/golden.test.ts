// Golden replays: `pnpm golden:update sunloaf` (GOLDEN_UPDATE=1) rewrites golden/*.replay.json and
// golden/regressions/ from the recipes below; the conformance kit (test/conformance.test.ts) replays every file.
// Read the diff before committing.
import { fileURLToPath } from 'node:url';
import { readGoldens, writeGolden } from '@hearth/conformance';
import type { OkResponse } from '@hearth/engine';
import { Stream, streamId } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { loadSunloaf } from '../src/index.ts';
import type { Action, State } from '../src/state.ts';

const UPDATE = process.env.GOLDEN_UPDATE === '1';
const dir = fileURLToPath(new URL('../golden', import.meta.url));
const game = loadSunloaf();

/** Plays through act with a chooser until it returns null or the run ends. */
function record(seed: number, choose: (state: any, legal: Action[]) => Action | null): Action[] {
  let cur: OkResponse<State, Action> = game.init(seed);
  const actions: Action[] = [];
  while (!cur.gameOver) {
    const a = choose(cur.state, cur.legalActions);
    if (!a) break;
    const next = game.act(cur.state, a);
    if (!next.ok) throw new Error(`seed ${seed}: ${JSON.stringify(a)} refused: ${next.reason}`);
    actions.push(a);
    cur = next;
  }
  return actions;
}

describe.skipIf(!UPDATE)('golden:update', () => {
  it('writes the golden replays', () => {
    // The reference policy through day 13 (ends with END_RUN on turn 5 of day 13): dogs from day 6, dwell 2 from day 12.
    for (const seed of [7, 2024]) {
      const policy = game.policies.reference!(seed);
      const actions = record(seed, (s, legal) => (s.day >= 13 && s.turn >= 5 ? { type: 'END_RUN' } : policy.decide(s, legal)));
      const last = game.view(replayState(seed, actions)).state;
      if (last.day < 13) throw new Error(`seed ${seed}: the reference policy stopped on day ${last.day}; pick another seed`);
      writeGolden(dir, `reference-seed-${seed}-day13`, game, seed, actions, 'reference policy through day 13, then END_RUN');
    }

    // The reference policy with every REST replaced by DOZE (first 400 actions): DOZE stops on every trigger along the way.
    {
      const policy = game.policies.reference!(3);
      const actions = record(3, (s, legal) => {
        const a = policy.decide(s, legal);
        return a.type === 'REST' ? { type: 'DOZE' } : a;
      });
      writeGolden(dir, 'doze-seed-3', game, 3, actions.slice(0, 400), 'reference policy resting by DOZE: its first 400 actions');
    }

    // Uniform random legal play (END_RUN excluded) until the quota is missed.
    for (const seed of [1, 99]) {
      const stream = new Stream(seed, streamId('sunloaf-golden-random'));
      const actions = record(seed, (_s, legal) => {
        const pool = legal.filter((a) => a.type !== 'END_RUN');
        return pool[stream.below(pool.length)] ?? null;
      });
      writeGolden(dir, `random-seed-${seed}`, game, seed, actions, 'uniform random legal play without END_RUN');
    }

    // Regressions (golden/regressions/): the minimal action list of every bug fixed, replayed by the conformance kit.
    {
      const regressions = fileURLToPath(new URL('../golden/regressions', import.meta.url));
      const cases: [string, number, Action[], string][] = [
        [
          'doze-hearth-leaves-band-seed-328',
          328,
          [{ type: 'MOVE', cat: 1, tile: 1 }, { type: 'DOZE' }],
          'issue 17: DOZE stops when a cat on the band-lit hearth is about to lose the band (cap 6 -> 3): 2 turns, not 3',
        ],
        [
          'doze-hearth-leaves-band-seed-4',
          4,
          [{ type: 'MOVE', cat: 1, tile: 35 }, { type: 'REST' }, { type: 'DOZE' }],
          'issue 17: DOZE stops after 1 turn when the band leaves the hearth cat (the engine used to play 4)',
        ],
      ];
      for (const [name, seed, actions, note] of cases) {
        replayState(seed, actions);
        writeGolden(regressions, name, game, seed, actions, note);
      }
    }
    expect(readGoldens(dir).length).toBeGreaterThanOrEqual(7);
  });
});

function replayState(seed: number, actions: Action[]) {
  let cur: OkResponse<State, Action> = game.init(seed);
  for (const a of actions) {
    const next = game.act(cur.state, a);
    if (!next.ok) throw new Error(next.reason);
    cur = next;
  }
  return cur.state;
}
