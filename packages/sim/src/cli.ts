import { closeSync, existsSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs as nodeParseArgs } from 'node:util';
import { loadableModule } from './bundle.ts';
import { mergeRecords, readJsonl } from './merge.ts';
import { unknownOption } from './options.ts';
import { SimWorker } from './pool.ts';
import { createProgress } from './progress.ts';
import { type GameRecord, recordLine } from './record.ts';
import { renderReport } from './report.ts';
import { runSim } from './run.ts';
import { serveMain, serveUsage } from './serve.ts';
import { autoShard, parseSeedRanges, parseShard, type SeedRanges, shardRanges } from './shard.ts';
import { formatSummary, groupRecords, summarize } from './summary.ts';
import type { PolicyRef } from './worker-api.ts';

export const usage = `hearth sim: many seeds x one policy across worker threads

  sim run --game <slug> --policy <name|path> --seeds A..B [options]
      --workers N         worker threads (default: all cores)
      --max-turns T       stop a game after T accepted actions (end "max_turns")
      --out FILE          JSONL, one game per line in seed order (default: standard output)
      --report FILE       self-contained HTML report (histogram, score per seed)
      --shard K/N         play only block K (0-based) of N of the seed range
      --shard auto        K and N from JOB_COMPLETION_INDEX (+ --shard-count N or HEARTH_SHARD_COUNT)
                          or SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT
      --kernel wasm|js    which kernel build the games load (default wasm)
      --quiet             no progress; --strict: exit 1 if any game errored
  sim merge A.jsonl B.jsonl ... [--out merged.jsonl] [--report FILE]
  sim policies --game <slug>      built-in and game-shipped policy names
  sim games                       registered games
  ${serveUsage.replaceAll('\n', '\n  ')}

Policies: random, greedy, strong, any name a game ships (e.g. reference), or a module path
(.js/.mjs, or .ts bundled with esbuild) whose default export is (seed, { game }) => Policy.`;

type Flags = Record<string, string | boolean | undefined>;
const NO_STATS = Object.freeze({}) as Record<string, never>;

const OPTIONS = {
  game: 'string',
  policy: 'string',
  seeds: 'string',
  workers: 'string',
  'max-turns': 'string',
  out: 'string',
  report: 'string',
  shard: 'string',
  'shard-count': 'string',
  kernel: 'string',
  registry: 'string',
  quiet: 'boolean',
  strict: 'boolean',
  help: 'boolean',
} as const;

/** node:util parseArgs in strict mode; an unknown or misspelled option is a usage error naming the nearest one. */
function parseArgs(args: readonly string[]): { positional: string[]; flags: Flags } {
  const known = Object.keys(OPTIONS);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (!a.startsWith('-') || a === '-') continue;
    const name = a.replace(/^--?/, '').split('=')[0]!;
    if (!(name in OPTIONS)) throw new UsageError(unknownOption(a.startsWith('--') ? `--${name}` : a, known));
    if (OPTIONS[name as keyof typeof OPTIONS] === 'string' && !a.includes('=')) i++; // its value
  }
  try {
    const options = Object.fromEntries(Object.entries(OPTIONS).map(([k, type]) => [k, { type }]));
    const parsed = nodeParseArgs({ args: [...args], options, strict: true, allowPositionals: true });
    return { positional: parsed.positionals, flags: parsed.values as Flags };
  } catch (error) {
    throw new UsageError((error as Error).message.split('. To specify')[0]!);
  }
}

class UsageError extends Error {}

const str = (flags: Flags, name: string): string | undefined => {
  const v = flags[name];
  return typeof v === 'string' ? v : undefined;
};
const int = (flags: Flags, name: string): number | undefined => {
  const v = str(flags, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(v);
};

/** A module path rather than a policy name: has a path separator or a script extension. */
const isPath = (p: string) => /[\\/]/.test(p) || /\.(m?js|m?ts)$/.test(p);

/**
 * The `sim` command. argv is what follows `sim` (a leading "sim" is ignored); workerUrl is the bundled
 * worker entry (@hearth/sim/worker). Resolves to the exit code: 0 done, 1 run failed (or --strict with
 * errored games), 2 usage error.
 */
export async function simMain(argv: string[], options: { workerUrl: URL }): Promise<number> {
  const args = argv[0] === 'sim' ? argv.slice(1) : argv;
  const [command, ...rest] = args;
  try {
    if (!command || command === 'help' || command === '--help') {
      process.stdout.write(`${usage}\n`);
      return command ? 0 : 2;
    }
    if (command === 'serve') return await serveMain(rest);
    const { positional, flags } = parseArgs(rest);
    if (flags.help) {
      process.stdout.write(`${usage}\n`);
      return 0;
    }
    if (command === 'run') return await run(flags, options.workerUrl);
    if (command === 'merge') return merge(positional, flags);
    if (command === 'policies' || command === 'games') return await describe(command, flags, options.workerUrl);
    throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`sim: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    process.stderr.write(`sim: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function run(flags: Flags, workerUrl: URL): Promise<number> {
  const game = str(flags, 'game');
  const policy = str(flags, 'policy');
  const seedText = str(flags, 'seeds');
  if (!game || !policy || !seedText) throw new UsageError('run needs --game, --policy and --seeds');
  let ranges: SeedRanges;
  try {
    ranges = parseSeedRanges(seedText);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const shardText = str(flags, 'shard');
  const shard = shardText ? (shardText === 'auto' ? autoShard(process.env, int(flags, 'shard-count')) : parseShard(shardText)) : null;
  const seeds = shardRanges(ranges, shard);
  const kernel = str(flags, 'kernel');
  if (kernel !== undefined && kernel !== 'wasm' && kernel !== 'js') throw new UsageError('--kernel must be wasm or js');

  let policyRef: PolicyRef;
  if (isPath(policy)) {
    if (!existsSync(policy)) throw new UsageError(`policy module ${policy} does not exist`);
    policyRef = { kind: 'module', url: await loadableModule(policy), label: basename(policy) };
  } else policyRef = { kind: 'name', name: policy };
  const registryPath = str(flags, 'registry');
  const registryUrl = registryPath ? await loadableModule(registryPath) : undefined;

  const outPath = str(flags, 'out');
  const fd = outPath ? openSync(outPath, 'w') : -1;
  // Lines are buffered and written in blocks of about 64 KB (one system call per block, not per game).
  let buffer = '';
  const flush = () => {
    if (buffer === '') return;
    if (fd >= 0) writeSync(fd, buffer);
    else process.stdout.write(buffer);
    buffer = '';
  };
  const info = outPath ? process.stdout : process.stderr;
  const progress = flags.quiet ? null : createProgress(process.stderr);
  const records: GameRecord[] = [];
  try {
    const result = await runSim({
      game,
      policy: policyRef,
      seeds,
      workerUrl,
      workers: int(flags, 'workers'),
      maxTurns: int(flags, 'max-turns'),
      kernel,
      registryUrl,
      keep: false,
      onRecord: (r) => {
        // The summary and the report need no stats: keep the records light for long runs.
        records.push({ ...r, stats: NO_STATS });
        buffer += `${recordLine(r)}\n`;
        if (buffer.length >= 65536) flush();
      },
      onProgress: (p) => progress?.update(p),
    });
    flush();
    progress?.done();
    info.write(
      `${formatSummary([summarize(records)], { elapsedMs: result.elapsedMs, workers: result.workers, startupMs: result.startupMs })}\n`,
    );
    const errored = records.filter((r) => r.end === 'error');
    if (errored.length > 0) {
      const sample = errored.slice(0, 5).map((r) => `  seed ${r.seed}: ${r.error}`);
      info.write(`${errored.length} game(s) ended in an error:\n${sample.join('\n')}${errored.length > 5 ? '\n  ...' : ''}\n`);
    }
    const reportPath = str(flags, 'report');
    if (reportPath) writeFileSync(reportPath, renderReport(records, `${game} · ${result.policy} · seeds ${seedText}`));
    return flags.strict && errored.length > 0 ? 1 : 0;
  } finally {
    if (outPath) closeSync(fd);
  }
}

function merge(files: string[], flags: Flags): number {
  if (files.length === 0) throw new UsageError('merge needs at least one JSONL file');
  const merged = mergeRecords(files.map(readJsonl));
  const outPath = str(flags, 'out');
  if (outPath) writeFileSync(outPath, merged.map((r) => `${recordLine(r)}\n`).join(''));
  const reportPath = str(flags, 'report');
  if (reportPath) writeFileSync(reportPath, renderReport(merged, `merge of ${files.length} file(s)`));
  const summaries = groupRecords(merged).map(summarize);
  process.stdout.write(`${formatSummary(summaries)}\n`);
  return 0;
}

async function describe(command: string, flags: Flags, workerUrl: URL): Promise<number> {
  const game = str(flags, 'game');
  if (command === 'policies' && !game) throw new UsageError('policies needs --game');
  const registryPath = str(flags, 'registry');
  const registryUrl = registryPath ? await loadableModule(registryPath) : undefined;
  const w = new SimWorker(workerUrl);
  try {
    const info = await w.call(w.api.describe(command === 'policies' ? game : undefined, registryUrl));
    process.stdout.write(`${(command === 'policies' ? (info.policies ?? []) : info.slugs).join('\n')}\n`);
    return 0;
  } finally {
    await w.close();
  }
}
