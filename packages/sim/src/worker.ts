// The worker_threads entry: one game loaded once per worker, seeds played on request (comlink).
// The CLI bundles this file (`@hearth/sim/worker`); tests and scripts bundle it on the fly (bundle.ts).
import { registry } from '@hearth/games';
import { serveWorker } from './worker-api.ts';

serveWorker(async () => registry);
