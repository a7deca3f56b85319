#!/usr/bin/env node
// pnpm mutate [slug ...] [--files glob] [--budget minutes] [--concurrency n] [--force]
// pnpm mutate --check
//
// Mutation testing of each game's rule-bearing files (the "Rule-bearing files" section of packages/<slug>/README.md)
// with Stryker 9 and its vitest runner: one Stryker run per file, in place (Stryker's sandbox copy breaks the
// tsconfig `extends`), per-test coverage (a mutant runs only the tests that reach it, or every test when the module
// reaches it while loading), nice 19, bounded by --budget minutes per file (default 40). Incremental: each file's
// last Stryker report is kept, compressed, in packages/<slug>/mutation.incremental.json.gz (committed), so a rerun,
// on this checkout or a fresh clone, tests only the mutants whose code or covering tests changed. The results go to
// packages/<slug>/mutation.json (tooling/mutate/summary.mjs says what it holds). Survivors without a why are printed.
// --files keeps the README's files matching the glob (minimatch, relative to the package: `src/rules.ts`, `src/*`).
// --force reruns every mutant. --check runs no mutant: it reads every committed mutation.json (CI's static check) and
// prints, per README file, ok / below / partial / stale / absent (--json: the same as JSON); it exits 0 only when every
// file of every game is ok, and 1 also when a summary's record is inconsistent (counts, scores, survivor lists).
//
// Exit of a run: 0 when every file measured scores at least 90 with every survivor explained; 1 otherwise (or a run failed or
// ran out of budget: that file's previous results are kept); 2 on bad usage.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { minimatch } from 'minimatch';
import { gamesWithRules } from './mutate/readme.mjs';
import { checkAll, EXPLAINED, FLOOR, score } from './mutate/summary.mjs';

const USAGE =
  'Usage: pnpm mutate [slug ...] [--files glob] [--budget minutes-per-file] [--concurrency n] [--force] | pnpm mutate --check [--json]';

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      files: { type: 'string', multiple: true },
      budget: { type: 'string', default: '40' },
      concurrency: { type: 'string', default: '1' },
      force: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      root: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  process.stderr.write(`mutate: ${error.message}\n${USAGE}\n`);
  process.exit(2);
}
if (args.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const root = resolve(args.values.root ?? fileURLToPath(new URL('..', import.meta.url)));

if (args.values.check) process.exit(check());

const games = gamesWithRules(root);
const budgetMinutes = Number(args.values.budget);
const concurrency = Number(args.values.concurrency);
const unknown = args.positionals.filter((s) => !games.has(s));
if (unknown.length > 0 || !(budgetMinutes > 0) || !(Number.isInteger(concurrency) && concurrency >= 1)) {
  const what =
    unknown.length > 0 ? `no game with a "Rule-bearing files" README section: ${unknown.join(', ')}` : 'bad --budget or --concurrency';
  process.stderr.write(`mutate: ${what}\n${USAGE}\n(games: ${[...games.keys()].join(', ')})\n`);
  process.exit(2);
}

const strykerBin = join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const vitestRunner = join(root, 'node_modules/@stryker-mutator/vitest-runner/dist/src/index.js');
if (!existsSync(strykerBin) || !existsSync(vitestRunner)) {
  process.stderr.write('mutate: Stryker is not installed here; run pnpm install first\n');
  process.exit(1);
}
const strykerVersion = JSON.parse(readFileSync(join(root, 'node_modules/@stryker-mutator/core/package.json'), 'utf8')).version;

const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' });
const commit = git('rev-parse', 'HEAD').stdout.trim();
const command = ['pnpm mutate', ...process.argv.slice(2).filter((a) => !a.startsWith('--root'))].join(' ');

const slugs = args.positionals.length > 0 ? args.positionals : [...games.keys()];
let failed = false;
const table = [];
for (const slug of slugs) {
  const game = games.get(slug);
  const globs = args.values.files ?? [];
  const files = game.files.filter((f) => globs.length === 0 || globs.some((g) => minimatch(f, g)));
  if (files.length === 0) {
    process.stderr.write(`mutate: ${slug}: no rule-bearing file matches ${globs.join(' ')} (README lists ${game.files.join(', ')})\n`);
    failed = true;
    continue;
  }
  const dirty = git(
    'status',
    '--porcelain',
    '--',
    relative(root, join(game.dir, 'src')),
    relative(root, join(game.dir, 'test')),
  ).stdout.trim();
  if (dirty)
    process.stderr.write(`mutate: ${slug}: src/ or test/ differs from ${commit.slice(0, 10)}; the summary records the commit as dirty\n`);
  for (const file of files) {
    const result = await runFile(slug, game, file, dirty !== '');
    table.push({ slug, file, ...result });
    if (!result.ok) failed = true;
  }
}

process.stdout.write('\ngame            file                      mutants  killed  timeout  survived  nocov   score  seconds\n');
for (const r of table) {
  const f = r.entry;
  const cells = f
    ? [f.mutants, f.killed, f.timedOut, f.survived, f.noCoverage, f.score.toFixed(2), f.seconds].map((v, i) =>
        String(v).padStart([7, 7, 8, 9, 6, 7, 8][i]),
      )
    : [`(${r.error})`];
  process.stdout.write(`${r.slug.padEnd(15)} ${r.file.padEnd(25)} ${cells.join(' ')}\n`);
}
process.exit(failed ? 1 : 0);

/** One Stryker run over one file; updates the game's incremental store and mutation.json. */
async function runFile(slug, game, file, dirty) {
  const tmp = join(game.dir, '.mutate-tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const storePath = join(game.dir, 'mutation.incremental.json.gz');
  const store = readStore(storePath);
  const incrementalFile = join(tmp, 'incremental.json');
  if (store.files[file] && !args.values.force) writeFileSync(incrementalFile, JSON.stringify(expand(store.files[file], store.sources)));

  // The package's own vitest config, less the README's left-out tests, with the kill-early test order.
  const vitestConfig = join(tmp, 'vitest.config.mts');
  writeFileSync(
    vitestConfig,
    [
      "import { configDefaults, mergeConfig } from 'vitest/config';",
      `import { FailedThenQuickest } from ${JSON.stringify(join(root, 'tooling/mutate/sequencer.mjs'))};`,
      "import base from '../vitest.config.ts';",
      `export default mergeConfig(base, { root: ${JSON.stringify(game.dir)}, test: { exclude: [...configDefaults.exclude, ${game.skipTests
        .map((t) => JSON.stringify(t))
        .join(', ')}], sequence: { sequencer: FailedThenQuickest } } });`,
      '',
    ].join('\n'),
  );
  const stream = join(tmp, 'stream.jsonl');
  const config = {
    testRunner: 'vitest',
    plugins: [vitestRunner, join(root, 'tooling/mutate/reporter.mjs')],
    inPlace: true,
    coverageAnalysis: 'perTest',
    concurrency,
    mutate: [file],
    ignorePatterns: ['.mutate-tmp', 'mutation.json', 'mutation.incremental.json.gz', 'golden', 'bench'],
    incremental: true,
    incrementalFile,
    force: args.values.force,
    reporters: ['progress-append-only', 'hearth-stream'],
    vitest: { configFile: vitestConfig, related: true },
    thresholds: { high: FLOOR, low: 80, break: null },
    // A mutant that loops runs into Stryker's hit limit or this timeout (a timeout counts as killed, as Stryker
    // counts it): generous, because the machine is shared and a false timeout would inflate the score.
    timeoutMS: 10_000,
    timeoutFactor: 1.5,
    cleanTempDir: 'always',
    warnings: { slow: false, unknownOptions: false },
    hearthStream: stream,
  };
  const configFile = join(tmp, 'stryker.config.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  // Stryker writes mutants into src/ (in place) and puts the files back when it ends; if it is killed first, these
  // copies do.
  const srcDir = join(game.dir, 'src');
  const originals = new Map(listFiles(srcDir).map((p) => [p, readFileSync(p)]));
  const started = Date.now();
  const load = loadavg()[0];
  process.stdout.write(`\nmutate: ${slug} ${file} (budget ${budgetMinutes} min, load average ${load.toFixed(2)})\n`);
  const outcome = await new Promise((done) => {
    const child = spawn('nice', ['-n', '19', process.execPath, strykerBin, 'run', configFile], {
      cwd: game.dir,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: '0', HEARTH_MUTATE: '1' },
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    }, budgetMinutes * 60_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ error: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done(
        timedOut ? { error: `over the ${budgetMinutes}-minute budget` } : code === 0 ? {} : { error: `Stryker exited ${code ?? signal}` },
      );
    });
  });
  for (const [p, content] of originals) {
    if (!existsSync(p) || !readFileSync(p).equals(content)) {
      writeFileSync(p, content);
      process.stderr.write(`mutate: restored ${relative(root, p)}\n`);
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  // A completed run leaves Stryker's own report; a run stopped early leaves what the stream reporter saw, which
  // becomes a partial report: the next run reuses its mutants and tests only the rest.
  let report = null;
  let untested = 0;
  if (!outcome.error && existsSync(incrementalFile)) report = JSON.parse(readFileSync(incrementalFile, 'utf8'));
  else if (existsSync(stream)) ({ report, untested } = partialReport(game.dir, file, originals.get(join(game.dir, file)), stream));
  rmSync(tmp, { recursive: true, force: true });
  // The vitest runner copies its setup file next to the package (one per worker); nothing else uses them.
  for (const name of readdirSync(game.dir)) if (/^stryker-setup-\d+\.js$/.test(name)) rmSync(join(game.dir, name), { force: true });
  if (outcome.error)
    process.stderr.write(
      `mutate: ${slug} ${file}: ${outcome.error}${report ? `; ${untested} mutants left untested, a rerun resumes` : ''}\n`,
    );
  const fileReport = report?.files[file];
  if (!fileReport) return { ok: false, error: outcome.error ?? `the report has no ${file}` };

  store.files[file] = compress(report, store.sources);
  writeStore(storePath, store);

  const summaryPath = join(game.dir, 'mutation.json');
  const summary = existsSync(summaryPath) ? JSON.parse(readFileSync(summaryPath, 'utf8')) : { files: {} };
  const entry = summarize(fileReport, summary.files?.[file], { commit: dirty ? `${commit}-dirty` : commit, seconds, load });
  if (untested > 0) entry.untested = untested;
  const next = {
    commit: dirty ? `${commit}-dirty` : commit,
    command: `pnpm mutate ${slug}`,
    stryker: strykerVersion,
    files: Object.fromEntries(
      game.files.filter((f) => f === file || summary.files?.[f]).map((f) => [f, f === file ? entry : summary.files[f]]),
    ),
  };
  if (command !== `pnpm mutate ${slug}`) next.lastCommand = command;
  writeFileSync(summaryPath, `${JSON.stringify(next, null, 2)}\n`);
  for (const m of entry.unexplained) process.stdout.write(`  survivor ${file}:${m.line} ${m.mutator}: ${m.code} -> ${m.replacement}\n`);
  const ok = !outcome.error && entry.score >= FLOOR && entry.unexplained.length === 0;
  return { ok, entry, error: outcome.error };
}

/** One file's counts and survivors, carrying over the whys of the previous summary. */
function summarize(fileReport, previous, { commit, seconds, load }) {
  const lines = fileReport.source.split('\n');
  const count = (status) => fileReport.mutants.filter((m) => m.status === status).length;
  const killed = count('Killed');
  const timedOut = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const errors = count('RuntimeError') + count('CompileError');
  const mutants = killed + timedOut + survived + noCoverage;
  const old = [...EXPLAINED].flatMap((kind) => (previous?.[kind] ?? []).map((m) => ({ ...m, kind })));
  const entry = {
    commit,
    mutants,
    killed,
    timedOut,
    survived,
    noCoverage,
    errors,
    score: 0,
    seconds,
    loadAverage: Math.round(load * 100) / 100,
  };
  entry.score = score(entry);
  for (const kind of EXPLAINED) entry[kind] = [];
  entry.unexplained = [];
  const survivors = fileReport.mutants
    .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of survivors) {
    const code = snippet(lines, m.location);
    const item = { line: m.location.start.line, mutator: m.mutatorName, code, replacement: oneLine(m.replacement) };
    if (m.status === 'NoCoverage') item.noCoverage = true;
    const same = old.filter((o) => !o.used && o.mutator === item.mutator && o.code === item.code && o.replacement === item.replacement);
    same.sort((a, b) => Math.abs(a.line - item.line) - Math.abs(b.line - item.line));
    const match = same[0];
    if (match) {
      match.used = true;
      entry[match.kind].push({ ...item, why: match.why });
    } else {
      entry.unexplained.push(item);
    }
  }
  return entry;
}

/** The report of a run stopped early, from the stream reporter's records (the same shape Stryker writes). */
function partialReport(dir, file, source, streamFile) {
  const records = readFileSync(streamFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const tests = records.find((r) => r.kind === 'tests')?.tests ?? [];
  const planned = records.find((r) => r.kind === 'plan')?.mutants ?? 0;
  const mutants = records.filter((r) => r.kind === 'mutant').map(({ result: { fileName, ...m } }) => m);
  const testFiles = {};
  for (const t of tests) {
    const name = t.fileName ? relative(dir, t.fileName) : '';
    testFiles[name] ??= { tests: [], ...(t.fileName && existsSync(t.fileName) ? { source: readFileSync(t.fileName, 'utf8') } : {}) };
    const location = t.startPosition ? { start: { line: t.startPosition.line + 1, column: t.startPosition.column + 1 } } : undefined;
    testFiles[name].tests.push({ id: t.id, name: t.name, location });
  }
  const report = {
    schemaVersion: '1.0',
    thresholds: { high: FLOOR, low: 80 },
    files: { [file]: { language: 'typescript', source: source.toString('utf8'), mutants } },
    testFiles,
  };
  return { report, untested: Math.max(0, planned - mutants.length) };
}

function oneLine(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}

function snippet(lines, { start, end }) {
  const from = start.line - 1;
  const to = end.line - 1;
  const text =
    from === to
      ? lines[from].slice(start.column - 1, end.column - 1)
      : [lines[from].slice(start.column - 1), ...lines.slice(from + 1, to), lines[to].slice(0, end.column - 1)].join('\n');
  return oneLine(text);
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

// The store: { version, stryker, sources: { sha256: text }, files: { "src/x.ts": report } }, each report's file and
// test-file sources replaced by their hash, so the test sources every file's report holds are kept once.
function readStore(path) {
  if (!existsSync(path)) return { version: 1, stryker: strykerVersion, sources: {}, files: {} };
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
}

function writeStore(path, store) {
  const used = new Set();
  const mark = (report) => {
    for (const group of [report.files, report.testFiles ?? {}])
      for (const f of Object.values(group)) if (f.source?.$source) used.add(f.source.$source);
  };
  for (const report of Object.values(store.files)) mark(report);
  store.sources = Object.fromEntries(Object.entries(store.sources).filter(([hash]) => used.has(hash)));
  store.stryker = strykerVersion;
  writeFileSync(path, gzipSync(JSON.stringify(store), { level: 9 }));
}

function compress(report, sources) {
  const out = structuredClone(report);
  for (const group of [out.files, out.testFiles ?? {}]) {
    for (const f of Object.values(group)) {
      if (typeof f.source !== 'string') continue;
      const hash = createHash('sha256').update(f.source).digest('hex');
      sources[hash] = f.source;
      f.source = { $source: hash };
    }
  }
  return out;
}

function expand(report, sources) {
  const out = structuredClone(report);
  for (const group of [out.files, out.testFiles ?? {}])
    for (const f of Object.values(group)) if (f.source?.$source) f.source = sources[f.source.$source];
  return out;
}

/** pnpm mutate --check: where every README file stands, from the committed summaries alone. */
function check() {
  const known = new Map();
  const changedSince = (commit, path) => {
    if (!/^[0-9a-f]{40}$/.test(commit)) return false;
    if (!known.has(commit)) known.set(commit, spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root }).status === 0);
    // A commit this clone does not hold (a shallow clone) cannot be compared: the line says "unverified".
    if (!known.get(commit)) return false;
    return spawnSync('git', ['diff', '--quiet', commit, '--', path], { cwd: root }).status !== 0;
  };
  const games = checkAll(root, changedSince);
  let ok = true;
  const json = {};
  for (const [slug, { problems, files }] of games) {
    json[slug] = { problems, files };
    ok &&= problems.length === 0 && files.every((f) => f.status === 'ok');
    if (args.values.json) continue;
    for (const p of problems) process.stderr.write(`mutate --check: ${slug}: ${p}\n`);
    for (const f of files) {
      const unverified = known.get(f.commit) === false ? ' (commit not in this clone: unverified)' : '';
      const at = f.status === 'absent' ? '' : ` ${f.score}% of ${f.mutants} mutants at ${f.commit.slice(0, 10)}${unverified}`;
      const what = {
        ok: `ok,${at}`,
        below: `BELOW ${FLOOR},${at}${f.unexplained ? `, ${f.unexplained} survivors without a why` : ''}`,
        partial: `PARTIAL,${at}, ${f.untested} mutants not run yet`,
        stale: `STALE,${at}: the file changed since (rerun pnpm mutate ${slug})`,
        absent: 'NOT MEASURED YET',
      }[f.status];
      process.stdout.write(`mutate --check: ${slug} ${f.file}: ${what}\n`);
    }
  }
  if (args.values.json) process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  else
    process.stdout.write(
      ok
        ? `mutate --check: every rule-bearing file at ${FLOOR}% or more, survivors explained\n`
        : `mutate --check: not every rule-bearing file is at ${FLOOR}% or more yet (above)\n`,
    );
  return ok ? 0 : 1;
}
