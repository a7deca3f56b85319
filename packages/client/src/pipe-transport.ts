// The CLI's JSON pipe as a Transport (Node only): each game is a `hearth play <slug> --seed N --json` child, one
// action per line in and one response per line out, the child holding the state; verify is `hearth verify <record>
// --json` on the actions so far. A child that exits or writes something that is not JSON answers the step it was
// asked as a refusal (pipe_closed, pipe_error), never a throw.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { OkResponse, VerifyOutcome } from '@hearth/engine';
import { type Channel, failure, type Response, type Transport, TransportError } from './types.ts';

export interface PipeOptions {
  /** The command that runs the CLI, e.g. [process.execPath, 'apps/cli/dist/hearth.mjs'] or ['hearth']. */
  command: readonly string[];
  /** Environment for the children (default this process's). */
  env?: NodeJS.ProcessEnv;
  /** The longest wait for one line, in ms (default 30 s): past it the step is refused with pipe_timeout. */
  timeoutMs?: number;
}

export function pipeTransport(options: PipeOptions): Transport {
  const [bin, ...pre] = options.command;
  if (!bin) throw new Error('pipeTransport needs a command');
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    kind: 'pipe',
    async open(slug, seed, openOptions) {
      const args = [...pre, 'play', slug, '--seed', String(seed >>> 0), '--json', ...(openOptions?.compact ? ['--view', 'compact'] : [])];
      const child = spawn(bin, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      child.stdin.on('error', () => {}); // a child gone mid-write is answered by the read below
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const exited = new Promise<void>((done) => child.once('close', () => done()));
      /** The next line as JSON, or why there is none. */
      const next = async (): Promise<{ value: unknown } | { error: string; reason: string }> => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<{ error: string; reason: string }>((done) => {
          timer = setTimeout(() => done({ reason: 'pipe_timeout', error: `the CLI gave no answer within ${timeoutMs} ms` }), timeoutMs);
        });
        const read = lines.next().then(({ value, done }) => {
          if (done) return { reason: 'pipe_closed', error: `the CLI closed its output${stderr ? `: ${stderr.trim().slice(0, 300)}` : ''}` };
          try {
            return { value: JSON.parse(value) as unknown };
          } catch {
            return { reason: 'pipe_error', error: `the CLI wrote a line that is not JSON: ${value.slice(0, 200)}` };
          }
        });
        try {
          return await Promise.race([read, timeout]);
        } finally {
          clearTimeout(timer);
        }
      };
      const first = await next();
      if ('error' in first) {
        child.kill();
        const unknown = /no game|unknown game/i.test(stderr);
        throw new TransportError(`hearth play ${slug}: ${first.error}`, unknown ? 'unknown_game' : first.reason);
      }
      let closed = false;
      const channel: Channel = {
        first: first.value as OkResponse,
        async send(action, stepOptions): Promise<Response> {
          if (closed) return failure('closed', 'this game was closed');
          void stepOptions; // the pipe's form is fixed when it opens (--view compact carries the recap in `view`)
          child.stdin.write(`${JSON.stringify(action)}\n`);
          const answer = await next();
          if ('error' in answer) return failure(answer.reason, answer.error);
          return answer.value as Response;
        },
        async verify(actions): Promise<VerifyOutcome> {
          return verifyThroughCli(bin, pre, options.env ?? process.env, slug, seed >>> 0, actions);
        },
        async close() {
          if (closed) return;
          closed = true;
          child.stdin.end();
          await exited;
        },
      };
      return channel;
    },
  };
}

/** `hearth verify <record> --json` on a record written to a temporary file. */
function verifyThroughCli(
  bin: string,
  pre: readonly string[],
  env: NodeJS.ProcessEnv,
  slug: string,
  seed: number,
  actions: readonly unknown[],
): Promise<VerifyOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-client-verify-'));
  const file = join(dir, 'record.json');
  writeFileSync(file, `${JSON.stringify({ slug, seed, actions })}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...pre, 'verify', file, '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('error', (error) => reject(new TransportError(`hearth verify: ${error.message}`, 'pipe_error')));
    child.once('close', () => {
      rmSync(dir, { recursive: true, force: true });
      try {
        const { slug: _slug, seed: _seed, ...outcome } = JSON.parse(out) as VerifyOutcome & { slug: string; seed: number };
        resolve(outcome as VerifyOutcome);
      } catch {
        reject(new TransportError(`hearth verify answered no JSON: ${(err || out).trim().slice(0, 300)}`, 'pipe_error'));
      }
    });
  });
}
