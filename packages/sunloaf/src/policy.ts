// The reference policy as a bot for the simulator: the same planner that sets every dayPar.
import type { Policy, PolicyFactory } from '@hearth/engine';
import { planTurn } from './planner.ts';
import type { Action, PublicState } from './state.ts';

/** Deterministic and seed-free: the seed is accepted for the PolicyFactory shape and ignored. */
export const referencePolicy: PolicyFactory<PublicState, Action> = (_seed: number): Policy<PublicState, Action> => ({
  name: 'reference',
  decide(state: PublicState): Action {
    if (state.phase === 'sunset') return { type: 'NEXT_DAY' };
    if (state.phase === 'over') return { type: 'END_RUN' };
    return planTurn(state);
  },
});
