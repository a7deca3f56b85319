// A game being played, wherever the engine runs: a Session of @hearth/client, in this process (localSession) or
// on a server through its HTTP API (remoteSession). Both carry the state the way the game's spec says.
import { type FetchLike, type GameSession, httpTransport, Session, type SessionOptions, TransportError } from '@hearth/client';

export {
  type FetchLike,
  type GameSession as Session,
  localSession,
  type Response,
  recapOf,
  type SessionOptions,
  type StepOptions as ActOptions,
} from '@hearth/client';

/** A session on a server; a game the server will not start is an Error naming the server and what it said. */
export async function remoteSession(
  server: string,
  slug: string,
  seed: number,
  fetchImpl: FetchLike = fetch,
  sessionOptions: SessionOptions = {},
): Promise<GameSession> {
  try {
    return await Session.open(httpTransport(server, { fetch: fetchImpl }), slug, seed, sessionOptions);
  } catch (error) {
    if (error instanceof TransportError) throw new Error(`${server} refused to start ${slug}: ${error.message}`);
    throw error;
  }
}
