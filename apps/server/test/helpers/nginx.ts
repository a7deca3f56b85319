// nginx in front of instances on loopback, with deploy/nginx.conf (the file the README shows and the compose
// file mounts) inside a throwaway main config: the upstream addresses and the listen port replaced, nothing else.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './bundle.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
export const DEPLOY_NGINX_CONF = resolve(fileURLToPath(import.meta.url), '../../../../../deploy/nginx.conf');

export interface Nginx {
  port: number;
  url: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** The deploy block with its two `server hearth-x:8787` lines pointing at `ports` and `listen` at `port`. */
export function deployBlock(ports: number[], port: number, edit: (conf: string) => string = (c) => c): string {
  let conf = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const servers = [...conf.matchAll(/^\s*server hearth-[ab]:8787 .*;$/gm)];
  if (servers.length !== 2 || !/^\s*listen 80;$/m.test(conf))
    throw new Error('deploy/nginx.conf changed shape: update test/helpers/nginx.ts');
  let i = 0;
  conf = conf.replace(/server hearth-[ab]:8787/g, () => `server 127.0.0.1:${ports[i++]}`);
  conf = conf.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  return edit(conf);
}

export async function startNginx(ports: number[], edit?: (conf: string) => string): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(join(dir, 'hearth.conf'), deployBlock(ports, port, edit));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
master_process on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  add_header X-Upstream $upstream_addr always;
  include ${dir}/hearth.conf;
}
`,
  );
  const proc: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 200 && !up && proc.exitCode === null; i++) {
    up = await fetch(`${url}/livez`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 50));
  }
  if (!up) {
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx did not start: ${errorLog()}`);
  }
  return {
    port,
    url,
    errorLog,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
