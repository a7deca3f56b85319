// A game as the server serves it: the game, its wire with this server's sealer (plain states) or codec (state
// tokens), and its spec's JSON made once. Both authenticate, so the wire steps the states they open on the
// engine's trusted path (no parseState).
import { createWire, type Game, type Registry, type Wire } from '@hearth/engine';
import type { BodyLimits } from '../http/body.ts';
import { createAesCodec } from './aes-codec.ts';
import { createHmacSealer } from './hmac-sealer.ts';
import type { StateKeys } from './keys.ts';

export interface ServedGame {
  game: Game;
  /** The wire with this server's sealer or codec: every route and the MCP server step through it. */
  wire: Wire;
  /** JSON of the spec, made once: it is most of every init response. */
  specJson: string;
}

/** Loads every game of the registry once (WASM instantiation) and gives each its sealed wire. */
export async function serveGames(
  registry: Registry,
  keys: StateKeys,
  options: { kernel: 'wasm' | 'js'; limits: BodyLimits },
): Promise<Map<string, ServedGame>> {
  const games = new Map<string, ServedGame>();
  for (const game of await registry.loadAll({ kernel: options.kernel })) {
    const wire =
      game.spec.carry === 'stateToken'
        ? createWire(game, { codec: createAesCodec(keys, game.slug) })
        : createWire(game, { sealer: createHmacSealer(keys, game.slug, options.limits) });
    games.set(game.slug, { game, wire, specJson: JSON.stringify(game.spec) });
  }
  return games;
}
