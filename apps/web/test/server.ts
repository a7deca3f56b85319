// The real bundled hearth server (apps/server/dist/server.mjs) on a loopback port, serving a given web build
// (WEB_DIST) with a fresh DATA_DIR (SQLite), for the browser suites that need the API. `skip` says why it
// cannot run (no bundle, or one that predates the runs routes).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repo } from './harness.ts';

export const bundle = join(repo, 'apps', 'server', 'dist', 'server.mjs');
export const serverMissing = !existsSync(bundle)
  ? `no server bundle at ${bundle} (pnpm --filter @hearth/server build)`
  : !readFileSync(bundle, 'utf8').includes('/api/runs')
    ? 'the server bundle has no /api/runs yet (rebuild it: pnpm --filter @hearth/server build)'
    : undefined;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Polls /healthz until the server answers (a condition, not a fixed sleep); fails if the process exits first. */
async function ready(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}healthz`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer within 60 s:\n${log()}`);
}

export interface RealServer {
  url: string;
  output(): string;
  close(): Promise<void>;
}

export async function startRealServer(webDist: string): Promise<RealServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-web-runs-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = '';
  // always the SQLite default in DATA_DIR, whatever DATABASE_URL the environment carries
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [bundle], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: webDist, DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_RPS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  try {
    await ready(url, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    output: () => output,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Goes to a URL of the app from a page that may hold a finished, unsubmitted run: when the page asks before
 * leaving it, the answer is "Leave the run".
 */
export async function leaveTo(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction((u) => location.href === u || document.querySelector('#leave:not([hidden])') !== null, url);
  if (await page.isVisible('#leave:not([hidden])')) await page.click('#leave [data-leave="go"]');
  await page.waitForFunction((u) => location.href === u, url);
}
