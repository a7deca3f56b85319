// Stateless scaling: two instances of the bundled server with one shared STATE_SECRET accept each other's
// states. First directly (the client alternates), then behind nginx on loopback (round robin alternates).
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundleOutsideRepo, type Instance, startBundle } from './helpers/bundle.ts';
import { NGINX, startNginx } from './helpers/nginx.ts';
import { playThroughApi } from './helpers/play.ts';
import { realSlugs } from './helpers/start.ts';

const SHARED_SECRET = 'shared-secret-for-the-scale-test';
let a: Instance;
let b: Instance;
let bundle: string;

beforeAll(async () => {
  bundle = buildBundleOutsideRepo();
  const env = { STATE_SECRET: SHARED_SECRET, RATE_LIMIT_RPS: '0', LOG_LEVEL: 'warn' };
  [a, b] = await Promise.all([startBundle(bundle, env), startBundle(bundle, env)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
});

async function call(base: string, path: string, body?: unknown) {
  const res = await fetch(
    `${base}${path}`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: res.status, body: await res.json(), upstream: res.headers.get('x-upstream') };
}

describe('two instances, the client alternating', () => {
  it.skipIf(realSlugs.length === 0)('plays every game with each request on the other instance', { timeout: 120_000 }, async () => {
    for (const slug of realSlugs) {
      let turn = 0;
      const pick = () => (turn++ % 2 === 0 ? a.url : b.url);
      const played = await playThroughApi(
        (p) => call(pick(), p),
        (p, body) => call(pick(), p, body),
        slug,
        17,
        200,
      );
      expect(played.actions.length).toBeGreaterThan(0);
      const verified = await call(pick(), `/api/games/${slug}/verify`, { seed: 17, actions: played.actions });
      expect(verified.body).toMatchObject({ ok: true, score: played.last.score, gameOver: played.last.gameOver });
    }
  });
});

describe('behind nginx', () => {
  // Skipped only where nginx is not installed (CI installs Debian's nginx package in .ci/run).
  it.skipIf(!NGINX || realSlugs.length === 0)(
    `plays every game through nginx round robin over two instances${NGINX ? '' : ' (skipped: nginx is not installed)'}`,
    { timeout: 180_000 },
    async () => {
      // deploy/nginx.conf, the block the README shows, with the two upstreams pointed at a and b.
      const nginx = await startNginx([a.port, b.port]);
      try {
        const base = nginx.url;
        for (const slug of realSlugs) {
          const upstreams: string[] = [];
          const played = await playThroughApi(
            async (p) => {
              const r = await call(base, p);
              upstreams.push(r.upstream ?? '');
              return r;
            },
            async (p, body) => {
              const r = await call(base, p, body);
              upstreams.push(r.upstream ?? '');
              return r;
            },
            slug,
            23,
            200,
          );
          expect(played.actions.length).toBeGreaterThan(0);
          // Round robin: consecutive requests land on different instances.
          const distinct = new Set(upstreams);
          expect(distinct).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
          let switches = 0;
          for (let i = 1; i < upstreams.length; i++) if (upstreams[i] !== upstreams[i - 1]) switches++;
          expect(switches).toBeGreaterThanOrEqual(Math.floor((upstreams.length - 1) * 0.9));
          const verified = await call(base, `/api/games/${slug}/verify`, { seed: 23, actions: played.actions });
          expect(verified.body).toMatchObject({ ok: true, score: played.last.score, gameOver: played.last.gameOver });
        }
      } finally {
        await nginx.stop();
      }
    },
  );
});
