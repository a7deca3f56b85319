// A throwaway PostgreSQL cluster for tests: initdb into a temporary folder, start it on a free loopback port,
// hand out fresh databases, then stop it and remove the folder. Exported for other packages' tests
// (`import { startPostgres } from '@hearth/store/testing'`). Where PostgreSQL is not installed it returns
// a reason to skip, which the caller prints.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgCluster {
  readonly port: number;
  readonly dir: string;
  /** Connection URL of a database in the cluster (default the `postgres` database). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops and starts the server on the same port (every open connection is cut). */
  restart(): Promise<void>;
  /** Stops the server (fast shutdown: connections cut) and keeps its data, for start(). */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers (a stalled host). */
  freeze(): void;
  /** SIGCONT to everything freeze() stopped. */
  thaw(): void;
  /** Stops the server for good and removes its folder. */
  stop(): Promise<void>;
}

/** The postmaster's pid (first line of postmaster.pid) and its children's, from /proc. */
function clusterPids(dir: string): number[] {
  const main = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [main];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after the last ')' are state, ppid, ...
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === main) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The folder holding initdb and pg_ctl (PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin), or null. */
export function findPostgres(): string | null {
  let debian: string[] = [];
  try {
    debian = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `/usr/lib/postgresql/${v}/bin`);
  } catch {}
  for (const dir of [process.env.PG_BIN, ...debian])
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  return null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

let counter = 0;

export async function startPostgres(): Promise<PgCluster | { skip: string }> {
  const bin = findPostgres();
  if (!bin) return { skip: 'PostgreSQL not found (looked in PG_BIN and /usr/lib/postgresql/*/bin): apt-get install postgresql' };
  const root = process.getuid?.() === 0;
  // initdb refuses to run as root: as root, run it as the postgres user, which must own the folder.
  const as = (cmd: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  // Restarts, stops and starts run without blocking the event loop, so a test's load goes on meanwhile.
  const asAsync = (cmd: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);
  const dir = mkdtempSync(join(tmpdir(), 'hearth-pg-'));
  try {
    if (root) execFileSync('chown', ['postgres:postgres', dir]);
    as('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const port = await freePort();
    // fsync off: a throwaway cluster needs no durability across power loss, and it makes tests much faster.
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    as('pg_ctl', ['-D', dir, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    let frozen: number[] = [];
    const thaw = () => {
      for (const pid of frozen) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // exited meanwhile
        }
      }
      frozen = [];
    };
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      port,
      dir,
      url,
      async createDatabase(name) {
        const db = name ?? `t${process.pid}_${++counter}_${Date.now().toString(36)}`;
        const client = new pg.Client({ connectionString: url() });
        await client.connect();
        try {
          await client.query(`create database "${db.replace(/"/g, '')}"`);
        } finally {
          await client.end();
        }
        return url(db);
      },
      async restart() {
        await asAsync('pg_ctl', ['-D', dir, '-m', 'fast', '-w', '-t', '60', '-o', opts, '-l', join(dir, 'server.log'), 'restart']);
      },
      async halt() {
        await asAsync('pg_ctl', ['-D', dir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      },
      async start() {
        await asAsync('pg_ctl', ['-D', dir, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
      },
      freeze() {
        frozen = clusterPids(dir);
        for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      },
      thaw,
      async stop() {
        thaw();
        try {
          as('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
