// Drives one external program through one game over the JSON pipe, with the roles of `hearth play --json`
// turned around: this side writes each response line to the program's standard input and reads one action
// line from its standard output. The game ends at game over, at the turn cap or the set's budget, when the
// program exits, stalls past the per-action timeout or the run's wall limit, or after too many refusals in a row;
// whatever was accepted is the run. Every line the program sends becomes one line of the episode record.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { budgetAllows, type ChallengeBudget, type EpisodeStep, type Usage, usageOf, viewHash } from '@hearth/store/challenges';
import { answerLine, firstLine, type PipeOptions } from '../commands/json.ts';
import type { Session } from '../session.ts';

export type AgentEnd = 'game_over' | 'max_turns' | 'budget' | 'agent_exit' | 'timeout' | 'wall' | 'refusals' | 'interrupted';

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
 * model call cost (an object with an `action` member and no `type`).
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
    return { text: JSON.stringify(wrapped.action), action: wrapped.action, usage: usageOf(wrapped.usage) };
  }
  return { text: line, action: value };
}

export async function driveAgent(session: Session, command: string, options: DriveOptions): Promise<AgentRun> {
  // Its own process group, so a shell's children go when it goes (see stop()).
  const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.stdin.on('error', () => {}); // a program that exits early: its pipe closes; the run ends below
  const lines = lineReader(child, options.signal);
  const actions: unknown[] = [];
  let shown = '';
  let shownAt = performance.now();
  const write = (value: unknown) => {
    shown = JSON.stringify(value);
    shownAt = performance.now();
    if (!child.stdin.destroyed) child.stdin.write(`${shown}\n`);
  };
  const started = performance.now();
  let refusals = 0;
  let total = 0;
  let end: AgentEnd = 'agent_exit';
  write(firstLine(session, options.pipe));
  for (let n = 1; ; n++) {
    if (session.current.gameOver) {
      end = 'game_over';
      break;
    }
    if (options.budget && actions.length >= options.budget.actions) {
      end = 'budget';
      break;
    }
    if (actions.length >= options.maxTurns) {
      end = 'max_turns';
      break;
    }
    const left = options.wallMs - (performance.now() - started);
    const line = left <= 0 ? 'wall' : await lines.next(Math.min(options.timeoutMs, left), options.timeoutMs < left ? 'timeout' : 'wall');
    if (line === 'timeout' || line === 'wall' || line === 'interrupted') {
      end = line;
      break;
    }
    if (line === null) break;
    const ms = Math.round(performance.now() - shownAt);
    const sent = agentLine(line);
    if (options.budget && sent.action !== undefined && !budgetAllows(options.budget, actions, sent.action)) {
      end = 'budget';
      break;
    }
    const { response, action } = await answerLine(session, sent.text, n, options.pipe);
    const step: EpisodeStep = { step: n - 1, turn: actions.length, view: viewHash(shown), action: action ?? null, ok: response.ok, ms };
    if (!response.ok) step.reason = response.reason;
    if (sent.usage) step.usage = sent.usage;
    options.onStep?.(step);
    if (response.ok) {
      actions.push(action);
      refusals = 0;
    } else {
      refusals++;
      total++;
    }
    write(response);
    if (refusals >= options.maxRefusals) {
      end = 'refusals';
      break;
    }
  }
  await stop(child);
  return {
    slug: session.slug,
    seed: session.seed,
    actions,
    score: session.current.score,
    gameOver: session.current.gameOver,
    end,
    refusals: total,
    stderr: ['game_over', 'max_turns', 'budget', 'interrupted'].includes(end) ? '' : stderr.trim(),
  };
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
  signal?.addEventListener('abort', () => wake?.(), { once: true });
  return {
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
