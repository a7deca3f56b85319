// The lean path collects no step report: Lantern Volley's recap reads the states alone (the state after carries the
// whole shot in lastShot), so a report would be built for nothing on every step (Rules.recapFromStates).
import type { Game, StepReport } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameModule, type Observation, type ShootAction, type State } from '../src/index.ts';

let game: Game<State, ShootAction, Observation>;
beforeAll(async () => {
  game = (await gameModule.load()) as Game<State, ShootAction, Observation>;
});

describe('the step report on the lean path', () => {
  it('is collected only when the events are asked for, and the recap is the same either way', () => {
    const rules = game.rules as { apply: (s: State, a: ShootAction, r?: StepReport) => void };
    const apply = rules.apply;
    const seen: boolean[] = [];
    rules.apply = (s, a, r) => {
      seen.push(r !== undefined);
      apply(s, a, r);
    };
    try {
      const start = game.init(9).state;
      const shot = { type: 'SHOOT', angleDeg: 73.7 };
      const lean = game.act(start, shot, { lean: true });
      const compact = game.act(start, shot, { compact: true, recap: true });
      const withEvents = game.act(start, shot, { lean: true, events: true });
      expect(seen).toEqual([false, false, true]);
      if (!lean.ok || !compact.ok || !withEvents.ok) throw new Error('refused');
      expect(lean.view.recap).toEqual((compact as { recap?: unknown }).recap);
      expect(withEvents.view.recap).toEqual(lean.view.recap);
      expect(withEvents.view.events?.[0]).toMatchObject({ kind: 'flight', angleDeg: 73.7 });
    } finally {
      rules.apply = apply;
    }
  });
});
