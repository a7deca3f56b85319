import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { describe, SimWorker, WorkerDied } from './pool.ts';
import type { GameRecord } from './record.ts';
import type { PolicyRef, WorkerConfig } from './worker-api.ts';

export interface RunOptions {
  game: string;
  policy: PolicyRef;
  /** The seeds to play (any order, duplicates dropped); records come back sorted by seed. */
  seeds: readonly number[];
  /** The bundled worker entry (dist/sim-worker.mjs, or devWorkerUrl() in development). */
  workerUrl: URL;
  workers?: number;
  maxTurns?: number;
  /** Seeds per task handed to a worker (default: about 8 tasks per worker, 1 to 512 seeds each; 512 measured about 20% faster than 64 on 5-step games, where the round trip per task counts). */
  chunk?: number;
  /** Games each worker holds in its VectorSim (default 1, the fastest measured; see play.ts). */
  batch?: number;
  kernel?: WorkerConfig['kernel'];
  registryUrl?: string;
  /** Called with every record in seed order, as soon as all smaller seeds are done (streamed output). */
  onRecord?: (record: GameRecord) => void;
  /** Called after each finished task with totals so far. */
  onProgress?: (progress: Progress) => void;
  /** Keep the records and return them (default true). */
  keep?: boolean;
  /**
   * Seeds every worker plays after loading and before the clock starts, results discarded (benchmarks:
   * steady-state figures with warm JIT and game caches). The clock starts when every worker is ready.
   */
  warmup?: readonly number[];
}

export interface Progress {
  games: number;
  total: number;
  steps: number;
  elapsedMs: number;
}

export interface RunResult {
  records: GameRecord[];
  games: number;
  steps: number;
  errors: number;
  /** From the first task handed out to the last record (after startup and warm-up). */
  elapsedMs: number;
  /** Spawning the workers, loading the game in each (WASM) and any warm-up. */
  startupMs: number;
  workers: number;
  game: string;
  policy: string;
}

/**
 * Plays seeds x one policy across worker threads. Tasks are contiguous runs of sorted seeds pulled from
 * one queue, so fast workers take more; the output is ordered by seed and each record depends only on
 * (game, policy, seed, maxTurns), so the bytes are the same whatever the worker count or split.
 * A worker that dies mid-task is replaced and its task retried one seed at a time, so only the seed
 * that kills a worker is reported (end "error"), and the run still finishes.
 */
export async function runSim(options: RunOptions): Promise<RunResult> {
  const seeds = [...new Set(options.seeds.map((s) => s >>> 0))].sort((a, b) => a - b);
  const workerCount = Math.max(1, Math.min(options.workers ?? availableParallelism(), Math.max(1, seeds.length)));
  const chunk = options.chunk ?? Math.max(1, Math.min(512, Math.ceil(seeds.length / (workerCount * 8))));
  const config: WorkerConfig = {
    game: options.game,
    policy: options.policy,
    maxTurns: options.maxTurns,
    batch: options.batch,
    kernel: options.kernel,
    registryUrl: options.registryUrl,
  };

  // Tasks in seed order; `done` holds finished tasks until every earlier one is out.
  const tasks: number[][] = [];
  for (let i = 0; i < seeds.length; i += chunk) tasks.push(seeds.slice(i, i + chunk));
  const queue: { index: number; sub: number; seeds: number[] }[] = tasks.map((s, index) => ({ index, sub: 0, seeds: s }));
  const done = new Map<number, GameRecord[]>();
  const retries = new Map<number, GameRecord[][]>();
  let emitted = 0;
  const keep = options.keep ?? true;
  const records: GameRecord[] = [];
  let games = 0;
  let steps = 0;
  let errors = 0;
  const t0 = performance.now();
  let start = t0;

  const emit = () => {
    while (done.has(emitted)) {
      for (const r of done.get(emitted)!) {
        if (r.end === 'error') errors++;
        options.onRecord?.(r);
        if (keep) records.push(r);
      }
      done.delete(emitted);
      emitted++;
    }
  };
  const complete = (index: number, list: GameRecord[]) => {
    done.set(index, list);
    games += list.length;
    for (const r of list) steps += r.turns;
    options.onProgress?.({ games, total: seeds.length, steps, elapsedMs: performance.now() - start });
    emit();
  };
  // A task split after a crash completes when all its single-seed parts are back.
  const completePart = (index: number, parts: number, list: GameRecord[]) => {
    const got = retries.get(index) ?? [];
    got.push(list);
    retries.set(index, got);
    if (got.length === parts) {
      retries.delete(index);
      complete(
        index,
        got.flat().sort((a, b) => a.seed - b.seed),
      );
    }
  };

  let policyLabel = options.policy.kind === 'name' ? options.policy.name : options.policy.label;
  const start1 = async (): Promise<SimWorker> => {
    const w = new SimWorker(options.workerUrl);
    try {
      const info = await w.call(w.api.init(config));
      policyLabel = info.policy;
    } catch (error) {
      await w.close();
      throw new Error(describe(error));
    }
    return w;
  };

  const splitParts = new Map<number, number>();
  // Every worker waits for the others to be ready (and warm), so the clock measures steady work only.
  let ready = 0;
  let releaseAll: () => void = () => {};
  const allReady = new Promise<void>((resolve) => {
    releaseAll = () => {
      start = performance.now();
      resolve();
    };
  });
  const drive = async () => {
    let w: SimWorker;
    try {
      w = await start1();
      if (options.warmup?.length)
        await w.call(w.api.run([...options.warmup])).catch(async (error) => {
          await w.close();
          throw error;
        });
    } finally {
      if (++ready === workerCount) releaseAll();
    }
    await allReady;
    try {
      for (let task = queue.shift(); task; task = queue.shift()) {
        try {
          const list = await w.call(w.api.run(task.seeds));
          if (splitParts.has(task.index)) completePart(task.index, splitParts.get(task.index)!, list);
          else complete(task.index, list);
        } catch (error) {
          if (!(error instanceof WorkerDied)) throw error;
          await w.close();
          w = await start1();
          if (task.seeds.length > 1) {
            splitParts.set(task.index, task.seeds.length);
            queue.unshift(...task.seeds.map((seed, sub) => ({ index: task.index, sub, seeds: [seed] })));
          } else {
            const crashed: GameRecord = {
              seed: task.seeds[0]!,
              game: options.game,
              policy: policyLabel,
              score: 0,
              turns: 0,
              end: 'error',
              stats: {},
              error: error.message,
            };
            if (splitParts.has(task.index)) completePart(task.index, splitParts.get(task.index)!, [crashed]);
            else complete(task.index, [crashed]);
          }
        }
      }
    } finally {
      await w.close();
    }
  };

  const settled = await Promise.allSettled(
    Array.from({ length: workerCount }, () =>
      drive().catch((error) => {
        queue.length = 0; // stop the other workers after their current task
        throw error;
      }),
    ),
  );
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  emit();
  return {
    records,
    games,
    steps,
    errors,
    elapsedMs: performance.now() - start,
    startupMs: start - t0,
    workers: workerCount,
    game: options.game,
    policy: policyLabel,
  };
}
