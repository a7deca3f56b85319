// The engine in this process, through the engine's own wire protocol (createWire): games reached only through a
// registry, by slug, each loaded once. Plain states travel as they are and a token game's token is its unsealed
// state (PlainTokenCodec) unless a sealer or codec is given (the server's, for an MCP table on the server).
import { createWire, type Game, PlainTokenCodec, type Registry, replay, verifyOutcome, type Wire, type WireOptions } from '@hearth/engine';
import { Session, type SessionOptions } from './session.ts';
import { TransportError, type WireEngine } from './types.ts';
import { engineChannel } from './wire-transport.ts';

/** Where a local engine finds its games: a registry, or wires made already (a server's sealed ones). */
export type GameSource = Pick<Registry, 'load' | 'loadAll'> | ReadonlyMap<string, { game: Game; wire: Wire }>;

/** Wires made already, rather than a registry to load from. */
const isServed = (source: GameSource): source is ReadonlyMap<string, { game: Game; wire: Wire }> =>
  typeof (source as Registry).load !== 'function';

export function localEngine(source: GameSource, options: WireOptions = { codec: PlainTokenCodec }): WireEngine {
  const wires = new Map<string, Promise<Wire>>();
  const wireOf = (slug: string): Promise<Wire> => {
    let w = wires.get(slug);
    if (!w) {
      w = (async () => {
        if (isServed(source)) {
          const served = source.get(slug);
          if (served) return served.wire;
        } else {
          const game = await source.load(slug);
          if (game) return createWire(game, options);
        }
        wires.delete(slug);
        throw new TransportError(`no game registered as ${JSON.stringify(slug)}`, 'unknown_game');
      })();
      wires.set(slug, w);
    }
    return w;
  };
  const games = async (): Promise<Game[]> => (isServed(source) ? [...source.values()].map((s) => s.game) : await source.loadAll());

  return {
    async games() {
      return (await games()).map(({ spec }) => ({
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
    async init(slug, seed, initOptions) {
      return (await wireOf(slug)).init(seed >>> 0, initOptions?.compact ? { compact: true } : undefined);
    },
    async act(slug, body, stepOptions) {
      const wire = await wireOf(slug);
      const recap = stepOptions?.recap === true;
      const compact = stepOptions?.compact === true;
      const events = stepOptions?.events === true;
      return wire.act(body, recap || compact || events ? { recap, compact, ...(events ? { events } : {}) } : undefined);
    },
    async verify(slug, seed, actions) {
      const { game } = await wireOf(slug);
      return verifyOutcome(replay(game, seed >>> 0, [...actions]));
    },
  };
}

/**
 * A session on one loaded game in this process, opened synchronously (the terminal's play screens restart games
 * without waiting): the same channel as localTransport's.
 */
export function localSession(game: Game, seed: number, options: SessionOptions = {}): Session {
  const wire = createWire(game);
  const compact = options.compact === true;
  const engine = localEngine(new Map([[game.slug, { game, wire }]]));
  const first = wire.init(seed >>> 0, compact ? { compact } : undefined);
  return new Session('local', game.slug, seed >>> 0, engineChannel(engine, game.slug, seed >>> 0, first, compact));
}
