import type { Game, GameModule, GameOfModule, LoadOptions } from './contract.ts';

/**
 * The typed Game registered under `K` among the modules `M` (a union of game modules). Where no module declares
 * `K` as its literal slug (a module typed as plain `GameModule`), it is the untyped `Game`, or undefined.
 */
export type GameOfSlug<M extends GameModule, K extends string> = [Extract<M, { readonly slug: K }>] extends [never]
  ? Game | undefined
  : GameOfModule<Extract<M, { readonly slug: K }>>;

/**
 * Slug -> game module. Adapters reach games only through a registry, never by importing a game by name.
 * `M` is the union of the registered modules' types: `load('cragwake')` is typed as Cragwake's Game, while
 * `load(slug)` for a slug only known at run time gives the untyped `Game` (or undefined).
 */
export interface Registry<M extends GameModule = GameModule> {
  /** The registered slugs, in registration order. */
  readonly slugs: readonly string[];
  has(slug: string): boolean;
  module(slug: string): GameModule | undefined;
  /** Loads one game (the async WASM step, once per kernel build); undefined for an unknown slug. */
  load<K extends M['slug']>(slug: K, options?: LoadOptions): Promise<GameOfSlug<M, K>>;
  load(slug: string, options?: LoadOptions): Promise<Game | undefined>;
  /** Loads every game. */
  loadAll(options?: LoadOptions): Promise<Game[]>;
}

export function createRegistry<const M extends GameModule>(modules: readonly M[]): Registry<M> {
  const bySlug = new Map<string, M>();
  for (const m of modules) {
    if (bySlug.has(m.slug)) throw new Error(`duplicate game slug: ${m.slug}`);
    bySlug.set(m.slug, m);
  }
  const cache = new Map<string, Promise<Game>>();
  const load = (slug: string, options: LoadOptions = {}): Promise<Game | undefined> => {
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
    load: load as Registry<M>['load'],
    loadAll: async (options) => (await Promise.all(modules.map((m) => load(m.slug, options)))) as Game[],
  };
}
