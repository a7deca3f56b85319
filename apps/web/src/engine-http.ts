// Online mode: the same EngineService, answered by the server's HTTP API (@hearth/client's httpEngine, busy
// answers waited out per Retry-After) instead of the worker. The server seals what it hands out, so the page sends
// back exactly what it received, as any API client does.
import { httpEngine } from '@hearth/client';
import { type EngineService, withReplay } from './engine-service.ts';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export function createHttpEngine(base: string, fetchImpl: Fetch = (i, init) => fetch(i, init)): EngineService {
  // The API sits beside the page: resolve against the page's folder (document.baseURI may name index.html).
  return withReplay(httpEngine(new URL('.', base).toString(), { fetch: fetchImpl }));
}
