// Play, submit, see it on the leaderboard, open its replay: in real headless Chromium against the real bundled
// server (apps/server/dist/server.mjs, built by `pnpm --filter @hearth/server build`) on a loopback port, with
// this suite's web build as WEB_DIST and a fresh DATA_DIR (SQLite). Skipped, with the reason printed, when the
// bundle is missing or predates the runs routes.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registry } from '@hearth/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from './browser.ts';
import { drivers, score } from './drivers.ts';
import { artifacts, errorsOf, type Harness, idle, repo, startHarness } from './harness.ts';

const bundle = join(repo, 'apps', 'server', 'dist', 'server.mjs');
const skip =
  chromiumMissing ??
  (!existsSync(bundle)
    ? `no server bundle at ${bundle} (pnpm --filter @hearth/server build)`
    : !readFileSync(bundle, 'utf8').includes('/api/runs')
      ? 'the server bundle has no /api/runs yet (rebuild it: pnpm --filter @hearth/server build)'
      : !registry.has('stormlark')
        ? 'stormlark is not registered'
        : undefined);
if (skip) console.warn(`web e2e (runs against the server) skipped: ${skip}`);

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

describe.skipIf(skip !== undefined)('runs through the real server in headless Chromium', () => {
  let h: Harness;
  let child: ChildProcess;
  let url: string;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    h = await startHarness('runs');
    dataDir = mkdtempSync(join(tmpdir(), 'hearth-web-runs-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    // always the SQLite default in DATA_DIR, whatever DATABASE_URL the environment carries
    const { DATABASE_URL: _ignored, ...env } = process.env;
    child = spawn(process.execPath, [bundle], {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: h.dist,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_RPS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    await ready(url, child, () => output);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is served with its hashed assets cacheable forever and the page revalidated', async () => {
    const html = await fetch(url);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const assets = [...(await html.text()).matchAll(/(?:src|href)="(assets\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets).toHaveLength(2);
    for (const a of assets) expect((await fetch(`${url}${a}`)).headers.get('cache-control'), a).toContain('immutable');
  });

  it('plays, submits, finds the run on the leaderboard, and replays it step by step with its timeline', async () => {
    const page = await h.open('#/stormlark?seed=7', undefined, url);
    await page.focus('#board');
    for (let i = 0; i < 6; i++) await page.keyboard.press('v');
    await idle(page);
    await drivers.stormlark!.finish(page);
    await page.waitForSelector('#over:not([hidden]) #submit-form');
    const final = Number(await page.textContent('#final-score'));
    await page.fill('#player-name', 'web-e2e');
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"], #submit-result[data-kind="refusal"]');
    expect(await page.getAttribute('#submit-result', 'data-kind'), (await page.textContent('#submit-result')) ?? '').toBe('ok');
    const runId = (await page.getAttribute('#submit-result', 'data-run-id')) as string;
    // the first claim of a name leaves its key in this browser, for the next run under the name
    expect(await page.evaluate(() => localStorage.getItem('hearth:key:web-e2e'))).toBeTruthy();

    await page.click('#board-link');
    const row = `#board-all .board-table[data-kind="human"] tr[data-run-id="${runId}"]`;
    await page.waitForSelector(row);
    expect(await page.textContent(`${row} td.num`)).toContain(String(final));
    expect(await page.$$eval('#board-all .board-table[data-kind="agent"] tr[data-run-id]', (r) => r.length)).toBe(0);

    await page.click(`${row} a`);
    await page.waitForSelector('#run-info svg.timeline');
    expect(await page.textContent('#run-info')).toContain('web-e2e');
    await page.click('#replay-bar [data-replay="end"]').catch(() => {});
    await page.waitForSelector('#replay-bar[data-done="true"]');
    expect(await score(page)).toBe(final);
    const steps = await page.evaluate(() => (window as unknown as { __hearthReplaySteps: number[] }).__hearthReplaySteps);
    expect(steps).toEqual(Array.from({ length: steps.length }, (_, i) => i));
    expect(steps.length).toBe(8); // 0, then each of the 7 actions (6 vents and END_RUN)

    // 21 more players (one END_RUN each on its own seed, through the API): the board pages by the server's cursor
    for (let i = 0; i < 21; i++) {
      const r = await fetch(`${url}api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'stormlark', seed: 100 + i, actions: [{ type: 'END_RUN' }], player: `script-${i}` }),
      });
      expect(r.status, await r.clone().text()).toBeLessThan(300);
    }
    await page.goto(`${url}#/leaderboard/stormlark`);
    const humans = '#board-all .board-table[data-kind="human"]';
    await page.waitForSelector(`${humans} [data-more]`);
    expect(await page.$$eval(`${humans} tr[data-run-id]`, (r) => r.length)).toBe(20);
    await page.click(`${humans} [data-more]`);
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} tr[data-run-id]`).length === 22, humans);
    const ranks = await page.$$eval(`${humans} tr[data-run-id] td:first-child`, (c) => c.map((x) => Number(x.textContent)));
    expect(ranks).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));

    // a second run under the same name is accepted with the key this browser kept
    await page.goto(`${url}#/stormlark?seed=8`);
    await page.waitForSelector('#board[data-ready="true"]');
    await drivers.stormlark!.finish(page);
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"], #submit-result[data-kind="refusal"]');
    expect(await page.textContent('#submit-result')).toMatch(/^(Stored|Already stored)/);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  }, 180_000);
  it("finds a name's key under any spelling, refuses a taken name in plain words, names the owner and the overall rank", async () => {
    const claim = async (player: string, seed: number) => {
      const r = await fetch(`${url}api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'stormlark', seed, actions: [{ type: 'END_RUN' }], player }),
      });
      const body = (await r.json()) as { playerKey?: string };
      expect(body.playerKey, JSON.stringify(body)).toBeTruthy();
      return body.playerKey as string;
    };
    const key = await claim('QA_fresh_1', 300);
    await claim('Someone_Else', 301);
    const page = await h.open('#/leaderboard/stormlark', undefined, url);
    await page.evaluate((k) => localStorage.setItem('hearth:key:QA_fresh_1', k), key);
    const submitAs = async (seed: number, player: string) => {
      await page.goto(`${url}#/stormlark?seed=${seed}`);
      await page.waitForSelector('#board[data-ready="true"]');
      await drivers.stormlark!.finish(page);
      await page.waitForSelector('#over:not([hidden]) #submit-form');
      await page.fill('#player-name', player);
      await page.click('#submit-form button[type="submit"]');
      await page.waitForSelector('#submit-result[data-kind="ok"], #submit-result[data-kind="refusal"]');
      return { kind: await page.getAttribute('#submit-result', 'data-kind'), text: (await page.textContent('#submit-result')) ?? '' };
    };
    // the key kept under "QA_fresh_1" is the key of "qa_fresh_1": the server ignores case, so does the lookup
    // (and answers with the name as first claimed)
    const lower = await submitAs(302, 'qa_fresh_1');
    expect(lower.kind, lower.text).toBe('ok');
    expect(lower.text).toMatch(/^Stored under QA_fresh_1: score -?\d+, rank \d+ overall/);
    // a name this browser holds no key for: a sentence for a person, not the API's instruction
    const taken = await submitAs(303, 'someone_else');
    expect(taken.kind).toBe('refusal');
    expect(taken.text).toContain('belongs to another player');
    expect(taken.text).not.toMatch(/Authorization|Bearer/);
    // the same run again, whoever sends it: the answer says whose run it is
    const again = await submitAs(300, 'qa_fresh_1');
    expect(again.kind, again.text).toBe('ok');
    expect(again.text).toMatch(/^Already stored under QA_fresh_1: .*overall/);
    // one leaderboard link in the game-over card
    expect(await page.$$eval('#over a', (a) => a.filter((x) => x.textContent === 'Leaderboard').length)).toBe(1);

    // the leaderboard has the table a submit's rank counts on, and a challenge row reads as a person would say it
    const sets = (await (await fetch(`${url}api/challenges/stormlark`)).json()) as {
      sets: { id: string; games: { stormlark?: { seeds: { seed: number }[] } } }[];
    };
    const set = sets.sets.find((x) => x.games.stormlark) as { id: string; games: { stormlark: { seeds: { seed: number }[] } } };
    const seed = set.games.stormlark.seeds[0]?.seed as number;
    await claim('Challenger', seed);
    await page.goto(`${url}#/leaderboard/stormlark`);
    await page.waitForSelector('#board-all .board-table[data-kind="everyone"] tr[data-run-id]');
    expect(await page.textContent('#board-all .board-table[data-kind="everyone"] h3')).toBe('Everyone');
    expect(await page.textContent('#challenge-name')).toBe(set.id);
    await page.screenshot({ path: join(artifacts, 'leaderboard-desktop.png'), fullPage: true });
    expect(await page.textContent('#board-challenge .challenge-seeds')).toContain(String(seed));
    const cell = (await page.textContent('#board-challenge .board-table[data-kind="everyone"] tr[data-run-id] td.num')) ?? '';
    expect(cell).not.toMatch(/^-0\.0/);
    expect(cell).toMatch(new RegExp(`^-?\\d+\\.\\d \\(raw -?\\d+, 1 of ${set.games.stormlark.seeds.length} seeds? played\\)$`));

    // the run page: a person's date, and a chart with labelled axes
    await page.click('#board-all .board-table[data-kind="everyone"] tr[data-run-id] a');
    await page.waitForSelector('#run-info svg.timeline .axis');
    expect(await page.textContent('#run-info')).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    expect(await page.$$eval('#run-info .axis-title', (t) => t.map((x) => x.textContent))).toEqual(['actions', 'score']);
    await page.close();
  }, 180_000);
});
