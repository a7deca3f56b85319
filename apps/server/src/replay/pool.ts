// Replays (/verify, run submissions) in worker threads, so a long action list never holds the event loop.
// The queue in front of the threads is bounded: when it is full, run() rejects with PoolBusyError and the
// route answers 503 with Retry-After instead of letting work pile up without limit.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { bundleForWorker, devReplayWorker } from './dev-worker.ts';
import type { ReplayJob, ReplayJobJson, ReplayOutcome } from './types.ts';

export type { ReplayJob, ReplayJobJson, ReplayOutcome } from './types.ts';

/** What the worker posts back: the outcome and its time on the thread. */
type WorkerAnswer = { outcome: ReplayOutcome; ms: number };

export interface ReplayPool {
  /** Replays one job in a worker; rejects with PoolBusyError when the queue is full. */
  run(job: ReplayJob | ReplayJobJson): Promise<ReplayOutcome>;
  /** Lets running and queued jobs finish, then stops the threads. */
  close(): Promise<void>;
  /** Jobs accepted and waiting for a thread. */
  readonly queued: number;
  /** Jobs on a thread now. */
  readonly running: number;
  /** Worker threads alive now (0 before the first job and after idleMs without one). */
  readonly threads: number;
}

export interface ReplayPoolOptions {
  /** Worker threads (REPLAY_THREADS; default DEFAULT_REPLAY_THREADS). */
  threads?: number;
  /** Jobs that may wait for a thread (REPLAY_QUEUE; default DEFAULT_REPLAY_QUEUE); one more is refused. */
  maxQueue?: number;
  /** Kernel build the workers load the games with (default WASM). */
  kernel?: 'wasm' | 'js';
  /** The worker module's path (a bundled .mjs); default: replay-worker.mjs beside this bundle, else src bundled. */
  workerFile?: string;
  /**
   * A module exporting `registry` for the workers to replay from, instead of @hearth/games (tests add fixture
   * games this way). A .ts file is bundled first.
   */
  registryModule?: string;
  /** How long a thread with no job lives (default IDLE_THREAD_MS). */
  idleMs?: number;
}

/** One thread per core but one, at least one and at most four: the main thread keeps a core for requests. */
export const DEFAULT_REPLAY_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
/**
 * 64 waiting jobs. A maximal verify (5,000 actions) replays in roughly 0.1-1 s, so a full queue is tens of
 * seconds of work at most; beyond that a client is told to come back (503 + Retry-After) instead of waiting.
 */
export const DEFAULT_REPLAY_QUEUE = 64;

/**
 * A worker thread with no job for 10 s ends (a new one starts with the next job, in tens of milliseconds): a
 * burst of verifies keeps its threads, a server between bursts holds none of their heaps.
 */
export const IDLE_THREAD_MS = 10_000;

/** The queue is full: answer 503 with `Retry-After: retryAfterSeconds`. */
export class PoolBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`the replay queue is full; retry in ${retryAfterSeconds} s`);
    this.name = 'PoolBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function createReplayPool(options: ReplayPoolOptions = {}): ReplayPool {
  const threads = Math.max(1, Math.floor(options.threads ?? DEFAULT_REPLAY_THREADS));
  const maxQueue = Math.max(0, Math.floor(options.maxQueue ?? DEFAULT_REPLAY_QUEUE));
  const idleMs = Math.max(0, options.idleMs ?? IDLE_THREAD_MS);
  // Started on the first job: a server that never verifies never spawns a thread (tests start many servers).
  let piscina: Promise<Piscina<ReplayJob | ReplayJobJson, WorkerAnswer>> | null = null;
  let started: Piscina<ReplayJob | ReplayJobJson, WorkerAnswer> | null = null;
  let inFlight = 0;
  let closed = false;
  // Moving average of a job's time on a thread (measured there), for Retry-After; starts at a guess of 200 ms.
  let averageMs = 200;

  const start = () => {
    piscina ??= Promise.all([workerFile(options.workerFile), registryFile(options.registryModule)]).then(([filename, registry]) => {
      started = new Piscina<ReplayJob | ReplayJobJson, WorkerAnswer>({
        filename,
        // Threads start with work and end after IDLE_THREAD_MS without any: each holds its own V8 heap and
        // every game's WASM memory, which an idle or play-only server need not keep resident.
        minThreads: 0,
        maxThreads: threads,
        // Our own counter enforces the bound (so queued/running stay exact); piscina's is a backstop.
        maxQueue: maxQueue + threads,
        idleTimeout: idleMs,
        workerData: { kernel: options.kernel ?? 'wasm', registry },
      });
      return started;
    });
    return piscina;
  };

  return {
    async run(job) {
      if (closed) throw new Error('the replay pool is closed');
      if (inFlight >= threads + maxQueue) {
        const wait = Math.ceil(((inFlight - threads + 1) * averageMs) / threads / 1000);
        throw new PoolBusyError(Math.min(60, Math.max(1, wait)));
      }
      inFlight++;
      try {
        const pool = await start();
        const answer = await pool.run(
          'actionsJson' in job
            ? { slug: job.slug, seed: job.seed, actionsJson: job.actionsJson }
            : { slug: job.slug, seed: job.seed, actions: job.actions },
        );
        averageMs = averageMs * 0.8 + answer.ms * 0.2;
        return answer.outcome;
      } finally {
        inFlight--;
      }
    },
    async close() {
      closed = true;
      if (piscina) await (await piscina).close();
    },
    get queued() {
      return Math.max(0, inFlight - threads);
    },
    get running() {
      return Math.min(inFlight, threads);
    },
    get threads() {
      return started?.threads.length ?? 0;
    },
  };
}

/** dist/replay-worker.mjs beside the bundle (the second esbuild entry), or src/replay/worker.ts bundled now. */
async function workerFile(given: string | undefined): Promise<string> {
  if (given) return given;
  const beside = fileURLToPath(new URL('./replay-worker.mjs', import.meta.url));
  if (existsSync(beside)) return beside;
  return devReplayWorker();
}

async function registryFile(given: string | undefined): Promise<string | null> {
  if (!given) return null;
  return /\.m?js$/.test(given) ? given : bundleForWorker(given);
}
