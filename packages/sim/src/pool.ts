import { Worker } from 'node:worker_threads';
import { type Remote, releaseProxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { WorkerApi } from './worker-api.ts';

/** One worker thread with its comlink proxy, and a promise that rejects when the thread dies. */
export class SimWorker {
  readonly api: Remote<WorkerApi>;
  private readonly worker: Worker;
  private readonly died: Promise<never>;
  private closed = false;

  constructor(url: URL) {
    this.worker = new Worker(url);
    this.api = wrap<WorkerApi>(nodeEndpoint(this.worker));
    this.died = new Promise<never>((_, reject) => {
      this.worker.once('error', (error) => reject(new WorkerDied(`worker crashed: ${describe(error)}`)));
      this.worker.once('exit', (code) => reject(new WorkerDied(`worker exited with code ${code}`)));
    });
    this.died.catch(() => {});
  }

  /** A call on the worker that also fails if the worker dies before answering. */
  call<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.died]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.api[releaseProxy]();
    await this.worker.terminate();
  }
}

export class WorkerDied extends Error {}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
