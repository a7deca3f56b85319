// Sunloaf: the Game built from the rules, the spec and the reference policy.
import { defineGame, type Game, type GameModule, type PolicyFactory } from '@hearth/engine';
import type { SunloafObservation } from './observe.ts';
import { referencePolicy } from './policy.ts';
import { rules } from './rules.ts';
import { spec } from './spec.ts';
import type { Action, State } from './state.ts';

export type { CompactActions } from './brief.ts';
export { dayParOf, planDay } from './day.ts';
export { generateDay } from './generator.ts';
export type { CatView, SunloafObservation } from './observe.ts';
export { planTurn } from './planner.ts';
export { referencePolicy } from './policy.ts';
export type { SunloafRecapKind } from './recap.ts';
export { rules } from './rules.ts';
export { spec } from './spec.ts';
export type { Action, PublicState, State } from './state.ts';

export type SunloafGame = Game<State, Action, SunloafObservation>;

let game: SunloafGame | undefined;

/** The reference policy reads only the public part of a state, so it plays the full state as well. */
const reference: PolicyFactory<State, Action> = referencePolicy;

/** Builds the Game once (Sunloaf has no kernel: the js and wasm options load the same TypeScript rules). */
export function loadSunloaf(): SunloafGame {
  // The reference is also the strong bot: rollouts over it (6 candidates, 6 turns), which value points now and not
  // the day's quota, lost 8 of 8 runs to a missed quota while the reference lost none (docs/calibration.md at f751480).
  game ??= defineGame(spec, rules, { policies: { reference, strong: reference } });
  return game;
}

export const gameModule: GameModule<State, Action, SunloafObservation, 'sunloaf'> = {
  slug: 'sunloaf',
  name: 'Sunloaf',
  load: async () => loadSunloaf(),
};
export { look, tileName } from './look.ts';
