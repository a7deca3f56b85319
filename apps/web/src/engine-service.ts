// What the page asks of the engine. It runs inside the Web Worker (worker.ts) and, in unit tests, in Node:
// the same object either way. Games are reached only through a registry, by slug.
import {
  type ActResponse,
  createWire,
  type Json,
  type OkResponse,
  PlainTokenCodec,
  type Registry,
  replay,
  type Spec,
  type VerifyOutcome,
  verifyOutcome,
  type Wire,
} from '@hearth/engine';

/** What the home page lists about a game. */
export interface GameInfo {
  slug: string;
  name: string;
  genre: string;
  description: string;
  goal: string;
}

/** A replay's outcome as the page and the golden check need it: the engine's VerifyOutcome. */
export type ReplayOutcome = VerifyOutcome;

export interface EngineService {
  /** Every registered game, in registry order. */
  games(): Promise<GameInfo[]>;
  spec(slug: string): Promise<Spec>;
  /** init's response as the wire carries it (Sunloaf: stateToken beside the readable state). */
  init(slug: string, seed: number): Promise<OkResponse>;
  /**
   * One step: body is `{ state, action }` or `{ stateToken, action }`, as the game's spec says. `recap` adds the
   * engine's own "what happened" (`response.recap`) to an accepted step.
   */
  act(slug: string, body: { state?: unknown; stateToken?: unknown; action: unknown }, options?: { recap?: boolean }): Promise<ActResponse>;
  /** Replays seed + actions through the public act and hashes the final state (the golden check). */
  replay(slug: string, seed: number, actions: Json[]): Promise<ReplayOutcome>;
}

export function createEngineService(registry: Registry): EngineService {
  const wires = new Map<string, Promise<Wire>>();
  const wireOf = (slug: string): Promise<Wire> => {
    let w = wires.get(slug);
    if (!w) {
      w = registry.load(slug).then((game) => {
        if (!game) throw new Error(`no game registered as "${slug}"`);
        // Local play: the token is unsealed base64url JSON; there is nobody to cheat but yourself.
        return createWire(game, { codec: PlainTokenCodec });
      });
      wires.set(slug, w);
    }
    return w;
  };

  return {
    async games() {
      const games = await registry.loadAll();
      return games.map(({ spec }) => ({
        slug: spec.slug,
        name: spec.name,
        genre: spec.genre,
        description: spec.description,
        goal: spec.goal,
      }));
    },
    async spec(slug) {
      return (await wireOf(slug)).game.spec;
    },
    async init(slug, seed) {
      return (await wireOf(slug)).init(seed >>> 0);
    },
    async act(slug, body, options) {
      return (await wireOf(slug)).act(body, options?.recap ? { recap: true } : undefined);
    },
    async replay(slug, seed, actions) {
      const { game } = await wireOf(slug);
      return verifyOutcome(replay(game, seed >>> 0, actions));
    },
  };
}
