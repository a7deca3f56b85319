// Bots shipped with the game, both searching the 1,501 legal angles: `solver` (exact per-wave search, the
// calibration's strong player, also shipped as `strong`) and `greedy` (best points for the next shot that keeps
// the wave clearable).
import type { PolicyFactory } from '@hearth/engine';
import { FIRST_TENTH, waveRow } from './constants.ts';
import type { LayoutCache } from './layouts.ts';
import { WavePlanner } from './solver.ts';
import type { ShootAction, State } from './state.ts';

const shoot = (index: number): ShootAction => ({ type: 'SHOOT', angleDeg: (FIRST_TENTH + index) / 10 });

const litMask = (lit: readonly boolean[]) => lit.reduce((m, l, i) => (l ? m | (1 << i) : m), 0);

export function createPolicies(layouts: LayoutCache): Record<string, PolicyFactory<State, ShootAction>> {
  const planners = new Map<string, WavePlanner>();
  const plannerFor = (state: State): WavePlanner => {
    const key = `${state.seed}:${state.wave}`;
    let p = planners.get(key);
    if (!p) {
      if (planners.size > 256) planners.clear();
      const row = waveRow(state.wave);
      p = new WavePlanner(layouts.effects(state.seed, state.wave), row.lanterns, row.wisps);
      planners.set(key, p);
    }
    return p;
  };
  const solver: PolicyFactory<State, ShootAction> = () => ({
    name: 'solver',
    decide: (state) => shoot(plannerFor(state).bestAngle(litMask(state.lit), state.wispsLeft)),
  });
  return {
    solver,
    greedy: () => ({
      name: 'greedy',
      decide: (state) => shoot(plannerFor(state).greedyAngle(litMask(state.lit), state.wispsLeft)),
    }),
    // The simulator's strong bot: the exact per-wave solver.
    strong: solver,
  };
}
