// A Transport over any WireEngine (the engine in-process, a server): the channel carries the state or token from one
// response to the next body, as the game's spec says, so the engine itself holds no game.
import { nextBody, type OkResponse, type Spec } from '@hearth/engine';
import type { Channel, Transport, WireEngine } from './types.ts';

export function wireTransport(engine: WireEngine, kind = 'wire'): Transport {
  return {
    kind,
    async open(slug, seed, options) {
      const compact = options?.compact === true;
      const first = await engine.init(slug, seed, compact ? { compact } : undefined);
      return engineChannel(engine, slug, seed, first, compact);
    },
  };
}

/** A channel over a WireEngine from init's response on: it carries the state or token to the next body. */
export function engineChannel(
  engine: Pick<WireEngine, 'act' | 'verify'>,
  slug: string,
  seed: number,
  first: OkResponse,
  compact: boolean,
): Channel {
  const spec = first.spec as Spec;
  let at: OkResponse = first;
  let closed = false;
  const channel: Channel = {
    first,
    async send(action, stepOptions) {
      if (closed) return { ok: false, reason: 'closed', message: 'this game was closed', legalActions: [] };
      const recap = stepOptions?.recap === true;
      const step = compact || stepOptions?.compact === true;
      const response = await engine.act(slug, nextBody(spec, at, action), recap || step ? { recap, compact: step } : undefined);
      if (response.ok) at = response;
      return response;
    },
    verify: (actions) => engine.verify(slug, seed, actions),
    async close() {
      closed = true;
    },
  };
  return channel;
}
