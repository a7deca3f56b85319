// The page's engine: the Web Worker (local play, the default) or the server's HTTP API (online mode).
// Both answer the same EngineService, so pages and renderers never know which one they talk to.
import { wrap } from 'comlink';
import { createHttpEngine } from './engine-http.ts';
import type { EngineService } from './engine-service.ts';

export type Engine = EngineService;

let worker: Engine | undefined;
let http: Engine | undefined;

/** The one worker of the page, started on first use (`worker.js` sits beside the page), or the HTTP client. */
export function getEngine(online = false): Engine {
  if (online) {
    http ??= createHttpEngine(document.baseURI);
    return http;
  }
  worker ??= wrap<EngineService>(new Worker(new URL('./worker.js', document.baseURI))) as unknown as Engine;
  return worker;
}
