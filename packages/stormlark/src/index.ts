// Stormlark's game module: load() instantiates the kernel once (src/kernel.ts) and builds the Game.
import { defineGame, type Game, type GameModule, type LoadOptions } from '@hearth/engine';
import { type KernelBuild, loadKernel, type StormlarkKernel } from './kernel.ts';
import type { Observation } from './observe.ts';
import { policies } from './policies.ts';
import { createRules } from './rules.ts';
import { spec } from './spec.ts';
import type { StormlarkAction, StormlarkState } from './state.ts';

export type StormlarkGame = Game<StormlarkState, StormlarkAction, Observation>;

/** The Game over a given kernel instance (tests and benchmarks build one per kernel build). */
export function createGame(kernel: StormlarkKernel): StormlarkGame {
  const rules = createRules(kernel);
  return defineGame(spec, rules, { policies: policies(rules) });
}

const games = new Map<KernelBuild, Promise<StormlarkGame>>();

export const gameModule: GameModule<StormlarkState, StormlarkAction, Observation, 'stormlark'> = {
  slug: 'stormlark',
  name: 'Stormlark',
  load(options: LoadOptions = {}): Promise<StormlarkGame> {
    const build = options.kernel ?? 'wasm';
    let game = games.get(build);
    if (!game) {
      game = loadKernel(build).then(createGame);
      games.set(build, game);
    }
    return game;
  },
};

export { instantiateKernel, type KernelBuild, loadKernel, type StormlarkKernel } from './kernel.ts';
export { look } from './look.ts';
export type { Observation } from './observe.ts';
export { RECAP_KINDS, type StormlarkRecapKind } from './recap.ts';
export { REASONS } from './rules.ts';
export { spec } from './spec.ts';
export type { Entity, Kind, Phase, StormlarkAction, StormlarkState } from './state.ts';
