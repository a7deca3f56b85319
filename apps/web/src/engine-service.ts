// What the page asks of the engine: @hearth/client's WireEngine (the same one the CLI and MCP play through). The
// worker (worker.ts) exposes the local one over the registry; online mode uses the HTTP one (engine-http.ts).
// In unit tests it runs in Node: the same object either way. Games are reached only through a registry, by slug.
import { type GameInfo, localEngine, type WireEngine } from '@hearth/client';
import type { Json, Registry, VerifyOutcome } from '@hearth/engine';

export type { GameInfo };

/** A replay's outcome as the page and the golden check need it: the engine's VerifyOutcome. */
export type ReplayOutcome = VerifyOutcome;

export interface EngineService extends WireEngine {
  /** Replays seed + actions through the public act and hashes the final state (the golden check): verify. */
  replay(slug: string, seed: number, actions: Json[]): Promise<ReplayOutcome>;
}

/** The engine in this thread (the worker's): local play, a token game's token unsealed (nobody to cheat but yourself). */
export function createEngineService(registry: Registry): EngineService {
  return withReplay(localEngine(registry));
}

/** The page's name for verify, kept beside it. */
export function withReplay(engine: WireEngine): EngineService {
  return {
    games: () => engine.games(),
    spec: (slug) => engine.spec(slug),
    init: (slug, seed, options) => engine.init(slug, seed, options),
    act: (slug, body, options) => engine.act(slug, body, options),
    verify: (slug, seed, actions) => engine.verify(slug, seed, actions),
    replay: (slug, seed, actions) => engine.verify(slug, seed, actions),
  };
}
