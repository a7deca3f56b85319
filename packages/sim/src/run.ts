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
  const plan = planRun(options);
  const out = new SeedOrder(options, plan.seeds.length);
  const pool: Pool = {
    options,
    config: plan.config,
    queue: plan.queue,
    out,
    splitParts: new Map(),
    policyLabel: options.policy.kind === 'name' ? options.policy.name : options.policy.label,
    gate: startGate(plan.workerCount, () => out.startClock()),
  };
  await driveAll(pool, plan.workerCount);
  out.flush();
  return {
    records: out.records,
    games: out.games,
    steps: out.steps,
    errors: out.errors,
    elapsedMs: performance.now() - out.start,
    startupMs: out.start - out.t0,
    workers: plan.workerCount,
    game: options.game,
    policy: pool.policyLabel,
  };
}

/** A contiguous run of sorted seeds; `index` is its place in seed order (parts of a split task share it). */
interface Task {
  index: number;
  sub: number;
  seeds: number[];
}

/** The sorted unique seeds, how many workers, and the tasks in seed order. */
function planRun(options: RunOptions) {
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
  const queue: Task[] = [];
  for (let i = 0; i < seeds.length; i += chunk) queue.push({ index: queue.length, sub: 0, seeds: seeds.slice(i, i + chunk) });
  return { seeds, workerCount, config, queue };
}

/**
 * Finished tasks, handed on in seed order: `done` holds a task until every earlier one is out. Keeps the
 * totals (games, steps, errors) and the clock (t0 at the start, `start` when every worker is ready).
 */
class SeedOrder {
  readonly records: GameRecord[] = [];
  games = 0;
  steps = 0;
  errors = 0;
  readonly t0 = performance.now();
  start = this.t0;
  private emitted = 0;
  private readonly done = new Map<number, GameRecord[]>();
  private readonly parts = new Map<number, GameRecord[][]>();
  private readonly keep: boolean;

  constructor(
    private readonly options: RunOptions,
    private readonly total: number,
  ) {
    this.keep = options.keep ?? true;
  }

  startClock(): void {
    this.start = performance.now();
  }

  complete(index: number, list: GameRecord[]): void {
    this.done.set(index, list);
    this.games += list.length;
    for (const r of list) this.steps += r.turns;
    this.options.onProgress?.({
      games: this.games,
      total: this.total,
      steps: this.steps,
      elapsedMs: performance.now() - this.start,
    });
    this.flush();
  }

  /** A task split after a crash completes when all its single-seed parts are back. */
  completePart(index: number, parts: number, list: GameRecord[]): void {
    const got = this.parts.get(index) ?? [];
    got.push(list);
    this.parts.set(index, got);
    if (got.length === parts) {
      this.parts.delete(index);
      this.complete(
        index,
        got.flat().sort((a, b) => a.seed - b.seed),
      );
    }
  }

  /** Hands on every finished task whose predecessors are all out. */
  flush(): void {
    while (this.done.has(this.emitted)) {
      for (const r of this.done.get(this.emitted)!) {
        if (r.end === 'error') this.errors++;
        this.options.onRecord?.(r);
        if (this.keep) this.records.push(r);
      }
      this.done.delete(this.emitted);
      this.emitted++;
    }
  }
}

/** What every worker's driver shares. */
interface Pool {
  options: RunOptions;
  config: WorkerConfig;
  queue: Task[];
  out: SeedOrder;
  /** Tasks split after a crash -> how many single-seed parts they were split into. */
  splitParts: Map<number, number>;
  /** The policy's label as the workers report it. */
  policyLabel: string;
  gate: Gate;
}

/** Every worker waits at the gate for the others to be ready (and warm), so the clock measures steady work only. */
interface Gate {
  arrive(): void;
  open: Promise<void>;
}

function startGate(count: number, onOpen: () => void): Gate {
  let ready = 0;
  let release: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    release = () => {
      onOpen();
      resolve();
    };
  });
  return {
    arrive: () => {
      if (++ready === count) release();
    },
    open,
  };
}

/** Runs one driver per worker; the first failure stops the others after their current task and is thrown. */
async function driveAll(pool: Pool, workerCount: number): Promise<void> {
  const settled = await Promise.allSettled(
    Array.from({ length: workerCount }, () =>
      drive(pool).catch((error) => {
        pool.queue.length = 0; // stop the other workers after their current task
        throw error;
      }),
    ),
  );
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/** One worker's life: start and warm it, wait at the gate, then take tasks until the queue is empty. */
async function drive(pool: Pool): Promise<void> {
  let w: SimWorker;
  try {
    w = await startWorker(pool);
    await warmUp(w, pool.options.warmup);
  } finally {
    pool.gate.arrive();
  }
  await pool.gate.open;
  try {
    for (let task = pool.queue.shift(); task; task = pool.queue.shift()) {
      try {
        finish(pool, task, await w.call(w.api.run(task.seeds)));
      } catch (error) {
        if (!(error instanceof WorkerDied)) throw error;
        await w.close();
        w = await startWorker(pool);
        retryOrReport(pool, task, error);
      }
    }
  } finally {
    await w.close();
  }
}

/** A worker with the game and policy loaded; the policy's label is taken from its answer. */
async function startWorker(pool: Pool): Promise<SimWorker> {
  const w = new SimWorker(pool.options.workerUrl);
  try {
    const info = await w.call(w.api.init(pool.config));
    pool.policyLabel = info.policy;
  } catch (error) {
    await w.close();
    throw new Error(describe(error));
  }
  return w;
}

/** Plays the warm-up seeds (results discarded); a failure closes the worker. */
async function warmUp(w: SimWorker, warmup: readonly number[] | undefined): Promise<void> {
  if (!warmup?.length) return;
  await w.call(w.api.run([...warmup])).catch(async (error) => {
    await w.close();
    throw error;
  });
}

function finish(pool: Pool, task: Task, list: GameRecord[]): void {
  const parts = pool.splitParts.get(task.index);
  if (parts !== undefined) pool.out.completePart(task.index, parts, list);
  else pool.out.complete(task.index, list);
}

/** After a worker died on `task`: a task of several seeds goes back one seed at a time; a single seed is the culprit. */
function retryOrReport(pool: Pool, task: Task, error: WorkerDied): void {
  if (task.seeds.length > 1) {
    pool.splitParts.set(task.index, task.seeds.length);
    pool.queue.unshift(...task.seeds.map((seed, sub) => ({ index: task.index, sub, seeds: [seed] })));
    return;
  }
  const crashed: GameRecord = {
    seed: task.seeds[0]!,
    game: pool.options.game,
    policy: pool.policyLabel,
    score: 0,
    turns: 0,
    end: 'error',
    stats: {},
    error: error.message,
  };
  finish(pool, task, [crashed]);
}
