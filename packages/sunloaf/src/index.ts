// Sunloaf: the Game built from the rules, the spec and the reference policy.
import { defineGame, type Game, type GameModule } from '@hearth/engine';
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

/** Builds the Game once (Sunloaf has no kernel: the js and wasm options load the same TypeScript rules). */
export function loadSunloaf(): SunloafGame {
  game ??= defineGame(spec, rules, { policies: { reference: referencePolicy as never } });
  return game;
}

export const gameModule: GameModule<State, Action, SunloafObservation, 'sunloaf'> = {
  slug: 'sunloaf',
  name: 'Sunloaf',
  load: async () => loadSunloaf(),
};
export { look, tileName } from './look.ts';
