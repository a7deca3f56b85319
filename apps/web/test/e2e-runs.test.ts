// Play, submit, see it on the leaderboard, open its replay: in real headless Chromium against the real bundled
// server (apps/server/dist/server.mjs, built by `pnpm --filter @hearth/server build`) on a loopback port, with
// this suite's web build as WEB_DIST and a fresh DATA_DIR (SQLite). Skipped, with the reason printed, when the
// bundle is missing or predates the runs routes.
import { join } from 'node:path';
import { registry } from '@hearth/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from './browser.ts';
import { drivers, score } from './drivers.ts';
import { artifacts, closeTab, errorsOf, type Harness, idle, startHarness } from './harness.ts';
import { leaveTo, type RealServer, serverMissing, startRealServer } from './server.ts';

const skip = chromiumMissing ?? serverMissing ?? (!registry.has('stormlark') ? 'stormlark is not registered' : undefined);
if (skip) console.warn(`web e2e (runs against the server) skipped: ${skip}`);

describe.skipIf(skip !== undefined)('runs through the real server in headless Chromium', () => {
  let h: Harness;
  let server: RealServer;
  let url: string;

  beforeAll(async () => {
    h = await startHarness('runs');
    server = await startRealServer(h.dist);
    url = server.url;
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await h?.close();
  });

  it('is served with its hashed assets cacheable forever and the page revalidated', async () => {
    const html = await fetch(url);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const assets = [...(await html.text()).matchAll(/(?:src|href)="(assets\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets).toHaveLength(2);
    for (const a of assets) expect((await fetch(`${url}${a}`)).headers.get('cache-control'), a).toContain('immutable');
    // Compressed on the wire: every file of a game page arrives with Content-Encoding, and so does every API JSON
    // answer of 1 KB or more (the server's threshold: smaller ones go plain). The weight is printed, files and JSON.
    const seen: { url: string; encoding: string | undefined; wire: number; body: number }[] = [];
    const page = await h.browser.context.newPage();
    const pending = new Set<Promise<void>>();
    page.on('requestfinished', (r) => {
      const done = (async () => {
        const res = await r.response();
        if (!res || !r.url().startsWith(url)) return;
        const sizes = await r.sizes();
        seen.push({
          url: r.url().slice(url.length) || '/',
          encoding: res.headers()['content-encoding'],
          // the body as sent (Content-Length of the encoded body; Chromium's own count misses a worker's script)
          wire: Number(res.headers()['content-length'] ?? sizes.responseBodySize) + sizes.responseHeadersSize,
          body: (await res.body()).length,
        });
      })();
      pending.add(done);
      void done.finally(() => pending.delete(done));
    });
    // the home page (today's dailies), a game page (its seed's role), the game's leaderboards
    await page.goto(`${url}#/`);
    await page.waitForSelector('main.home:not(:has(.loading))');
    await page.goto(`${url}#/stormlark?seed=7`);
    await page.waitForSelector('#board[data-ready="true"]');
    const files = () => seen.filter((x) => x.url === '/' || x.url.startsWith('assets/'));
    // the page, its script and style, and the worker it starts (requestfinished reports them as they end)
    await expect.poll(() => files().length, { timeout: 30_000 }).toBe(4);
    await page.goto(`${url}#/leaderboard/stormlark`);
    await page.waitForSelector('main.board-page:not(:has(.loading))');
    await expect.poll(() => seen.filter((x) => x.url.startsWith('api/leaderboards/')).length, { timeout: 30_000 }).toBeGreaterThan(0);
    while (pending.size) await Promise.all([...pending]);
    const api = seen.filter((x) => x.url.startsWith('api/'));
    for (const f of files()) expect(f.encoding, f.url).toBe('br');
    expect(api.some((a) => a.body >= 1024)).toBe(true);
    for (const a of api) expect(a.encoding, `${a.url} (${a.body} bytes)`).toBe(a.body >= 1024 ? 'br' : undefined);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const sum = (xs: typeof seen, k: 'wire' | 'body') => xs.reduce((t, f) => t + f[k], 0);
    const rows = (xs: typeof seen) =>
      xs.map((f) => `  ${f.url.slice(0, 48).padEnd(48)} ${kb(f.wire).padStart(9)} (${f.encoding ?? 'plain'}) of ${kb(f.body)}`).join('\n');
    console.log(
      `web page weight on the wire (Chromium, brotli): ${kb(sum(files(), 'wire'))} for ${kb(sum(files(), 'body'))} of files\n${rows(files())}\n` +
        `API JSON of the home, game and leaderboard pages: ${kb(sum(api, 'wire'))} on the wire for ${kb(sum(api, 'body'))} of JSON\n${rows(api)}`,
    );
    expect(sum(files(), 'wire')).toBeLessThan(sum(files(), 'body') / 2);
    const big = api.filter((a) => a.body >= 1024);
    expect(sum(big, 'wire')).toBeLessThan(sum(big, 'body') / 2);
    await page.close();
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
    const sent: (string | undefined)[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/runs')) sent.push(req.headers().authorization);
    });
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"], #submit-result[data-kind="refusal"]');
    expect(await page.getAttribute('#submit-result', 'data-kind'), (await page.textContent('#submit-result')) ?? '').toBe('ok');
    const runId = (await page.getAttribute('#submit-result', 'data-run-id')) as string;
    // the first claim of a name leaves its key in this browser, for the next run under the name
    const kept = await page.evaluate(() => localStorage.getItem('hearth:key:web-e2e'));
    // chosen by the page and kept before sending (a lost answer cannot lose the name), and the server took it as
    // the name's key: opening a scorecard under the name with it is accepted
    expect(kept).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    expect(sent).toEqual([`Bearer ${kept}`]);
    const withKey = await page.evaluate(
      async (k) =>
        (
          await fetch('api/scorecards', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${k}` },
            body: JSON.stringify({ player: 'web-e2e' }),
          })
        ).status,
      kept,
    );
    expect(withKey).toBe(201);

    await page.click('#board-link');
    // one board at a time: the populated one (all time) is the one open; people and agents are a pick away
    await page.waitForSelector('#tab-all[aria-selected="true"]');
    expect(await page.isVisible('#panel-all')).toBe(true);
    expect(await page.isVisible('#panel-daily')).toBe(false);
    await page.click('#panel-all [data-kind-pick="human"]');
    const row = `#panel-all .board-table[data-kind="human"] tr[data-run-id="${runId}"]`;
    await page.waitForSelector(row);
    expect(await page.textContent(`${row} td.num`)).toContain(String(final));
    await page.click('#panel-all [data-kind-pick="agent"]');
    await page.waitForSelector('#panel-all .board-table[data-kind="agent"]');
    expect(await page.$$eval('#panel-all .board-table[data-kind="agent"] tr[data-run-id]', (r) => r.length)).toBe(0);
    await page.click('#panel-all [data-kind-pick="human"]');
    await page.waitForSelector(row);

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
    await page.goto(`${url}#/leaderboard/stormlark?board=all`);
    await page.click('#panel-all [data-kind-pick="human"]');
    const humans = '#panel-all .board-table[data-kind="human"]';
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
      await leaveTo(page, `${url}#/stormlark?seed=${seed}`);
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
    expect(lower.text).toMatch(/^Stored under QA_fresh_1: score -?\d+\. Your place on the all-time board: \d+ \(your best run counts\)/);
    // a name this browser holds no key for: a sentence for a person, not the API's instruction
    const taken = await submitAs(303, 'someone_else');
    expect(taken.kind).toBe('refusal');
    expect(taken.text).toContain('belongs to another player');
    expect(taken.text).toContain('paste its key');
    expect(taken.text).not.toMatch(/Authorization|Bearer/);
    // the same run again, whoever sends it: the answer says whose run it is
    const again = await submitAs(300, 'qa_fresh_1');
    expect(again.kind, again.text).toBe('ok');
    expect(again.text).toMatch(/^Already stored under QA_fresh_1: .*all-time board/);
    // one leaderboard link in the game-over card
    expect(await page.$$eval('#over a', (a) => a.filter((x) => x.textContent === 'Leaderboard').length)).toBe(1);

    // the leaderboard has the table a submit's rank counts on, and a challenge row reads as a person would say it
    const sets = (await (await fetch(`${url}api/challenges/stormlark`)).json()) as {
      sets: { id: string; current?: boolean; games: { stormlark?: { seeds: { seed: number }[] } } }[];
    };
    // the page shows the set the server calls current
    const set = (sets.sets.find((x) => x.current && x.games.stormlark) ?? sets.sets.find((x) => x.games.stormlark)) as {
      id: string;
      games: { stormlark: { seeds: { seed: number }[] } };
    };
    const seed = set.games.stormlark.seeds[0]?.seed as number;
    await claim('Challenger', seed);
    await page.goto(`${url}#/leaderboard/stormlark?board=challenge`);
    await page.waitForSelector('#panel-challenge .board-table[data-kind="everyone"] tr[data-run-id]');
    expect(await page.getAttribute('#panel-challenge [data-kind-pick="everyone"]', 'aria-pressed')).toBe('true');
    expect(await page.textContent('#challenge-name')).toBe(set.id);
    // the challenge score in one visible sentence: the scale and the seeds played
    const sentence = (await page.textContent('#panel-challenge .challenge-sentence')) ?? '';
    expect(await page.isVisible('#panel-challenge .challenge-sentence')).toBe(true);
    expect(sentence).toMatch(/0 at the random bot’s score and 100 at the strong bot’s/);
    expect(sentence).toContain(`${set.games.stormlark.seeds.length} seeds`);
    await page.screenshot({ path: join(artifacts, 'leaderboard-desktop.png'), fullPage: true });
    expect(await page.textContent('#panel-challenge .challenge-seeds')).toContain(String(seed));
    const cell = (await page.textContent('#panel-challenge .board-table[data-kind="everyone"] tr[data-run-id] td.num')) ?? '';
    expect(cell).not.toMatch(/^-0\.0/);
    expect(cell).toMatch(new RegExp(`^-?\\d+\\.\\d \\(1 of ${set.games.stormlark.seeds.length} seeds? played; raw -?\\d+\\)$`));

    // the run page: a person's date, and a chart with labelled axes
    await page.click('#tab-all');
    await page.click('#panel-all .board-table[data-kind="everyone"] tr[data-run-id] a');
    await page.waitForSelector('#run-info svg.timeline .axis');
    expect(await page.textContent('#run-info')).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    expect(await page.$$eval('#run-info .axis-title', (t) => t.map((x) => x.textContent))).toEqual(['actions', 'score']);
    await page.close();
  }, 180_000);

  // last: its run (a seed the boards may count) must not change which board the tests above find populated
  it('closing the tab asks while a finished run is not submitted, and not once it is', async () => {
    const page = await h.open('#/stormlark?seed=21', undefined, url);
    await page.focus('#board');
    await page.keyboard.press('v');
    await idle(page);
    await drivers.stormlark!.finish(page);
    await page.waitForSelector('#over:not([hidden]) #submit-form');
    expect(await closeTab(page)).toBe('asked');
    expect(page.isClosed()).toBe(false);
    await page.fill('#player-name', 'web-e2e-leave');
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"], #submit-result[data-kind="refusal"]');
    expect(await page.getAttribute('#submit-result', 'data-kind'), (await page.textContent('#submit-result')) ?? '').toBe('ok');
    // submitted: nothing left to lose, so the tab closes without a word
    expect(await closeTab(page)).toBe('closed');
  });
});
