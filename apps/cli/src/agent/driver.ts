// Drives one agent through one game: an external program over the JSON pipe (the roles of `hearth play --json`
// turned around: this side writes each response line to the program's standard input and reads one action line
// from its standard output), or a language model through a model adapter (./model/agent.ts). The game ends at game
// over, at the turn cap or the set's budget, when the program exits, stalls past the per-action timeout or the
// run's wall limit, after too many refusals in a row (programs), or at the fallback once a step's retries ran out
// (models); whatever was accepted is the run. Every answer the agent gives becomes one line of the episode record.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  budgetAllows,
  type ChallengeBudget,
  type EpisodeStep,
  type Transcript,
  type Usage,
  usageOf,
  viewHash,
} from '@hearth/store/challenges';
import { answerLine, firstLine, type PipeOptions, type PipeResponse } from '../commands/json.ts';
import type { Session } from '../session.ts';
import { memberText } from './model/parse.ts';

export type AgentEnd = 'game_over' | 'max_turns' | 'budget' | 'agent_exit' | 'timeout' | 'wall' | 'refusals' | 'fallback' | 'interrupted';

/** What the agent is being shown: the first position, the next one, or the answer to its refused or unreadable answer. */
export type ShowKind = 'start' | 'accepted' | 'refused' | 'malformed';

/** One answer of an agent. */
export interface AgentAnswer {
  /** The action's JSON text exactly as the agent wrote it ('' when none could be read: see malformed). */
  line: string;
  usage?: Usage;
  transcript?: Transcript;
  /** The exact text the agent was shown before it answered (its hash goes in the record). */
  view: string;
  /** Why no action could be read from the answer (models only); the answer then counts as a refusal. */
  malformed?: string;
  /** How long the answer took, when the source timed it itself (a model call). */
  ms?: number;
}

/** Where answers come from: a program's lines, or a model's replies. */
export interface AgentSource {
  show(response: PipeResponse, kind: ShowKind, turn: number): void;
  /** The next answer; null once the agent is gone (a program closed its output). */
  next(timeoutMs: number, late: 'timeout' | 'wall'): Promise<AgentAnswer | null | 'timeout' | 'wall' | 'interrupted'>;
  stop(): Promise<void>;
  /** The program's last words on standard error. */
  stderr(): string;
}

/** What to do when a step's retries ran out: end the run there, or play the first legal action (end when there is none). */
export type Fallback = 'end' | 'first-legal';

export interface AgentRun {
  slug: string;
  seed: number;
  actions: unknown[];
  score: number;
  gameOver: boolean;
  end: AgentEnd;
  refusals: number;
  /** The program's last words on standard error when it ended the run badly. */
  stderr: string;
}

export interface DriveOptions {
  maxTurns: number;
  /** Longest wait for one action line (a model call). */
  timeoutMs: number;
  /** Longest a whole run may take; past it the run ends with what was accepted (end "wall"). */
  wallMs: number;
  /** Refusals in a row that end the run (a program that keeps sending what the engine refuses). */
  maxRefusals: number;
  /**
   * Models: asks again at most this many times per turn after a malformed reply or a refused action; then the
   * fallback. Undefined: no per-turn bound (programs: maxRefusals applies).
   */
  maxRetries?: number;
  fallback?: Fallback;
  /** The set's budget: the run stops before the first action that would leave it (end "budget"). */
  budget?: ChallengeBudget | null;
  /** What the pipe sends (full responses, or the compact or lean view). */
  pipe?: PipeOptions;
  /** Each step as it happens (the episode record's lines). */
  onStep?: (step: EpisodeStep) => void;
  /** Aborting ends the run at once (SIGINT): end "interrupted", the program stopped. */
  signal?: AbortSignal;
  cwd?: string;
}

/**
 * An agent's line: a bare action, or `{"action": ..., "usage": {"input", "output", "cost"}}` to report what the
 * model call cost (an object with an `action` member and no `type`). The action's text is passed on exactly as the
 * agent wrote it (the engine parses it once), never parsed and written out again.
 */
export function agentLine(line: string): { text: string; action?: unknown; usage?: Usage } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { text: line };
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && 'action' in value && !('type' in value)) {
    const wrapped = value as { action: unknown; usage?: unknown };
    return {
      text: memberText(line.trim(), 'action') ?? JSON.stringify(wrapped.action),
      action: wrapped.action,
      usage: usageOf(wrapped.usage),
    };
  }
  return { text: line, action: value };
}

/** An external program over the JSON pipe, in its own process group. */
export function programSource(command: string, options: { cwd?: string; signal?: AbortSignal }): AgentSource {
  // Its own process group, so a shell's children go when it goes (see stop()).
  const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.stdin.on('error', () => {}); // a program that exits early: its pipe closes; the run ends below
  const lines = lineReader(child, options.signal);
  let shown = '';
  return {
    show(response) {
      shown = JSON.stringify(response);
      if (!child.stdin.destroyed) child.stdin.write(`${shown}\n`);
    },
    async next(timeoutMs, late) {
      const line = await lines.next(timeoutMs, late);
      if (line === null || line === 'timeout' || line === 'wall' || line === 'interrupted') return line;
      const sent = agentLine(line);
      return { line: sent.text, view: shown, ...(sent.usage ? { usage: sent.usage } : {}) };
    },
    stop: () => {
      lines.dispose();
      return stop(child);
    },
    stderr: () => stderr.trim(),
  };
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export async function driveAgent(session: Session, agent: AgentSource | string, options: DriveOptions): Promise<AgentRun> {
  const source = typeof agent === 'string' ? programSource(agent, { cwd: options.cwd, signal: options.signal }) : agent;
  const d = new Drive(session, source, options);
  d.show(firstLine(session, options.pipe), 'start');
  let end: AgentEnd;
  try {
    end = await d.run();
  } finally {
    await source.stop();
  }
  return {
    slug: session.slug,
    seed: session.seed,
    actions: d.actions,
    score: session.current.score,
    gameOver: session.current.gameOver,
    end,
    refusals: d.total,
    stderr: ['game_over', 'max_turns', 'budget', 'interrupted'].includes(end) ? '' : source.stderr(),
  };
}

type Answered = Exclude<Awaited<ReturnType<AgentSource['next']>>, null | 'timeout' | 'wall' | 'interrupted'>;

/**
 * One run of an agent on a session: show the agent what happened, take its answer, have the engine judge it, record
 * the step; refused or malformed answers are shown again with the reason until the limits or the fallback end it.
 */
class Drive {
  readonly actions: unknown[] = [];
  /** Failed answers over the run. */
  total = 0;
  private shownAt = performance.now();
  private readonly started = performance.now();
  /** Failed answers in a row. */
  private refusals = 0;
  /** Failed answers at this turn so far (a malformed reply or a refused action). */
  private failedHere = 0;
  private step = 0;

  constructor(
    private readonly session: Session,
    private readonly source: AgentSource,
    private readonly options: DriveOptions,
  ) {}

  show(response: PipeResponse, kind: ShowKind): void {
    this.shownAt = performance.now();
    this.source.show(response, kind, this.actions.length);
  }

  /** Steps until the run ends; returns why it ended. */
  async run(): Promise<AgentEnd> {
    for (;;) {
      const limit = this.limitReached();
      if (limit) return limit;
      const answer = await this.nextAnswer();
      if (answer === 'timeout' || answer === 'wall' || answer === 'interrupted') return answer;
      if (this.options.signal?.aborted) return 'interrupted';
      if (answer === null) return 'agent_exit';
      const judged = await this.judge(answer);
      if (judged === 'budget') return 'budget';
      if (judged.response.ok) {
        this.refusals = 0;
        this.failedHere = 0;
        this.show(judged.response, judged.kind);
        continue;
      }
      const end = await this.failed(answer, judged.response, judged.kind);
      if (end) return end;
    }
  }

  private record(s: Omit<EpisodeStep, 'step' | 'turn'>): void {
    const line: EpisodeStep = { step: this.step++, turn: this.actions.length, ...s };
    this.options.onStep?.(line);
  }

  /** The game is over, or the budget or the turn limit is reached. */
  private limitReached(): AgentEnd | null {
    const { options, actions } = this;
    if (this.session.current.gameOver) return 'game_over';
    if (options.budget && actions.length >= options.budget.actions) return 'budget';
    if (actions.length >= options.maxTurns) return 'max_turns';
    return null;
  }

  /** The agent's next answer, waiting at most the answer timeout and what is left of the run's wall time. */
  private nextAnswer(): ReturnType<AgentSource['next']> | 'wall' {
    const { timeoutMs, wallMs } = this.options;
    const left = wallMs - (performance.now() - this.started);
    return left <= 0 ? 'wall' : this.source.next(Math.min(timeoutMs, left), timeoutMs < left ? 'timeout' : 'wall');
  }

  /**
   * The engine's answer to the agent's (or the malformed reply's refusal), recorded as a step; 'budget' when the
   * action would leave the set's budget (the run stops before it).
   */
  private async judge(answer: Answered): Promise<{ response: PipeResponse; kind: ShowKind } | 'budget'> {
    const { session, options } = this;
    const ms = answer.ms ?? Math.round(performance.now() - this.shownAt);
    const extra = {
      ...(answer.usage ? { usage: answer.usage } : {}),
      ...(this.failedHere > 0 ? { retry: this.failedHere } : {}),
      ...(answer.transcript ? { transcript: answer.transcript } : {}),
    };
    if (answer.malformed !== undefined) {
      const response: PipeResponse = {
        ok: false,
        reason: 'malformed_reply',
        message: answer.malformed,
        legalActions: session.current.legalActions,
      };
      this.record({ view: viewHash(answer.view), action: null, ok: false, reason: 'malformed_reply', ms, ...extra });
      return { response, kind: 'malformed' };
    }
    const action = parsed(answer.line);
    if (options.budget && action !== undefined && !budgetAllows(options.budget, this.actions, action)) return 'budget';
    const result = await answerLine(session, answer.line, this.step + 1, options.pipe);
    const response = result.response;
    this.record({
      view: viewHash(answer.view),
      action: result.action ?? null,
      ok: response.ok,
      ...(response.ok ? {} : { reason: response.reason }),
      ms,
      ...extra,
    });
    if (response.ok) this.actions.push(result.action);
    return { response, kind: response.ok ? 'accepted' : 'refused' };
  }

  /** A failed answer: shown again with the reason, unless the turn's retries ran out (the fallback) or too many in a row. */
  private async failed(answer: Answered, response: PipeResponse, kind: ShowKind): Promise<AgentEnd | null> {
    const { options } = this;
    this.refusals++;
    this.total++;
    this.failedHere++;
    if (options.maxRetries !== undefined && this.failedHere > options.maxRetries) return this.fallback(answer);
    this.show(response, kind);
    if (options.maxRetries === undefined && this.refusals >= options.maxRefusals) return 'refusals';
    return null;
  }

  /** The retries of this turn ran out: the documented fallback (end the run, or play the first legal action). */
  private async fallback(answer: Answered): Promise<AgentEnd | null> {
    const first = this.session.current.legalActions[0];
    if (this.options.fallback !== 'first-legal' || first === undefined) return 'fallback';
    const result = await answerLine(this.session, JSON.stringify(first), this.step + 1, this.options.pipe);
    this.record({ view: viewHash(answer.view), action: first, ok: result.response.ok, ms: 0, fallback: true });
    if (!result.response.ok) return 'fallback';
    this.actions.push(first);
    this.refusals = 0;
    this.failedHere = 0;
    this.show(result.response, 'accepted');
    return null;
  }
}

/** Lines of the program's output, one at a time, with a deadline; null once it closed its output. */
function lineReader(child: ChildProcessWithoutNullStreams, signal?: AbortSignal) {
  const queue: string[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  const rl = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  rl.on('line', (l) => {
    queue.push(l);
    wake?.();
  });
  rl.on('close', () => {
    closed = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    /** Stops listening to the run's signal (80 runs must not leave 80 listeners on it). */
    dispose: () => signal?.removeEventListener('abort', onAbort),
    async next<T extends string>(timeoutMs: number, late: T): Promise<string | null | T | 'interrupted'> {
      if (signal?.aborted) return 'interrupted';
      if (queue.length === 0 && !closed) {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await new Promise<boolean>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(() => resolve(true), timeoutMs);
        });
        clearTimeout(timer);
        wake = undefined;
        if (signal?.aborted) return 'interrupted';
        if (timedOut && queue.length === 0) return late;
      }
      return queue.shift() ?? null;
    },
  };
}

/**
 * End of input tells the program the run is over; one that does not leave within 2 s is terminated with its
 * process group (a `sh -c` command's own children included). Its pipes are closed either way.
 */
async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), 2000)))]);
    clearTimeout(timer);
    if (late) {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM'); // the group is gone already
      }
      await exited;
    }
  }
  // Anything the program started and left behind must not hold this process open through the pipes.
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // the whole group has exited
  }
  child.stdout.destroy();
  child.stderr.destroy();
}
