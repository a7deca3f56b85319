// Two server processes sharing one PostgreSQL, behind nginx round robin: runs submitted through either are
// ranked on one board, 50 concurrent clients lose or duplicate nothing, and a restarted instance keeps it all.
// Started from source (src/main.ts through tsx) with only environment variables, as an operator would.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PgCluster, startPostgres } from '@hearth/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/bundle.ts';
import { golden } from './runs-backends.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const appDir = fileURLToPath(new URL('..', import.meta.url));
const started = await startPostgres();
const skip = 'skip' in started ? started.skip : null;
if (skip) console.warn(`skipping the shared PostgreSQL test: ${skip}`);
const cluster = 'skip' in started ? null : (started as PgCluster);

interface Proc {
  proc: ChildProcess;
  port: number;
  url: string;
  stop(): Promise<void>;
}

async function startInstance(env: Record<string, string>, port?: number): Promise<Proc> {
  const p = port ?? (await freePort());
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? '', PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_RPS: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  const url = `http://127.0.0.1:${p}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`instance exited: ${stderr.slice(0, 2000)}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error(`instance did not start: ${stderr.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    port: p,
    url,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

const run = golden('cragwake', 'greedy-seed-7-ends-at-pitch-6-ledge.replay.json');
let env: Record<string, string>;
let a: Proc;
let b: Proc;

beforeAll(async () => {
  if (!cluster) return;
  env = { DATABASE_URL: await cluster.createDatabase(), STATE_SECRET: 'shared-secret-for-the-runs-test', RUN_RATE_PER_MINUTE: '0' };
  // Both at once: the migration runs once under kysely's lock, the challenge sets load once.
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await cluster?.stop();
});

const post = async (base: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, upstream: res.headers.get('x-upstream') };
};
/** The board's rows without runUrl (which names the instance that answered). */
const board = async (base: string) =>
  ((await (await fetch(`${base}/api/leaderboards/cragwake?limit=100`)).json()) as any).rows.map(({ runUrl: _, ...row }: any) => row);

describe.skipIf(!cluster)(`two instances, one PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('a name claimed on one instance needs its key on the other; both show one board', { timeout: 60_000 }, async () => {
    const health = (await (await fetch(`${a.url}/healthz`)).json()) as any;
    expect(health.database).toMatchObject({ ok: true, kind: 'postgres' });
    // The latest migration, whichever that is now (003 scorecards or later).
    expect(health.database.migration >= '003-scorecards').toBe(true);
    const first = await post(a.url, { game: 'cragwake', seed: run.seed, actions: run.actions, player: 'shared' });
    expect(first.status).toBe(201);
    const elsewhere = await post(b.url, { game: 'cragwake', seed: 1, actions: [], player: 'shared' });
    expect(elsewhere.body.reason).toBe('key_required');
    const dup = await post(b.url, { game: 'cragwake', seed: run.seed, actions: run.actions, player: 'other' });
    expect(dup.body).toMatchObject({ duplicate: true, runId: first.body.runId });
    const keyed = await post(
      b.url,
      { game: 'cragwake', seed: 1, actions: [], player: 'shared' },
      { authorization: `Bearer ${first.body.playerKey}` },
    );
    expect(keyed.status).toBe(201);
    expect(await board(a.url)).toEqual(await board(b.url));
  });

  it.skipIf(!NGINX)(
    `50 concurrent clients through nginx round robin${NGINX ? '' : ' (skipped: nginx is not installed)'}`,
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hearth-nginx-runs-'));
      for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
      chmodSync(dir, 0o777);
      const port = await freePort();
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((s) => `${s}_temp_path ${dir}/${s};`).join('\n  ');
      writeFileSync(
        join(dir, 'nginx.conf'),
        `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  ${temp}
  upstream hearth { server 127.0.0.1:${a.port}; server 127.0.0.1:${b.port}; keepalive 8; }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://hearth;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
      );
      const nginx = spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
      try {
        const base = `http://127.0.0.1:${port}`;
        let up = false;
        for (let i = 0; i < 100 && !up; i++) {
          up = await fetch(`${base}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
          if (!up) await new Promise((r) => setTimeout(r, 100));
        }
        expect(up, existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : 'nginx did not start').toBe(true);
        const before = (await board(base)).length;
        // 50 distinct runs from 50 clients and names, and 10 of them again at the same moment.
        const jobs = Array.from({ length: 60 }, (_, i) => {
          const k = i % 50;
          return { game: 'cragwake', seed: run.seed, actions: run.actions.slice(0, k + 1), player: `crowd-${k}` };
        });
        const results = await Promise.all(jobs.map((j) => post(base, j)));
        expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
        expect(new Set(results.map((r) => r.upstream))).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
        const byActions = new Map<number, number>();
        for (const [i, r] of results.entries()) {
          const k = i % 50;
          if (byActions.has(k)) expect(r.body.runId).toBe(byActions.get(k));
          else byActions.set(k, r.body.runId);
        }
        // The prefix of length 33 is the whole golden game, stored in the first test: a duplicate of it.
        const fresh = results.filter((r) => r.body.duplicate === false).length;
        const rows = await board(base);
        expect(rows.length).toBe(before + fresh);
        expect(new Set(rows.map((r: any) => r.player)).size).toBe(rows.length);
        expect(rows.map((r: any) => r.rank)).toEqual(rows.map((_: unknown, i: number) => i + 1));
        expect(await board(a.url)).toEqual(await board(b.url));
      } finally {
        nginx.kill('SIGTERM');
        await new Promise((r) => (nginx.exitCode !== null ? r(null) : nginx.once('exit', r)));
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('restarting both instances keeps every run', { timeout: 120_000 }, async () => {
    const rows = await board(a.url);
    await Promise.all([a.stop(), b.stop()]);
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    expect(await board(b.url)).toEqual(rows);
    const first = rows.find((r: any) => r.player === 'shared');
    const fetched = (await (await fetch(`${a.url}/api/runs/${first.runId}`)).json()) as any;
    expect(fetched).toMatchObject({ player: 'shared', actions: run.actions, seed: run.seed });
  });
});
