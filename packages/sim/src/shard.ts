/** Inclusive seed ranges, sorted and non-overlapping. */
export type SeedRanges = [number, number][];

/** Parses "A..B" (inclusive), "N", or a comma list of those, into merged inclusive ranges of u32 seeds. */
export function parseSeedRanges(text: string): SeedRanges {
  const ranges: SeedRanges = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new Error(`--seeds: "${part}" is not N or A..B`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > 0xffffffff || b > 0xffffffff) throw new Error('--seeds: seeds are u32 (at most 4294967295)');
    if (b < a) throw new Error(`--seeds: ${a}..${b} is empty (the range is inclusive, A <= B)`);
    ranges.push([a, b]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const merged: SeedRanges = [];
  for (const [a, b] of ranges) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** How many seeds the ranges hold. */
export const countSeeds = (ranges: SeedRanges): number => ranges.reduce((n, [a, b]) => n + b - a + 1, 0);

/** At most this many seeds are listed in one process: a larger sweep is sharded (see docs/sim-sweeps.md). */
export const MAX_SEEDS_PER_RUN = 20_000_000;

/** The seeds at sorted positions [start, start + size) of the ranges, listed. */
export function seedsAt(ranges: SeedRanges, start: number, size: number): number[] {
  if (size > MAX_SEEDS_PER_RUN) throw new Error(`--seeds: ${size} seeds in one run; at most ${MAX_SEEDS_PER_RUN} (use --shard)`);
  const out: number[] = [];
  let skip = start;
  for (const [a, b] of ranges) {
    const len = b - a + 1;
    if (skip >= len) {
      skip -= len;
      continue;
    }
    for (let s = a + skip; s <= b && out.length < size; s++) out.push(s);
    skip = 0;
    if (out.length >= size) break;
  }
  return out;
}

/** Parses a seed list ("A..B", "N", comma lists) into sorted unique seeds. */
export function parseSeeds(text: string): number[] {
  const ranges = parseSeedRanges(text);
  return seedsAt(ranges, 0, countSeeds(ranges));
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
  const { start, size } = shardBlock(seeds.length, shard);
  return seeds.slice(start, start + size);
}

/** Position and size of shard K's block among `total` sorted seeds. */
export function shardBlock(total: number, shard: Shard): { start: number; size: number } {
  const base = Math.floor(total / shard.count);
  const extra = total % shard.count;
  return { start: shard.index * base + Math.min(shard.index, extra), size: base + (shard.index < extra ? 1 : 0) };
}

/** One shard of seed ranges, listing only that shard's seeds (so a huge range can be sharded). */
export function shardRanges(ranges: SeedRanges, shard: Shard | null): number[] {
  const total = countSeeds(ranges);
  const { start, size } = shard ? shardBlock(total, shard) : { start: 0, size: total };
  return seedsAt(ranges, start, size);
}
