import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { Game, LoadOptions, Registry } from '@hearth/engine';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { playSeeds } from './play.ts';
import { policyFromModule, policyNames, resolvePolicy } from './policy/resolve.ts';
import type { PolicyFactory } from './policy/types.ts';
import type { GameRecord } from './record.ts';
import { VectorSim } from './vector.ts';

/** A policy as the main thread names it: a name, or a module the worker imports (already plain JS). */
export type PolicyRef = { kind: 'name'; name: string } | { kind: 'module'; url: string; label: string };

export interface WorkerConfig {
  game: string;
  policy: PolicyRef;
  maxTurns?: number;
  batch?: number;
  kernel?: LoadOptions['kernel'];
  /** URL of a plain-JS module exporting `registry`, used instead of @hearth/games (tests, plug-ins). */
  registryUrl?: string;
}

export interface WorkerApi {
  /** Loads the game (the WASM step, once per worker) and builds the policy; throws a readable error. */
  init(config: WorkerConfig): Promise<{ game: string; policy: string }>;
  /** Plays these seeds; one record per seed in seed order. */
  run(seeds: number[]): GameRecord[];
  /** The registered slugs and, for one game, its policy names. */
  describe(game?: string, registryUrl?: string): Promise<{ slugs: string[]; policies?: string[] }>;
}

/** The worker's methods, apart from the thread plumbing so they can also run in-process. */
export function createWorkerApi(defaultRegistry: () => Promise<Registry>): WorkerApi {
  let setup: { game: Game; factory: PolicyFactory; label: string; env: VectorSim } | null = null;

  const registryFor = async (url?: string): Promise<Registry> => {
    if (!url) return defaultRegistry();
    const mod = (await import(url)) as { registry?: Registry };
    if (!mod.registry) throw new Error(`${url} does not export a registry`);
    return mod.registry;
  };

  const loadGame = async (slug: string, config: { kernel?: LoadOptions['kernel']; registryUrl?: string }): Promise<Game> => {
    const registry = await registryFor(config.registryUrl);
    const game = await registry.load(slug, config.kernel ? { kernel: config.kernel } : {});
    if (!game) throw new Error(`unknown game "${slug}"; registered: ${registry.slugs.join(', ') || '(none)'}`);
    return game;
  };

  return {
    async init(config) {
      const game = await loadGame(config.game, config);
      let factory: PolicyFactory;
      let label: string;
      if (config.policy.kind === 'name') {
        factory = resolvePolicy(game, config.policy.name);
        label = config.policy.name;
      } else {
        const url = config.policy.url.startsWith('file:') ? config.policy.url : pathToFileURL(config.policy.url).href;
        const mod = (await import(url)) as Record<string, unknown>;
        factory = policyFromModule(mod, game, config.policy.label);
        label = config.policy.label;
      }
      // One VectorSim for the worker's life: its fast handles are made once and reset per game.
      const env = new VectorSim(game, Math.max(1, config.batch ?? 1), { maxTurns: config.maxTurns });
      setup = { game, factory, label, env };
      return { game: game.slug, policy: label };
    },
    run(seeds) {
      if (!setup) throw new Error('worker not initialised');
      const { game, factory, label, env } = setup;
      return playSeeds(game, factory, seeds, { policyName: label, env });
    },
    async describe(slug, registryUrl) {
      const registry = await registryFor(registryUrl);
      if (!slug) return { slugs: [...registry.slugs] };
      const game = await loadGame(slug, { registryUrl });
      return { slugs: [...registry.slugs], policies: policyNames(game) };
    },
  };
}

/** Serves the worker API on this thread's parentPort (what a worker entry calls once). */
export function serveWorker(defaultRegistry: () => Promise<Registry>): void {
  if (parentPort) expose(createWorkerApi(defaultRegistry), nodeEndpoint(parentPort));
}
