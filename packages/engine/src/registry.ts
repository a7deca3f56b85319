import type { Game, GameModule, LoadOptions } from './contract.ts';

/** Slug -> game module. Adapters reach games only through a registry, never by importing a game by name. */
export interface Registry {
  /** The registered slugs, in registration order. */
  readonly slugs: readonly string[];
  has(slug: string): boolean;
  module(slug: string): GameModule | undefined;
  /** Loads one game (the async WASM step, once per kernel build); undefined for an unknown slug. */
  load(slug: string, options?: LoadOptions): Promise<Game | undefined>;
  /** Loads every game. */
  loadAll(options?: LoadOptions): Promise<Game[]>;
}

export function createRegistry(modules: readonly GameModule[]): Registry {
  const bySlug = new Map<string, GameModule>();
  for (const m of modules) {
    if (bySlug.has(m.slug)) throw new Error(`duplicate game slug: ${m.slug}`);
    bySlug.set(m.slug, m);
  }
  const cache = new Map<string, Promise<Game>>();
  const load = (slug: string, options: LoadOptions = {}) => {
    const m = bySlug.get(slug);
    if (!m) return Promise.resolve(undefined);
    const key = `${slug}:${options.kernel ?? 'wasm'}`;
    let p = cache.get(key);
    if (!p) {
      p = m.load(options);
      cache.set(key, p);
    }
    return p;
  };
  return {
    slugs: modules.map((m) => m.slug),
    has: (slug) => bySlug.has(slug),
    module: (slug) => bySlug.get(slug),
    load,
    loadAll: async (options) => (await Promise.all(modules.map((m) => load(m.slug, options)))) as Game[],
  };
}
