/** Parses "A..B" (inclusive), "N", or a comma list of those, into u32 seeds. */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new Error(`--seeds: "${part}" is not N or A..B`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > 0xffffffff || b > 0xffffffff) throw new Error('--seeds: seeds are u32 (at most 4294967295)');
    if (b < a) throw new Error(`--seeds: ${a}..${b} is empty (the range is inclusive, A <= B)`);
    if (b - a >= 100_000_000) throw new Error('--seeds: at most 100,000,000 seeds per run (shard larger sweeps)');
    for (let s = a; s <= b; s++) out.push(s);
  }
  return [...new Set(out)].sort((x, y) => x - y);
}

export interface Shard {
  /** 0-based shard index. */
  index: number;
  count: number;
}

/** "K/N" with K in 0..N-1 (0-based, like a Kubernetes completion index). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`--shard: "${text}" is not K/N or auto`);
  return checkShard(Number(m[1]), Number(m[2]), '--shard');
}

/**
 * `--shard auto`: a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with the completion count passed in as
 * --shard-count or HEARTH_SHARD_COUNT, because Kubernetes does not put it in the environment), or a
 * Slurm job array (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, out of SLURM_ARRAY_TASK_COUNT), so
 * `--array=0-7` and `--array=1-8` both work.
 */
export function autoShard(env: Record<string, string | undefined>, count?: number): Shard {
  const k8s = env.JOB_COMPLETION_INDEX;
  if (k8s !== undefined) {
    const n = count ?? (env.HEARTH_SHARD_COUNT !== undefined ? Number(env.HEARTH_SHARD_COUNT) : undefined);
    if (n === undefined)
      throw new Error("--shard auto: JOB_COMPLETION_INDEX is set but the count is not: pass --shard-count N (the Job's completions)");
    return checkShard(Number(k8s), n, 'JOB_COMPLETION_INDEX');
  }
  const task = env.SLURM_ARRAY_TASK_ID;
  if (task !== undefined) {
    const n = count ?? Number(env.SLURM_ARRAY_TASK_COUNT);
    const min = env.SLURM_ARRAY_TASK_MIN !== undefined ? Number(env.SLURM_ARRAY_TASK_MIN) : 0;
    return checkShard(Number(task) - min, n, 'SLURM_ARRAY_TASK_ID');
  }
  throw new Error('--shard auto: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set');
}

function checkShard(index: number, count: number, what: string): Shard {
  if (!Number.isInteger(count) || count < 1) throw new Error(`${what}: shard count must be a positive integer`);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new Error(`${what}: shard index ${index} is not in 0..${count - 1}`);
  return { index, count };
}

/**
 * The seeds of one shard: the sorted seed list cut into `count` contiguous blocks whose sizes differ by
 * at most one (the first blocks take the remainder). Every seed is in exactly one shard.
 */
export function shardSeeds(seeds: readonly number[], shard: Shard): number[] {
  const base = Math.floor(seeds.length / shard.count);
  const extra = seeds.length % shard.count;
  const start = shard.index * base + Math.min(shard.index, extra);
  const size = base + (shard.index < extra ? 1 : 0);
  return seeds.slice(start, start + size);
}
