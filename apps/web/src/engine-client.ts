// The page's engine: the Web Worker (local play, the default) or the server's HTTP API (online mode).
// Both answer the same EngineService, so pages and renderers never know which one they talk to.

import { esc as escapeText } from '@hearth/engine/web';
import { wrap } from 'comlink';
import { createHttpEngine } from './engine-http.ts';
import type { EngineService } from './engine-service.ts';

export type Engine = EngineService;

/** The worker bundle's content-hashed path, written in by build.mjs (esbuild `define`). */
declare const __HEARTH_WORKER__: string;

let worker: Engine | undefined;
let http: Engine | undefined;

/** The one worker of the page, started on first use (its hashed file under assets/), or the HTTP client. */
export function getEngine(online = false): Engine {
  if (online) {
    http ??= createHttpEngine(document.baseURI);
    return http;
  }
  if (!worker) {
    const w = new Worker(new URL(__HEARTH_WORKER__, document.baseURI));
    // A worker that fails to load never answers: say so instead of leaving the page on "Loading…".
    w.addEventListener('error', (event) => {
      const app = document.getElementById('app');
      if (app)
        app.innerHTML = `<main><p class="message" data-kind="refusal">The game engine failed to start: ${escapeText(event.message || 'worker error')}</p></main>`;
    });
    worker = wrap<EngineService>(w) as unknown as Engine;
  }
  return worker;
}
