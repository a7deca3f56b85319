// Drives one external program through one game over the JSON pipe, with the roles of `hearth play --json`
// turned around: this side writes each response line to the program's standard input and reads one action
// line from its standard output. The game ends at game over, at the turn cap, when the program exits or
// stalls, or after too many refusals in a row; whatever was accepted is the run.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { answerLine } from '../commands/json.ts';
import type { Session } from '../session.ts';

export type AgentEnd = 'game_over' | 'max_turns' | 'agent_exit' | 'timeout' | 'refusals';

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
  /** Longest wait for one action line. */
  timeoutMs: number;
  /** Refusals in a row that end the run (a program that keeps sending what the engine refuses). */
  maxRefusals: number;
  cwd?: string;
}

export async function driveAgent(session: Session, command: string, options: DriveOptions): Promise<AgentRun> {
  // Its own process group, so a shell's children go when it goes (see stop()).
  const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.stdin.on('error', () => {}); // a program that exits early: its pipe closes; the run ends below
  const lines = lineReader(child);
  const actions: unknown[] = [];
  const write = (value: unknown) => {
    if (!child.stdin.destroyed) child.stdin.write(`${JSON.stringify(value)}\n`);
  };
  let refusals = 0;
  let total = 0;
  let end: AgentEnd = 'agent_exit';
  write(session.current);
  for (let n = 1; ; n++) {
    if (session.current.gameOver) {
      end = 'game_over';
      break;
    }
    if (actions.length >= options.maxTurns) {
      end = 'max_turns';
      break;
    }
    const line = await lines.next(options.timeoutMs);
    if (line === 'timeout') {
      end = 'timeout';
      break;
    }
    if (line === null) break;
    const { response, action } = await answerLine(session, line, n);
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
    stderr: end === 'game_over' || end === 'max_turns' ? '' : stderr.trim(),
  };
}

/** Lines of the program's output, one at a time, with a deadline; null once it closed its output. */
function lineReader(child: ChildProcessWithoutNullStreams) {
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
  return {
    async next(timeoutMs: number): Promise<string | null | 'timeout'> {
      if (queue.length === 0 && !closed) {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await new Promise<boolean>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(() => resolve(true), timeoutMs);
        });
        clearTimeout(timer);
        wake = undefined;
        if (timedOut && queue.length === 0) return 'timeout';
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
