import type { Game } from '@hearth/engine';
import { greedyPolicy } from './greedy.ts';
import { randomPolicy } from './random.ts';
import { strongPolicy } from './strong.ts';
import type { PolicyContext, PolicyFactory } from './types.ts';

/** The simulator's own policies, available for every game. */
export const builtinPolicies: Record<string, (game: Game) => PolicyFactory> = {
  random: randomPolicy,
  greedy: greedyPolicy,
  strong: strongPolicy,
};

/**
 * Every policy name a game can be run with: the built-ins, then the game's own (e.g. "reference"); a game
 * policy whose name is taken is listed as "game:<name>".
 */
export function policyNames(game: Game): string[] {
  const names = Object.keys(builtinPolicies);
  for (const name of Object.keys(game.policies)) names.push(names.includes(name) ? `game:${name}` : name);
  return names;
}

/**
 * A policy by name. The built-in names (random, greedy, strong) are the simulator's, then the game's own
 * `policies`; "game:<name>" always means the game's own (a game's own "greedy" is reachable as "game:greedy").
 */
export function resolvePolicy(game: Game, name: string): PolicyFactory {
  if (name.startsWith('game:')) {
    const shipped = game.policies[name.slice(5)];
    if (shipped) return shipped;
  } else {
    const make = builtinPolicies[name];
    if (make) return make(game);
    const shipped = game.policies[name];
    if (shipped) return shipped;
  }
  throw new Error(`unknown policy "${name}" for ${game.slug}; available: ${policyNames(game).join(', ')}`);
}

/**
 * A user's policy module, already imported. It exports (default, or as `createPolicy` or `policy`) either
 * a factory `(seed, { game }) => Policy` or a Policy object used for every seed.
 */
export function policyFromModule(mod: Record<string, unknown>, game: Game, where: string): PolicyFactory {
  const exported = mod.default ?? mod.createPolicy ?? mod.policy;
  const context: PolicyContext = { game };
  if (typeof exported === 'function') {
    return (seed) => {
      const policy = (exported as (seed: number, context: PolicyContext) => unknown)(seed, context);
      if (!isPolicy(policy)) throw new Error(`${where}: the factory did not return an object with decide(state, legalActions)`);
      return policy;
    };
  }
  if (isPolicy(exported)) return () => exported;
  throw new Error(`${where}: export a policy factory or a { name, decide } object as default, createPolicy or policy`);
}

function isPolicy(value: unknown): value is { name: string; decide: (s: unknown, l: readonly unknown[]) => unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { decide?: unknown }).decide === 'function';
}
