// The page's handle on the worker. Every call is async (a message round trip); the worker answers in order.
import { type Remote, wrap } from 'comlink';
import type { EngineService } from './engine-service.ts';

export type Engine = Remote<EngineService>;

let engine: Engine | undefined;

/** The one worker of the page, started on first use. `worker.js` sits beside the page's bundle. */
export function getEngine(): Engine {
  if (!engine) engine = wrap<EngineService>(new Worker(new URL('./worker.js', document.baseURI)));
  return engine;
}
