// The deployment files agree with the server and with each other, checked with the real tools where they are
// installed: nginx -t on deploy/nginx.conf (as the tests run it), systemd-analyze verify on the unit. The
// Dockerfile's build steps are deploy/build.sh, which CI runs on its fresh clone (deploy/check.sh, from
// .ci/run); Docker itself cannot run on these machines, so the Dockerfile and compose file are checked here
// for what an operator relies on.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/server.ts';
import { freePort } from './helpers/bundle.ts';
import { DEPLOY_NGINX_CONF, deployBlock, NGINX } from './helpers/nginx.ts';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const SYSTEMD_ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));

describe('deploy/nginx.conf', () => {
  it("allows exactly the server's body limit, so nginx refuses a larger body and the instance never has to", () => {
    const conf = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
    const size = /client_max_body_size (\d+)([km]?);/.exec(conf);
    expect(size).not.toBeNull();
    const bytes = Number(size![1]) * (size![2] === 'm' ? 1024 * 1024 : size![2] === 'k' ? 1024 : 1);
    expect(bytes).toBe(DEFAULT_LIMITS.maxBytes);
    // Forwarded headers the server trusts from TRUST_PROXY; keep-alive shorter than the server's 5 s.
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toMatch(/keepalive_timeout 4s;/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
  });

  it('is the block the README shows', () => {
    const conf = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
    const readme = read('README.md');
    const body = conf.slice(conf.indexOf('upstream hearth'));
    expect(readme).toContain(body.trim());
  });

  it.skipIf(!NGINX)(`passes nginx -t${NGINX ? '' : ' (skipped: nginx is not installed)'}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-nginx-t-'));
    try {
      for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
      chmodSync(dir, 0o777);
      writeFileSync(join(dir, 'hearth.conf'), deployBlock([8001, 8002], await freePort()));
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { client_body_temp_path ${dir}/client_body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi; include ${dir}/hearth.conf; }`,
      );
      const out = execFileSync(NGINX!, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
        stdio: 'pipe',
      });
      expect(out.toString()).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/hearth@.service', () => {
  const unit = read('deploy/hearth@.service');
  it('restarts a crashed instance, drains on SIGTERM with time to spare, runs unprivileged', () => {
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    const stop = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    // Longer than the default drain plus the in-flight timeout (2 s + 10 s).
    expect(stop).toBeGreaterThan(12);
    expect(unit).toMatch(/^User=hearth$/m);
    expect(unit).toMatch(/^Environment=.*\bPORT=%i\b/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/hearth\/server\.mjs$/m);
  });

  it.skipIf(!SYSTEMD_ANALYZE)(
    `passes systemd-analyze verify${SYSTEMD_ANALYZE ? '' : ' (skipped: systemd-analyze is not installed)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'hearth-unit-'));
      try {
        // The unit as installed, for instance 8001, with the paths it names pointing at files that exist here.
        writeFileSync(join(dir, 'hearth.env'), 'STATE_SECRET=0123456789abcdef0123\n');
        writeFileSync(join(dir, 'server.mjs'), '');
        const local = unit
          .replace('/etc/hearth/hearth.env', join(dir, 'hearth.env'))
          .replace('ExecStart=/usr/bin/node /opt/hearth/server.mjs', `ExecStart=${process.execPath} ${join(dir, 'server.mjs')}`)
          .replace('WorkingDirectory=/opt/hearth', `WorkingDirectory=${dir}`);
        writeFileSync(join(dir, 'hearth@8001.service'), local);
        // It reports problems in the file as `file:line: ...` on stderr (exit 0 for most of them).
        const result = spawnSync(SYSTEMD_ANALYZE!, ['verify', '--man=no', join(dir, 'hearth@8001.service')], { encoding: 'utf8' });
        const out = `${result.stdout}${result.stderr}`;
        expect(out).not.toMatch(/hearth@8001\.service:\d+: /);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('deploy/Dockerfile and deploy/compose.yaml', () => {
  const docker = read('deploy/Dockerfile');
  const compose = read('deploy/compose.yaml');
  it('the Dockerfile: two stages, the build stage runs deploy/build.sh, the runtime copies its output and runs as node', () => {
    expect(docker.match(/^FROM /gm)).toHaveLength(2);
    expect(docker).toMatch(/^RUN bash deploy\/build\.sh \/out$/m);
    expect(docker).toMatch(/^COPY --from=build \/out\/ \/app\/$/m);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/^CMD \["node", "\/app\/server\.mjs"\]$/m);
    // What build.sh puts beside the bundle: the native SQLite addon and the web app.
    const build = read('deploy/build.sh');
    expect(build).toContain('"$out/better_sqlite3.node"');
    expect(build).toContain('"$out/web"');
  });

  it('compose: two instances behind nginx (the tested block), PostgreSQL with a volume, restarts, nginx the only trusted proxy', () => {
    for (const service of ['postgres:', 'hearth-a:', 'hearth-b:', 'nginx:']) expect(compose).toContain(`\n  ${service}\n`);
    expect(compose).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(compose).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.match(/restart: unless-stopped/g)?.length).toBeGreaterThanOrEqual(3);
    const nginxAddress = /ipv4_address: ([\d.]+)/.exec(compose)?.[1];
    expect(compose).toContain(`TRUST_PROXY: ${nginxAddress}`);
    // The upstream names in the nginx block are the compose services.
    const conf = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
    for (const name of ['hearth-a', 'hearth-b']) expect(conf).toContain(`server ${name}:8787`);
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    expect(grace).toBeGreaterThan(15);
  });
});
