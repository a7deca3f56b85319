import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * Builds the production bundle into a fresh folder outside the repository (no node_modules anywhere above
 * it), so running it proves the bundle is self-contained. Returns the bundle's path. `env` reaches the build
 * (HEARTH_REGISTRY: a test build serving the test registry).
 */
export function buildBundleOutsideRepo(env: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bundle-'));
  const out = join(dir, 'server.mjs');
  execFileSync(process.execPath, [join(appDir, 'scripts/build.mjs'), out], {
    stdio: 'pipe',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return out;
}

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => done(port));
    });
  });
}

export interface Instance {
  proc: ChildProcess;
  port: number;
  url: string;
  /** Every stdout line so far (JSON logs). */
  lines: string[];
  exited: Promise<number | null>;
  /** SIGTERM (SIGKILL after 15 s); resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `node bundle` on a free loopback port with the given env; resolves when /healthz answers. */
export async function startBundle(
  bundle: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Options for node itself before the bundle (the bench's --cpu-prof, which NODE_OPTIONS does not take). */
  nodeArgs: readonly string[] = [],
): Promise<Instance> {
  const port = await freePort();
  const proc = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: resolve(bundle, '..'),
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  proc.stdout?.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
  });
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`bundle exited with ${proc.exitCode}: ${stderr.slice(0, 1000)}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`bundle did not answer /healthz in ${timeoutMs} ms: ${stderr.slice(0, 1000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    port,
    url,
    lines,
    exited,
    stop: () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      const force = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      return exited.finally(() => clearTimeout(force));
    },
  };
}

/** Waits (logs are buffered up to a second) until a stdout line matches; returns it parsed, or throws. */
export async function waitForLine(instance: Instance, match: (log: any) => boolean, timeoutMs = 5000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of instance.lines) {
      try {
        const log = JSON.parse(line);
        if (match(log)) return log;
      } catch {
        // not a JSON line
      }
    }
    if (Date.now() > deadline) throw new Error(`no log line matched in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
