// hearth agent run (--command "<program>" | --model openai:<model>|anthropic:<model>) --seeds <set id>|A..B [options]:
// drives any program that speaks the JSON pipe, or a language model through a model adapter with a standard prompt,
// over many seeds (several games at once with --jobs, each seed --attempts times), writes one episode record per
// run (JSON lines, transcripts included for models: hearth verify / hearth submit), resumes after an interrupt
// without replaying what is recorded, and prints a scorecard with the progress 0-100 and its 95% interval on a
// challenge set's seeds. With --server and --name every run goes into one scorecard on the server (opened, resumed,
// shared by shards, closed when nothing played is missing).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '@hearth/engine';
import { RESPONSE_FORMS, type ResponseForm } from '@hearth/engine';
import { autoShard, parseShard, type Shard } from '@hearth/sim';
import {
  CHALLENGE_SETS,
  type ChallengeSet,
  challengeById,
  type EpisodeHeader,
  type EpisodeStep,
  type EpisodeSummary,
  episodeLine,
  MAX_ATTEMPTS,
  parseEpisode,
  RECORD_FORMAT,
  summarise,
} from '@hearth/store/challenges';
import { type AgentRun, type AgentSource, type DriveOptions, driveAgent, type Fallback } from '../agent/driver.ts';
import { type ModelSettings, type ModelStats, modelSource } from '../agent/model/agent.ts';
import { DEFAULT_RETRY, Limiter, ModelApiError } from '../agent/model/http.ts';
import { DEFAULT_BASE_URL, KEY_ENV, type Provider } from '../agent/model/providers.ts';
import { type AnswerMode, DEFAULT_HISTORY, DEFAULT_PROMPT, PROMPTS, promptById, promptHash } from '../agent/prompts.ts';
import { fmt, formatReport, formatScorecard, type RunResult, scorecard } from '../agent/scorecard.ts';
import { createSubmitter, runKey, ScorecardClosed, type Submitter } from '../agent/submitter.ts';
import { type OptionTypes, type Parsed, parseArgs } from '../args.ts';
import { loadGame, UsageError } from '../games.ts';
import { apiUrl, callJson, refusalText } from '../net/http.ts';
import { localSession } from '../session.ts';
import { checkServer } from './submit.ts';

export { closeScorecard, openScorecard } from '../agent/submitter.ts';

export const AGENT_USAGE = `hearth agent run (--command "<program>" | --model openai:<model>|anthropic:<model>) --seeds <set id>|A..B [options]
hearth agent prompts [--json]      the standard prompts: id, content hash, what each asks
hearth agent sets [ID] [--json]    the challenge sets this hearth carries (seeds, baselines, versions, budgets)

  An agent is a program or a language model.
  --command: the program reads one JSON response per line on standard input (the first is init's, with the spec)
    and writes one action per line on standard output, exactly like a script driving \`hearth play --json\`. It may
    wrap an action to report what its model call cost: {"action": {...}, "usage": {"input": 812, "output": 40}}.
  --model: the harness asks the model itself, with a standard prompt (hearth agent prompts): OpenAI-compatible Chat
    Completions (api.openai.com, or any --base-url: vLLM, llama.cpp's server, Ollama, LM Studio) or the Anthropic
    Messages API. Keys come from OPENAI_API_KEY / ANTHROPIC_API_KEY (never written to records or logs; a local
    server may need none).
  Every run is recorded as <out>/<slug>-<seed>.jsonl (attempt a > 0: <slug>-<seed>-a<a>.jsonl), one line per step
  (docs/benchmark.md; a model's transcript rides on each line): hearth verify and hearth submit read it. Run the same
  command again after an interrupt: recorded runs are not replayed, and runs missing from the scorecard are sent.

  --seeds SET|A..B  a challenge set (${CHALLENGE_SETS.map((s) => s.id).join(', ')}: its seeds, its budget, progress 0-100 with
                    a 95% interval) or seeds like 1..20 or 1,5,9 (then --game is needed)
  --game SLUGS      the games (default: every game of the set)
  --attempts K      play every seed K times (default 1, at most ${MAX_ATTEMPTS}); a seed's progress is the mean of its attempts
  --jobs N          games played at once (default 1, at most 16)
  --shard K/N       play only the runs i with i mod N = K (0-based) of the plan; --shard auto takes K and N from a
                    Slurm array or a Kubernetes Indexed Job (--shard-count N there); every shard fills one scorecard
                    (the first opens it and writes <out>/scorecard.json for the others, or pass --scorecard ID)
  --max-turns N     stop a game after N accepted actions (default: the set's budget, else 5000)
  --wall-ms N       longest a run may take (default 3600000); it ends with what was accepted
  --max-seeds N     only the first N seeds of each game (a short trial of a set; its progress still counts the
                    set's other seeds as not played)
  --out DIR         where the records go (default ./agent-runs)
  --json            one JSON line per run, then the scorecard as JSON

  programs (--command):
  --view V          what the program reads: full (default, the gameboard responses), compact (each with the
                    small view and recap made for models) or lean (state, score and the compact view only)
  --spec 0          leave the spec out of the first line
  --timeout-ms N    longest wait for one action line (default 120000)
  --max-refusals N  refusals in a row that end a run (default 50)
  --model M         the scorecard's model tag; --prompt P its prompt tag; --agent TEXT the runs' agent field
                    (default: the command)

  models (--model openai:<model> | anthropic:<model>):
  --base-url URL    the API's base (default ${DEFAULT_BASE_URL.openai} / ${DEFAULT_BASE_URL.anthropic})
  --prompt ID       a standard prompt (default ${DEFAULT_PROMPT}): ${PROMPTS.map((p) => p.id).join(', ')}
  --history K       earlier exchanges kept in the conversation (default ${DEFAULT_HISTORY})
  --mode M          text (default: a line "Action: {...}" in the reply) or tools (one tool "act" whose
                    parameters are the game's action schema)
  --temperature T   default 0; "none" sends none (models that refuse one)
  --max-tokens N    most tokens per reply (default 1024)
  --timeout-ms N    longest one request may take (default 120000); then it is retried
  --retries N       retries of one request after a 429, a 5xx, a timeout or a dropped connection, waiting what
                    Retry-After says, else 1, 2, 4... s with jitter (default ${DEFAULT_RETRY.retries})
  --concurrency N   model calls at once over all games (default: --jobs)
  --max-retries N   a malformed reply or a refused action is answered in the conversation with the reason and
                    the legal actions, at most N times per turn (default 3); then the fallback
  --fallback F      end (default: the run ends there, end "fallback") or first-legal (the first legal action is
                    played, marked fallback in the record; a game with no legal-action list ends)
  --price-in X      dollars per million input tokens, --price-out Y per million output tokens: each step's cost
                    (without them the cost is "unknown")

  server (a scorecard; the key as hearth submit saves it):
  --server URL      with --name: submit every run into one scorecard there, in batches as they finish (busy
  --name NAME         answers are waited out with Retry-After and sent again); it is closed at the end when no run
                    played is missing; otherwise the harness says which and why and leaves it open
  --scorecard ID    fill this open scorecard (e.g. one opened with hearth scorecard open for all shards)
  --close-partial   close the scorecard even if runs played are missing from it`;

interface Plan {
  game: Game;
  seed: number;
  attempt: number;
  file: string;
}

const PROVIDERS: readonly Provider[] = ['openai', 'anthropic'];

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function agent(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    process.stdout.write(`${AGENT_USAGE}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'run' && sub !== 'prompts' && sub !== 'sets') throw new UsageError(`unknown agent command "${sub}"\n\n${AGENT_USAGE}`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${AGENT_USAGE}\n`);
    return 0;
  }
  if (sub === 'prompts') return prompts(rest);
  if (sub === 'sets') return sets(rest);
  return run(rest);
}

/**
 * hearth agent run: read the flags, plan the runs (skipping what an interrupted run recorded), join the scorecard on
 * the server, play what is left, then print the scorecard and close the server's.
 */
async function run(argv: readonly string[]): Promise<number> {
  const began = performance.now();
  const setup = await readRun(argv);
  const batch = planBatch(setup);
  const submitter = await joinScorecard(setup, batch);
  if (typeof submitter === 'number') return submitter;
  if (submitter) await sendRecordedRuns(setup, batch, submitter);
  const played = await playAll(setup, batch, submitter);
  return report(setup, batch, submitter, played, began);
}

const RUN_FLAGS = {
  game: 'string',
  seeds: 'string',
  command: 'string',
  out: 'string',
  view: 'string',
  spec: 'string',
  jobs: 'string',
  'max-turns': 'string',
  'timeout-ms': 'string',
  'wall-ms': 'string',
  'max-refusals': 'string',
  'max-seeds': 'string',
  server: 'string',
  name: 'string',
  model: 'string',
  prompt: 'string',
  agent: 'string',
  json: 'boolean',
  'base-url': 'string',
  history: 'string',
  mode: 'string',
  temperature: 'string',
  'max-tokens': 'string',
  retries: 'string',
  concurrency: 'string',
  'max-retries': 'string',
  fallback: 'string',
  'price-in': 'string',
  'price-out': 'string',
  attempts: 'string',
  shard: 'string',
  'shard-count': 'string',
  scorecard: 'string',
  'close-partial': 'boolean',
} as const satisfies OptionTypes;

type RunFlags = Parsed<typeof RUN_FLAGS>['values'];

/** A run's settings, read and checked from its flags before anything is played. */
interface RunSetup {
  v: RunFlags;
  set: ChallengeSet | null;
  games: Game[];
  view: ResponseForm;
  jobs: number;
  attempts: number;
  shard: Shard | null;
  model: ReturnType<typeof modelSettings> | null;
  options: Omit<DriveOptions, 'budget' | 'signal' | 'onStep'>;
  out: string;
  /** The runs' agent field: the command (or --agent), or the model with its prompt and settings. */
  agentText: string;
}

async function readRun(argv: readonly string[]): Promise<RunSetup> {
  const args = parseArgs(argv, RUN_FLAGS);
  if ('error' in args) throw new UsageError(args.error);
  const v = args.values;
  if (!v.seeds || args.positionals.length > 0) throw new UsageError(`run needs --seeds\n\n${AGENT_USAGE}`);
  const provider = agentKind(v);
  checkServerFlags(v);
  const set = challengeOf(v.seeds);
  const slugs = v.game ? v.game.split(',').filter((s) => s !== '') : set ? Object.keys(set.games) : [];
  if (slugs.length === 0) throw new UsageError('--seeds A..B needs --game <slug>[,<slug>...]');
  const games = await Promise.all(slugs.map(loadGame));
  const view = (provider ? 'compact' : (v.view ?? 'full')) as ResponseForm;
  if (!(RESPONSE_FORMS as readonly string[]).includes(view))
    throw new UsageError(`--view must be one of ${RESPONSE_FORMS.join(', ')}, got ${v.view}`);
  if (v.spec !== undefined && v.spec !== '0' && v.spec !== '1') throw new UsageError('--spec must be 0 or 1');
  const jobs = positive(v.jobs, 'jobs', 1);
  if (jobs > 16) throw new UsageError('--jobs must be at most 16');
  const attempts = positive(v.attempts, 'attempts', 1);
  if (attempts > MAX_ATTEMPTS) throw new UsageError(`--attempts must be at most ${MAX_ATTEMPTS}`);
  if (attempts > 1 && !set) throw new UsageError('--attempts is for a challenge set (--seeds season-2)');
  const shard = shardOf(v);
  const model = provider ? modelSettings(provider, v, jobs) : null;
  const options = {
    maxTurns: positive(v['max-turns'], 'max-turns', 5000),
    timeoutMs: positive(v['timeout-ms'], 'timeout-ms', 120_000),
    wallMs: positive(v['wall-ms'], 'wall-ms', 3_600_000),
    maxRefusals: positive(v['max-refusals'], 'max-refusals', 50),
    pipe: { view, spec: v.spec !== '0' },
    ...(model ? { maxRetries: model.maxRetries, fallback: model.fallback } : {}),
  };
  const out = v.out ?? 'agent-runs';
  mkdirSync(out, { recursive: true });
  const agentText = model
    ? `${v.model} prompt ${model.settings.prompt.id} (${model.settings.mode}, history ${model.settings.history})`
    : (v.agent ?? v.command!);
  return { v, set, games, view, jobs, attempts, shard, model, options, out, agentText };
}

/** A program (--command) or a model the harness asks (--model provider:name): the provider, null for a program. */
function agentKind(v: RunFlags): Provider | null {
  const provider = v.model && !v.command ? (v.model.split(':', 1)[0] as Provider) : null;
  if (!v.command && !v.model) throw new UsageError(`run needs --command "<program>" or --model openai:<model>\n\n${AGENT_USAGE}`);
  if (provider !== null && (!PROVIDERS.includes(provider) || v.model!.length <= provider.length + 1))
    throw new UsageError(`--model without --command drives a model: openai:<model> or anthropic:<model> (got ${JSON.stringify(v.model)})`);
  if (provider === null)
    for (const flag of [
      'base-url',
      'history',
      'mode',
      'temperature',
      'max-tokens',
      'retries',
      'concurrency',
      'max-retries',
      'fallback',
      'price-in',
      'price-out',
    ] as const)
      if (v[flag] !== undefined) throw new UsageError(`--${flag} is for --model agents (a model the harness asks itself)`);
  if (provider !== null)
    for (const flag of ['view', 'spec', 'max-refusals', 'agent'] as const)
      if (v[flag] !== undefined) throw new UsageError(`--${flag} is for --command agents`);
  return provider;
}

function checkServerFlags(v: RunFlags): void {
  if (v.server) checkServer(v.server);
  if (v.name && !v.server) throw new UsageError('--name submits runs: it needs --server');
  if (v.server && !v.name) throw new UsageError('--server takes the runs into a scorecard: it needs --name');
  if ((v.scorecard || v['close-partial']) && !v.server) throw new UsageError('--scorecard and --close-partial need --server and --name');
}

/** The challenge set --seeds names, or null for seeds like 1..20. */
function challengeOf(seeds: string): ChallengeSet | null {
  const set = /^[a-z][a-z0-9-]*$/.test(seeds) ? challengeById(seeds) : null;
  if (/^[a-z]/.test(seeds) && !set)
    throw new UsageError(`--seeds ${seeds}: no such challenge set; the sets are ${CHALLENGE_SETS.map((s) => s.id).join(', ')}`);
  return set;
}

function shardOf(v: RunFlags): Shard | null {
  if (!v.shard) return null;
  try {
    return v.shard === 'auto'
      ? autoShard(process.env, v['shard-count'] ? positive(v['shard-count'], 'shard-count', 1) : undefined)
      : parseShard(v.shard);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A game's seeds: the set's (its rules version must be this hearth's), or the --seeds list. */
function seedsOf({ set, v }: RunSetup, game: Game): number[] {
  if (!set) return parseSeeds(v.seeds!);
  const g = set.games[game.slug];
  if (!g) throw new UsageError(`${set.id} has no ${game.slug}; its games are ${Object.keys(set.games).join(', ')}`);
  if (g.version !== null && g.version !== game.spec.version)
    throw new UsageError(
      `${set.id} pins ${game.slug} rules ${g.version}; this hearth has ${game.spec.version}, so no run could count for the set`,
    );
  return g.seeds.map((s) => s.seed);
}

/** The plan, this shard's part of it, and the results of what an earlier interrupted run already recorded. */
interface Batch {
  whole: Plan[];
  plan: Plan[];
  results: Map<Plan, RunResult>;
  /** How many of the plan's runs were recorded before this run began. */
  resumed: number;
}

/** The plan (attempt by attempt, game by game, seed by seed); half-written records of an interrupt are dropped. */
function planBatch(setup: RunSetup): Batch {
  const { v, out, games, shard } = setup;
  const maxSeeds = positive(v['max-seeds'], 'max-seeds', Number.MAX_SAFE_INTEGER);
  const whole: Plan[] = Array.from({ length: setup.attempts }, (_, attempt) =>
    games.flatMap((game) =>
      seedsOf(setup, game)
        .slice(0, maxSeeds)
        .map((seed) => ({ game, seed, attempt, file: join(out, `${game.slug}-${seed}${attempt > 0 ? `-a${attempt}` : ''}.jsonl`) })),
    ),
  ).flat();
  const plan = shard ? whole.filter((_, i) => i % shard.count === shard.index) : whole;
  for (const f of readdirSync(out)) if (f.endsWith('.jsonl.partial')) rmSync(join(out, f), { force: true });
  const results = new Map<Plan, RunResult>();
  for (const p of plan) {
    const done = recorded(p, setup.set, setup.agentText, setup.view);
    if (done) results.set(p, done);
  }
  const resumed = results.size;
  if (resumed > 0 && !v.json) log(`resuming: ${resumed} of ${plan.length} runs are recorded in ${out} and are not replayed`);
  if (shard && !v.json) log(`shard ${shard.index} of ${shard.count}: ${plan.length} of the plan's ${whole.length} runs`);
  return { whole, plan, results, resumed };
}

/**
 * With --server and --name, the scorecard the runs go into (opened, or joined); null without them; an exit code
 * when the scorecard is already closed (nothing to play, or a usage error when runs are missing).
 */
async function joinScorecard(setup: RunSetup, batch: Batch): Promise<Submitter | null | number> {
  const { v, set, out, model, shard } = setup;
  if (!v.server || !v.name) return null;
  if (!set) throw new UsageError('--server and --name send runs into a scorecard, which is on a challenge set: use --seeds <set id>');
  try {
    return await createSubmitter({
      server: v.server,
      name: v.name,
      out,
      set,
      attempts: setup.attempts,
      tags: tagsOf(v, setup.agentText, model?.settings ?? null),
      ...(v.scorecard ? { id: v.scorecard } : {}),
      shard: shard !== null,
      log,
    });
  } catch (error) {
    if (!(error instanceof ScorecardClosed)) throw error;
    // Run again after it finished: nothing to play or send. With runs missing, this folder's scorecard cannot take them.
    const missing = batch.plan.length - batch.resumed;
    if (missing > 0)
      throw new UsageError(
        `${error.message} but ${missing} run(s) of this plan are not recorded in ${out}: a closed scorecard takes no more runs; use another --out for a new evaluation`,
      );
    log(`${error.message}: this evaluation is complete (${batch.resumed} runs recorded in ${out}); for a new one, use another --out`);
    const { status, body } = await callJson(apiUrl(v.server, `/api/scorecards/${error.id}`));
    if (body.ok !== true) log(`${v.server}: HTTP ${status}: ${refusalText(body)}`);
    else if (!v.json) process.stdout.write(`${formatReport(body)}\n`);
    return 0;
  }
}

/** Sends a recorded run (its record file) into the scorecard. */
function sendRecorded(submitter: Submitter, agentText: string, p: Plan): void {
  const text = readFileSync(p.file, 'utf8');
  const parsed = parseEpisode(text);
  if (parsed.ok)
    submitter.send({
      game: p.game.slug,
      seed: p.seed,
      attempt: p.attempt,
      actions: parsed.actions,
      version: p.game.spec.version,
      record: text,
      agent: agentText,
    });
}

/** The runs recorded before this one that the scorecard lacks: all of them for a new scorecard. */
async function sendRecordedRuns(setup: RunSetup, batch: Batch, submitter: Submitter): Promise<void> {
  if (!submitter.card.opened && batch.resumed > 0) {
    // Recorded runs the scorecard does not hold yet (an interrupt between recording and sending) go in now.
    const { keys } = await submitter.held();
    const missing = [...batch.results.keys()].filter((p) => !keys.has(runKey(p.game.slug, p.seed, p.attempt)));
    if (missing.length > 0) log(`sending ${missing.length} recorded run(s) the scorecard ${submitter.card.id} does not hold yet`);
    for (const p of missing) sendRecorded(submitter, setup.agentText, p);
  } else for (const p of batch.results.keys()) sendRecorded(submitter, setup.agentText, p);
}

/** The runs being played: what they share, how many are done, and why they stopped early (a model API failure). */
interface Playing {
  setup: RunSetup;
  batch: Batch;
  submitter: Submitter | null;
  controller: AbortController;
  finished: number;
  fatal: string | null;
}

/** Plays what is not recorded yet in a bounded pool; SIGINT (or a model API failure) stops it, keeping what is recorded. */
async function playAll(setup: RunSetup, batch: Batch, submitter: Submitter | null): Promise<Playing> {
  const x: Playing = { setup, batch, submitter, controller: new AbortController(), finished: batch.resumed, fatal: null };
  const onSigint = () => x.controller.abort();
  process.once('SIGINT', onSigint);
  const todo = batch.plan.filter((p) => !batch.results.has(p));
  // A bounded pool: at most --jobs games (and programs, or conversations) at once, taken in plan order.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(setup.jobs, Math.max(1, todo.length)) }, async () => {
      while (next < todo.length && !x.controller.signal.aborted) await playOne(x, todo[next++]!);
    }),
  );
  process.removeListener('SIGINT', onSigint);
  return x;
}

/** Plays one run into its record, then keeps its result, sends it to the scorecard and prints its line. */
async function playOne(x: Playing, p: Plan): Promise<void> {
  const played = await recordEpisode(x, p);
  if (!played) return;
  const { run, steps, record, started } = played;
  const sum = summarise(steps);
  x.batch.results.set(p, {
    slug: p.game.slug,
    seed: p.seed,
    score: run.score,
    turns: run.actions.length,
    end: run.end,
    refusals: run.refusals,
    steps: sum.steps,
    ms: sum.ms,
    usage: sum.usage,
  });
  x.finished++;
  x.submitter?.send({
    game: p.game.slug,
    seed: p.seed,
    attempt: p.attempt,
    actions: run.actions,
    version: p.game.spec.version,
    record,
    agent: x.setup.agentText,
  });
  printRun(x, p, run, sum, started);
  if (run.stderr) log(`${p.game.slug} seed ${p.seed}: the program said: ${run.stderr.split('\n').slice(-3).join(' | ')}`);
}

function episodeHeader({ set, view, agentText, model, v }: RunSetup, p: Plan): EpisodeHeader {
  return {
    hearthRecord: RECORD_FORMAT,
    game: p.game.slug,
    seed: p.seed,
    set: set?.id ?? null,
    version: p.game.spec.version,
    view,
    agent: agentText,
    ...(p.attempt > 0 ? { attempt: p.attempt } : {}),
    ...(model ? { model: v.model!, prompt: model.settings.prompt.id, promptHash: promptHash(model.settings.prompt) } : {}),
  };
}

/**
 * Drives the agent through one game, writing its record line by line to <file>.partial and renaming it when the
 * run ends; null (and no record) when interrupted or when the model API failed for good (which stops every run).
 */
async function recordEpisode(x: Playing, p: Plan) {
  const { setup, controller } = x;
  const partial = `${p.file}.partial`;
  const lines = [episodeLine(episodeHeader(setup, p))];
  const steps: EpisodeStep[] = [];
  writeFileSync(partial, lines[0]!);
  const started = performance.now();
  const source: AgentSource | string = setup.model ? modelSource(p.game, setup.model.settings, controller.signal) : setup.v.command!;
  let run: AgentRun;
  try {
    run = await driveAgent(localSession(p.game, p.seed, { compact: setup.view !== 'full' }), source, {
      ...setup.options,
      budget: setup.set?.games[p.game.slug]?.budget ?? null,
      signal: controller.signal,
      onStep: (step) => {
        steps.push(step);
        const line = episodeLine(step);
        lines.push(line);
        writeFileSync(partial, line, { flag: 'a' });
      },
    });
  } catch (error) {
    rmSync(partial, { force: true });
    if (!(error instanceof ModelApiError)) throw error;
    // The model cannot be reached or refuses for good: stop everything; what is recorded stays, and resumes.
    if (!controller.signal.aborted) x.fatal = `${p.game.slug} seed ${p.seed}: the model API failed: ${error.message}`;
    controller.abort();
    return null;
  }
  if (run.end === 'interrupted') {
    rmSync(partial, { force: true });
    return null;
  }
  const endLine = episodeLine({ end: run.end, score: run.score, turns: run.actions.length });
  writeFileSync(partial, endLine, { flag: 'a' });
  renameSync(partial, p.file);
  return { run, steps, record: [...lines, endLine].join(''), started };
}

/** One line per finished run: JSON with --json, else a progress line. */
function printRun(x: Playing, p: Plan, run: AgentRun, sum: EpisodeSummary, started: number): void {
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  if (x.setup.v.json)
    process.stdout.write(
      `${JSON.stringify({ slug: p.game.slug, seed: p.seed, attempt: p.attempt, score: run.score, turns: run.actions.length, gameOver: run.gameOver, end: run.end, refusals: run.refusals, retries: sum.retries, fallbacks: sum.fallbacks, record: p.file })}\n`,
    );
  else
    process.stdout.write(
      `[${x.finished}/${x.batch.plan.length}] ${p.game.slug} seed ${p.seed}${p.attempt > 0 ? ` attempt ${p.attempt}` : ''}: score ${fmt(run.score)} after ${run.actions.length} actions (${run.end}${run.refusals ? `, ${run.refusals} refused` : ''}${sum.fallbacks ? `, ${sum.fallbacks} fallback` : ''}, ${secs} s) → ${p.file}\n`,
    );
}

/** The scorecard from the records (and the model's figures); then the server's scorecard is finished. */
async function report(setup: RunSetup, batch: Batch, submitter: Submitter | null, played: Playing, began: number): Promise<number> {
  const { v, out, set, model } = setup;
  const { plan } = batch;
  const all = plan.flatMap((p) => (batch.results.has(p) ? [batch.results.get(p)!] : []));
  const stats = model ? modelSummary(model.settings.stats, all, performance.now() - began) : null;
  if (played.controller.signal.aborted) {
    if (submitter) await submitter.flush();
    if (played.fatal) log(played.fatal);
    if (stats && !v.json) log(stats);
    log(
      `${played.fatal ? 'stopped' : 'interrupted'}: ${all.length} of ${plan.length} runs are recorded in ${out}${submitter ? ` and sent to scorecard ${submitter.card.id}, which stays open` : ''}; to go on, run the same command again:\n  ${resumeCommand()}`,
    );
    return played.fatal ? 1 : 130;
  }
  const local = scorecard(all, set, v.seeds!);
  if (v.json) process.stdout.write(`${JSON.stringify({ scorecard: local, ...(submitter ? { server: submitter.card.id } : {}) })}\n`);
  else process.stdout.write(`\nfrom the records in ${out} (${all.length} runs):\n${formatScorecard(local)}\n`);
  if (stats && !v.json) process.stdout.write(`${stats}\n`);
  if (!submitter) return 0;
  return finishScorecard(submitter, plan, v, setup.shard !== null, (p) => sendRecorded(submitter, setup.agentText, p));
}

/** Sends what is still queued, sends again what the server lacks, then closes the scorecard (or says why not). */
async function finishScorecard(
  submitter: Submitter,
  plan: readonly Plan[],
  v: { json?: boolean; 'close-partial'?: boolean; server?: string },
  sharded: boolean,
  sendRecorded: (p: Plan) => void,
): Promise<number> {
  await submitter.flush();
  const keyOf = (p: Plan) => runKey(p.game.slug, p.seed, p.attempt);
  let held = await submitter.held();
  let missing = plan.filter((p) => existsSync(p.file) && !held.keys.has(keyOf(p)));
  if (missing.length > 0) {
    log(`scorecard ${submitter.card.id} lacks ${missing.length} run(s) played here: sending them again from their records`);
    for (const p of missing) sendRecorded(p);
    await submitter.flush();
    held = await submitter.held();
    missing = plan.filter((p) => existsSync(p.file) && !held.keys.has(keyOf(p)));
  }
  const unplayed = plan.filter((p) => !existsSync(p.file)).length;
  if (missing.length > 0 && !v['close-partial']) {
    for (const p of missing.slice(0, 20))
      log(
        `  missing: ${p.game.slug} seed ${p.seed}${p.attempt > 0 ? ` attempt ${p.attempt}` : ''}: ${submitter.refused.get(keyOf(p)) ?? 'no answer'}`,
      );
    if (missing.length > 20) log(`  ... and ${missing.length - 20} more`);
    log(
      `scorecard ${submitter.card.id} stays open: ${missing.length} run(s) played here are not in it (above, with the server's reasons). Run the same command again to send them, or add --close-partial to close it as it is.`,
    );
    if (!v.json) process.stdout.write(`\n${formatReport(held.report)}\n`);
    return 1;
  }
  if (sharded && !held.complete && !v['close-partial']) {
    log(
      `scorecard ${submitter.card.id} stays open: this shard's runs are in; the other shards' are not all in yet (the last shard to finish closes it)`,
    );
    if (!v.json) process.stdout.write(`\n${formatReport(held.report)}\n`);
    return 0;
  }
  if (unplayed > 0 && !v['close-partial']) {
    log(`scorecard ${submitter.card.id} stays open: ${unplayed} run(s) of the plan were not played`);
    return 1;
  }
  const closed = await submitter.close();
  if (!closed.ok) {
    log(`${v.server}: could not close scorecard ${submitter.card.id}: ${String(closed.body.reason)}: ${String(closed.body.message)}`);
    return 1;
  }
  if (!v.json)
    process.stdout.write(
      `\non the server (the scorecard holds ${held.keys.size} run${held.keys.size === 1 ? '' : 's'}; its numbers are the table's above when it holds every run recorded here):\n${formatReport(closed.body)}\n`,
    );
  return 0;
}

/** The command line again, quoted for a POSIX shell: what resumes an interrupted run. */
function resumeCommand(): string {
  const q = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  return ['hearth', ...process.argv.slice(2)].map(q).join(' ');
}

/** The model's settings from the flags; a missing key for a hosted API is a usage error naming the variable. */
function modelSettings(provider: Provider, v: Record<string, string | boolean | undefined>, jobs: number) {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const baseUrl = str('base-url') ?? DEFAULT_BASE_URL[provider];
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  const key = process.env[KEY_ENV[provider]] || null;
  if (!key && str('base-url') === undefined)
    throw new UsageError(`${KEY_ENV[provider]} is not set: the ${provider} API needs a key (a local server at --base-url may not)`);
  const prompt = promptById(str('prompt') ?? DEFAULT_PROMPT);
  if (!prompt) throw new UsageError(`--prompt ${str('prompt')}: no such prompt; the prompts are ${PROMPTS.map((p) => p.id).join(', ')}`);
  const mode = (str('mode') ?? 'text') as AnswerMode;
  if (mode !== 'text' && mode !== 'tools') throw new UsageError('--mode must be text or tools');
  const t = str('temperature') ?? '0';
  const temperature = t === 'none' ? null : Number(t);
  if (temperature !== null && (!Number.isFinite(temperature) || temperature < 0 || temperature > 2))
    throw new UsageError('--temperature must be a number from 0 to 2, or none');
  const price = (k: string) => {
    const raw = str(k);
    if (raw === undefined) return null;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${k} must be dollars per million tokens (a number >= 0)`);
    return n;
  };
  const priceIn = price('price-in');
  const priceOut = price('price-out');
  if ((priceIn === null) !== (priceOut === null)) throw new UsageError('--price-in and --price-out go together');
  const fallback = (str('fallback') ?? 'end') as Fallback;
  if (fallback !== 'end' && fallback !== 'first-legal') throw new UsageError('--fallback must be end or first-legal');
  const retries = nonNegative(str('retries'), 'retries', DEFAULT_RETRY.retries);
  const stats: ModelStats = { calls: 0, apiRetries: 0, input: 0, output: 0 };
  const settings: ModelSettings = {
    provider,
    model: (str('model') as string).slice(provider.length + 1),
    baseUrl,
    key,
    temperature,
    maxTokens: positive(str('max-tokens'), 'max-tokens', 1024),
    mode,
    history: nonNegative(str('history'), 'history', DEFAULT_HISTORY),
    prompt,
    priceIn,
    priceOut,
    retry: { ...DEFAULT_RETRY, timeoutMs: positive(str('timeout-ms'), 'timeout-ms', DEFAULT_RETRY.timeoutMs), retries },
    limiter: new Limiter(positive(str('concurrency'), 'concurrency', jobs)),
    stats,
    onRetry: (why, ms) => process.stderr.write(`model API: ${why}; retrying in ${(ms / 1000).toFixed(1)} s\n`),
  };
  return { settings, maxRetries: nonNegative(str('max-retries'), 'max-retries', 3), fallback };
}

/** The scorecard's tags: the model, the harness, the prompt id, and in meta the prompt's hash and the settings. */
function tagsOf(
  v: Record<string, string | boolean | undefined>,
  agentText: string,
  s: ModelSettings | null,
): { model: string | null; agent: string; prompt: string | null; meta: Record<string, string | number | boolean | null> } {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  if (!s) return { model: str('model'), agent: agentText.slice(0, 100), prompt: str('prompt'), meta: {} };
  const base = new URL(s.baseUrl);
  return {
    model: str('model'),
    agent: `hearth agent run (${s.mode}, history ${s.history})`.slice(0, 100),
    prompt: s.prompt.id,
    meta: {
      promptHash: promptHash(s.prompt),
      mode: s.mode,
      history: s.history,
      temperature: s.temperature,
      maxTokens: s.maxTokens,
      baseUrl: `${base.origin}${base.pathname}`.replace(/\/+$/, ''),
      priceIn: s.priceIn,
      priceOut: s.priceOut,
    },
  };
}

/** The run's model figures: calls, HTTP retries, tokens, reply retries and fallbacks, wall time. */
function modelSummary(stats: ModelStats, runs: readonly RunResult[], ms: number): string {
  return `model: ${stats.calls} calls, ${stats.apiRetries} HTTP retries, ${stats.input} input and ${stats.output} output tokens; ${runs.reduce((a, r) => a + r.refusals, 0)} refused or unreadable answers; wall time ${(ms / 1000).toFixed(1)} s`;
}

async function prompts(argv: readonly string[]): Promise<number> {
  const json = argv.includes('--json');
  const rows = PROMPTS.map((p) => ({ id: p.id, hash: promptHash(p), title: p.title, examples: p.examples }));
  if (json) process.stdout.write(`${JSON.stringify({ prompts: rows, default: DEFAULT_PROMPT, history: DEFAULT_HISTORY })}\n`);
  else
    for (const r of rows)
      process.stdout.write(`${r.id}  ${r.hash.slice(0, 19)}…  ${r.title}${r.id === DEFAULT_PROMPT ? ' (default)' : ''}\n`);
  return 0;
}

/** The challenge sets as the server's GET /api/challenges gives them ({ sets: [...] }), or one set. */
async function sets(argv: readonly string[]): Promise<number> {
  const json = argv.includes('--json');
  const ids = argv.filter((a) => !a.startsWith('--'));
  if (ids.length > 1 || argv.some((a) => a.startsWith('--') && a !== '--json'))
    throw new UsageError('usage: hearth agent sets [ID] [--json]');
  const chosen = ids[0] === undefined ? CHALLENGE_SETS : CHALLENGE_SETS.filter((s) => s.id === ids[0]);
  if (chosen.length === 0) throw new UsageError(`no challenge set ${ids[0]}; the sets are ${CHALLENGE_SETS.map((s) => s.id).join(', ')}`);
  if (json) process.stdout.write(`${JSON.stringify(ids[0] === undefined ? { sets: chosen } : chosen[0])}\n`);
  else
    for (const set of chosen)
      process.stdout.write(
        `${set.id}  ${set.title}: ${Object.entries(set.games)
          .map(([slug, g]) => `${slug} ${g.seeds.length} seeds${g.budget ? ` (${g.budget.text})` : ''}`)
          .join('; ')}\n`,
      );
  return 0;
}

/** A complete record of this plan entry (its end line written), as a result; null when it must be played. */
function recorded(p: Plan, set: ChallengeSet | null, agent: string, view: string): RunResult | null {
  if (!existsSync(p.file)) return null;
  const parsed = parseEpisode(readFileSync(p.file, 'utf8'));
  if (!parsed.ok || parsed.end === null) return null;
  const h = parsed.header;
  // Another program, view or set made a different run: play it again (the record is replaced).
  if (
    h.game !== p.game.slug ||
    h.seed !== p.seed ||
    h.set !== (set?.id ?? null) ||
    h.agent !== agent ||
    h.view !== view ||
    (h.attempt ?? 0) !== p.attempt
  )
    return null;
  const s = parsed.summary;
  return {
    slug: p.game.slug,
    seed: p.seed,
    score: parsed.end.score,
    turns: parsed.end.turns,
    end: parsed.end.end,
    refusals: s.refusals,
    steps: s.steps,
    ms: s.ms,
    usage: s.usage,
  };
}

/** "1..20", "3", "1..5,9,12..14" (at most 100,000 seeds). */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:\.\.(\d+))?$/.exec(part.trim());
    if (!m) throw new UsageError(`--seeds must be a challenge set id or look like 1..20 or 1,5,9 (got ${JSON.stringify(text)})`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (b < a || b > 0xffffffff) throw new UsageError(`--seeds range ${part} is empty or beyond 4294967295`);
    if (out.length + (b - a + 1) > 100_000) throw new UsageError('--seeds: at most 100,000 seeds in one run');
    for (let s = a; s <= b; s++) out.push(s);
  }
  return out;
}

function positive(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(text);
}

function nonNegative(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number (0 or more)`);
  return Number(text);
}
