// Lantern Volley: the Game object. Loading instantiates the flight kernel once per build (WASM or JS).
import { defineGame, type Game, type GameModule, type LoadOptions } from '@hearth/engine';
import { FlightSim } from './flight.ts';
import { loadKernel } from './kernel.ts';
import type { Observation } from './observe.ts';
import { createPolicies } from './policies.ts';
import { createRules } from './rules.ts';
import { spec } from './spec.ts';
import type { ShootAction, State } from './state.ts';

export { ANGLE_COUNT, BRAZIER, WAVES } from './constants.ts';
export { type FlightResult, FlightSim, type ShotEvent } from './flight.ts';
export type { Layout } from './layout.ts';
export type { Observation } from './observe.ts';
export type { AimView, BeamView, GongView, LanternView, LayoutView, ScreenView, WallView } from './shapes/observation.ts';
export type { EventType, FadeCause, Point, ShotBonus } from './shapes/state.ts';
export type { LastShot, ShootAction, State } from './state.ts';
export { spec };

export type LanternVolleyGame = Game<State, ShootAction, Observation>;

const loaded = new Map<string, Promise<LanternVolleyGame>>();

async function build(kind: 'wasm' | 'js'): Promise<LanternVolleyGame> {
  const sim = new FlightSim(await loadKernel(kind));
  const rules = createRules(sim);
  return defineGame(spec, rules, { policies: createPolicies(rules.layouts) });
}

export const gameModule: GameModule<State, ShootAction, Observation, 'lantern-volley'> = {
  slug: 'lantern-volley',
  name: spec.name,
  load(options: LoadOptions = {}) {
    const kind = options.kernel ?? 'wasm';
    let p = loaded.get(kind);
    if (!p) {
      p = build(kind);
      loaded.set(kind, p);
    }
    return p;
  },
};
export { AIM_HOME_DEG, look } from './look.ts';
