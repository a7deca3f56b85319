// The recap on the lean path is read from the step's own record (the report's facts), and no events are built
// unless they are asked for (StepReport.withEvents): the same recap either way, over played steps. Apart from
// test/recap.test.ts, which mutation runs leave out, so the withEvents guards in rules.ts are held by a test they run.
import type { StepReport } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type StormlarkGame } from '../src/index.ts';
import type { StormlarkAction, StormlarkState } from '../src/state.ts';
import { cautiousPlayer } from './helpers.ts';

let game: StormlarkGame;
beforeAll(async () => {
  game = (await gameModule.load()) as StormlarkGame;
});

describe('the recap on the lean path', () => {
  it("is read from the step record (the report's facts): no events are built unless asked for, and the recap is the same", () => {
    const rules = game.rules as { apply: (s: StormlarkState, a: StormlarkAction, r?: StepReport) => void };
    const apply = rules.apply;
    const seen: { withEvents: boolean; events: number; facts: boolean }[] = [];
    rules.apply = (s, a, r) => {
      apply(s, a, r);
      if (r) seen.push({ withEvents: r.withEvents, events: r.events.length, facts: r.facts !== undefined });
    };
    try {
      let steps = 0;
      for (let seed = 1; seed <= 6; seed++) {
        let s = game.init(seed).state;
        const decide = cautiousPlayer(game, seed);
        for (let t = 0; t < 80 && s.phase !== 'over'; t++) {
          const a = decide(s);
          seen.length = 0;
          const lean = game.act(s, a, { lean: true, trusted: true });
          const full = game.act(s, a, { lean: true, events: true, trusted: true });
          if (!lean.ok || !full.ok) throw new Error('refused');
          expect(lean.view.recap).toEqual(full.view.recap);
          // An END_RUN or NEXT_REACH keeps no record: its recap is named from the action alone.
          const scrolled = a.type !== 'END_RUN' && a.type !== 'NEXT_REACH';
          expect(seen).toEqual([
            { withEvents: false, events: 0, facts: scrolled },
            { withEvents: true, events: full.view.events!.length, facts: scrolled },
          ]);
          expect(full.view.events!.length).toBeGreaterThan(0);
          s = lean.state as StormlarkState;
          steps++;
        }
      }
      expect(steps).toBeGreaterThan(200);
    } finally {
      rules.apply = apply;
    }
  });
});
