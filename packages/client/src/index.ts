export { type BusyAnswer, type BusyPolicy, busyWaitMs, sendUntilNotBusy } from './busy.ts';
export { type FetchLike, type HttpOptions, httpEngine } from './http-engine.ts';
export { type GameSource, localEngine, localSession } from './local-engine.ts';
export { type GameSession, RefusedError, recapOf, Session, type SessionOptions } from './session.ts';
export {
  type ActionBody,
  type Channel,
  failure,
  type GameInfo,
  type Response,
  type StepOptions,
  type Transport,
  TransportError,
  type WireEngine,
} from './types.ts';
export { engineChannel, wireTransport } from './wire-transport.ts';

import { type HttpOptions, httpEngine } from './http-engine.ts';
import { type GameSource, localEngine } from './local-engine.ts';
import type { Transport } from './types.ts';
import { wireTransport } from './wire-transport.ts';

/** Games played in this process, through the engine's wire (plain states; a token game's token unsealed). */
export const localTransport = (source: GameSource): Transport => wireTransport(localEngine(source), 'local');

/** Games played on a hearth server through its HTTP API (busy answers waited out per Retry-After). */
export const httpTransport = (server: string, options?: HttpOptions): Transport => wireTransport(httpEngine(server, options), 'http');
