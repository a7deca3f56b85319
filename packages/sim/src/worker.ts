// The worker_threads entry: one game loaded once per worker, seeds played on request (comlink).
// The CLI bundles this file (`@hearth/sim/worker`); tests and scripts bundle it on the fly (bundle.ts).
import { parentPort } from 'node:worker_threads';
import { registry } from '@hearth/games';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createWorkerApi } from './worker-api.ts';

if (parentPort)
  expose(
    createWorkerApi(async () => registry),
    nodeEndpoint(parentPort),
  );
