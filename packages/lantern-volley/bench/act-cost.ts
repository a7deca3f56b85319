// CPU per init and per act (process.cpuUsage) from a cold cache, over solver play on seeds 1..N: every action that
// clears a wave generates the next wave's layout inside it (issue 14: none may cost more than 5 ms). Each round is
// played REPEAT times from cold caches and each step's best time kept (the work, without other processes' noise).
import type { Game } from '@hearth/engine';
import type { ShootAction, State } from '../src/index.ts';
import { clearObservationCache } from '../src/observe.ts';

const cpuMs = (f: () => void): number => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};

export interface ActCost {
  init: number[];
  clearing: number[];
  other: number[];
}

export function actCost(game: Game<State, ShootAction>, seeds: number | readonly number[], repeat = 3): ActCost {
  const layouts = (game.rules as unknown as { layouts: { clear(): void } }).layouts;
  const out: ActCost = { init: [], clearing: [], other: [] };
  const list = typeof seeds === 'number' ? Array.from({ length: seeds }, (_, i) => i + 1) : seeds;
  for (const seed of list) {
    // The solver's actions, played once (its own sweeps are not part of an action's cost).
    const actions: ShootAction[] = [];
    const bot = game.policies.solver!(seed);
    let r = game.init(seed);
    while (!r.gameOver) {
      const a = bot.decide(r.state, []);
      actions.push(a);
      r = game.act(r.state, a) as typeof r;
    }
    const best: number[] = new Array(actions.length + 1).fill(Number.POSITIVE_INFINITY);
    const clears: boolean[] = [];
    for (let k = 0; k < repeat; k++) {
      layouts.clear();
      clearObservationCache();
      let s = r;
      best[0] = Math.min(
        best[0]!,
        cpuMs(() => (s = game.init(seed))),
      );
      actions.forEach((a, i) => {
        const before = s.state;
        best[i + 1] = Math.min(
          best[i + 1]!,
          cpuMs(() => (s = game.act(before, a) as typeof s)),
        );
        clears[i] = s.state.wave !== before.wave || s.state.won;
      });
    }
    out.init.push(best[0]!);
    for (let i = 0; i < actions.length; i++) (clears[i] ? out.clearing : out.other).push(best[i + 1]!);
  }
  return out;
}
