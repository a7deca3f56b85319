// The habit pages against the real bundled server, in headless Chromium at 1280x800 and 390x844 (issue 27): the
// home page leads with today's daily of every game and its links open that seed; the game page says it is the
// daily; the share text spoils nothing (marks, score, place, the run's short link, whose moves another browser
// sees today only when it asks); a name's key pasted in a fresh browser keeps the name and brings its stats; and an
// axe-core scan of every page at both sizes finds no serious or critical
// violation. Screenshots of every page at both sizes go to test-artifacts/tour-*.png.
import { join } from 'node:path';
import { registry } from '@hearth/games';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, momentsGone } from './axe.ts';
import { chromiumMissing, launch } from './browser.ts';
import { drivers, endByKey, key, score } from './drivers.ts';
import { artifacts, DESKTOP, errorsOf, type Harness, idle, PHONE, startHarness } from './harness.ts';
import { leaveTo, type RealServer, serverMissing, startRealServer } from './server.ts';

const skip = chromiumMissing ?? serverMissing ?? (!registry.has('stormlark') ? 'stormlark is not registered' : undefined);
if (skip) console.warn(`web e2e (daily, share, names, accessibility) skipped: ${skip}`);

describe.skipIf(skip !== undefined)('daily, share, names and accessibility against the real server', () => {
  let h: Harness;
  let server: RealServer;
  let url: string;
  let today: { game: string; date: string; seed: number }[];

  beforeAll(async () => {
    h = await startHarness('daily');
    server = await startRealServer(h.dist);
    url = server.url;
    today = ((await (await fetch(`${url}api/challenges`)).json()) as { daily: typeof today }).daily;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await h?.close();
  });

  const open = async (hash: string, viewport = DESKTOP) => {
    const page = await h.open(hash, viewport, url);
    return page;
  };

  it('the home page leads with today’s daily of every game; each link opens that seed, which the game page names', async () => {
    const page = await open('#/');
    await page.waitForSelector('.daily-card');
    const cards = await page.$$eval('.daily-card', (els) => els.map((e) => e.getAttribute('data-slug')));
    expect(cards).toEqual(registry.slugs.filter((s) => today.some((d) => d.game === s)));
    // the daily comes before the list of games
    const order = await page.evaluate(() => {
      const d = document.querySelector('section.daily') as Element;
      const g = document.querySelector('section.all-games') as Element;
      return d.compareDocumentPosition(g) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    expect(await page.textContent('.daily .reset')).toMatch(/00:00 UTC \(in (\d+ h )?\d+ min\)/);
    for (const d of today.filter((x) => registry.has(x.game))) {
      await page.goto(`${url}#/`);
      await page.click(`.daily-card[data-slug="${d.game}"] a.play-daily`);
      await page.waitForSelector(`main[data-slug="${d.game}"] #board[data-ready="true"]`);
      expect(new URL(page.url()).hash).toBe(`#/${d.game}?seed=${d.seed}`);
      await page.waitForSelector('#seed-role[data-role="daily"]');
      expect(await page.textContent('#seed-role')).toContain(`Today’s daily ${d.date}`);
      expect(await page.textContent('#seed-role-text')).toContain(`Everyone plays seed ${d.seed} today (${d.date} UTC)`);
      // and its board is the daily tab
      await page.goto(`${url}#/`);
      await page.click(`.daily-card[data-slug="${d.game}"] a.daily-board`);
      await page.waitForSelector('#tab-daily[aria-selected="true"]');
      expect(await page.textContent('#panel-daily .board-intro')).toContain(`seed ${d.seed}`);
    }
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it('the share text spoils nothing: the daily, a mark per reach, the score and place, the run’s short link; others see the solution only when they ask', async () => {
    const d = today.find((x) => x.game === 'stormlark') as { seed: number; date: string };
    await h.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await open(`#/stormlark?seed=${d.seed}`);
    await page.waitForSelector('#seed-role[data-role="daily"]');
    for (const k of ['v', 'v', 'ArrowDown', 'f', 'v']) await key(page, k);
    await endByKey(page);
    await page.waitForSelector('#over .over-card');
    const final = Number(await page.textContent('#final-score'));
    // before submitting: the seed's link
    await page.click('#share');
    await page.waitForSelector('#share-status:not([hidden])');
    expect((await page.inputValue('#share-text')).split('\n').pop()).toBe(`${url}#/stormlark?seed=${d.seed}`);
    await page.fill('#player-name', 'sharer_1');
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"]');
    const runId = await page.getAttribute('#submit-result', 'data-run-id');
    await page.click('#share');
    await page.waitForFunction(() => (document.querySelector('#share-text') as HTMLTextAreaElement).value.includes('#/run/'));
    const text = await page.inputValue('#share-text');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    const lines = text.split('\n');
    expect(lines[0]).toBe(`Hearth · Stormlark · daily ${d.date}`);
    expect(lines.at(-2)).toMatch(new RegExp(`^Score ${final} · #\\d+ today$`));
    const link = lines.at(-1) as string;
    expect(link).toBe(`${url}#/run/${runId}`);
    // no spoiler: no action list, no replay link, short
    expect(text).not.toMatch(/replay=|play=|"type"|VENT|FIRE/);
    expect(text.length).toBeLessThan(300);
    await page.screenshot({ path: join(artifacts, 'tour-share-desktop.png') });
    // another browser opening the link today sees the score, not the moves, until it asks for the solution
    const fresh = await launch();
    try {
      const other = await fresh.context.newPage();
      await other.goto(link);
      await other.waitForSelector('#solution-note');
      expect(await other.textContent('.run-summary')).toContain(String(final));
      expect(await other.locator('#board').count()).toBe(0);
      await other.click('#show-solution');
      await other.waitForSelector('#replay-bar[data-step]');
      await other.click('#replay-bar [data-replay="end"]').catch(() => {});
      await other.waitForSelector('#replay-bar[data-done="true"]');
      expect(await score(other)).toBe(final);
    } finally {
      await fresh.close();
    }
    // the player's own browser replays its own run at once
    await page.goto(link);
    await page.waitForSelector('#replay-bar[data-step]');
    // and the daily board marks the player's own row
    await page.goto(`${url}#/leaderboard/stormlark?board=daily`);
    await page.waitForSelector('#panel-daily tr.mine[aria-current="true"]');
    expect(await page.textContent('#panel-daily tr.mine')).toContain('sharer_1');
    await page.close();
  }, 180_000);

  it('a named player’s stats (played, best, streak, calendar) survive a fresh browser that has the key', async () => {
    const d = today.find((x) => x.game === 'stormlark') as { seed: number; date: string };
    const page = await open(`#/stormlark?seed=${d.seed}`);
    await page.waitForSelector('#seed-role[data-role="daily"]');
    await drivers.stormlark!.finish(page);
    await page.fill('#player-name', 'stats_keeper');
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"]');
    // a second run, not submitted: it counts in the stats all the same
    await leaveTo(page, `${url}#/stormlark?seed=77`);
    await page.waitForSelector('#board[data-ready="true"]');
    await drivers.stormlark!.finish(page);
    await leaveTo(page, `${url}#/stats/stormlark`);
    await page.waitForSelector('#stats-source:has-text("kept on the server")');
    const played = Number(await page.textContent('[data-stat="played"] dd'));
    expect(played).toBeGreaterThanOrEqual(2);
    expect(await page.textContent('[data-stat="streak"] dd')).toBe('1');
    await page.goto(`${url}#/`);
    await page.waitForSelector('.keys-held');
    const row = page.locator('.keys-held li', { hasText: 'stats_keeper' });
    await row.getByRole('button', { name: 'Show' }).click();
    const keyText = await row.locator('input').inputValue();
    const fresh = await launch();
    try {
      const other = await fresh.context.newPage();
      await other.goto(`${url}#/`);
      await other.waitForSelector('#adopt-form');
      await other.fill('#adopt-form input[name="player"]', 'stats_keeper');
      await other.fill('#adopt-form input[name="key"]', keyText);
      await other.click('#adopt-form button[type="submit"]');
      await other.goto(`${url}#/stats/stormlark`);
      await other.waitForSelector('#stats-source:has-text("kept on the server")');
      expect(Number(await other.textContent('[data-stat="played"] dd'))).toBe(played);
      expect(await other.textContent('[data-stat="streak"] dd')).toBe('1');
      expect(await other.locator('.cal-day.today.played').count()).toBe(1);
      expect(await other.locator('.distribution li').count()).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
    await page.close();
  }, 180_000);

  it('a name’s key, copied from the home page and pasted in a fresh browser, keeps the name', async () => {
    const page = await open('#/stormlark?seed=501');
    await drivers.stormlark!.finish(page);
    await page.fill('#player-name', 'traveller_9');
    await page.click('#submit-form button[type="submit"]');
    await page.waitForSelector('#submit-result[data-kind="ok"]');
    await page.goto(`${url}#/`);
    await page.waitForSelector('.keys-held');
    const row = page.locator('.keys-held li', { hasText: 'traveller_9' });
    await row.getByRole('button', { name: 'Show' }).click();
    const keyText = await row.locator('input').inputValue();
    expect(keyText).toMatch(/^hk_/);
    await page.close();

    // another browser: without the key the name is refused in plain words; with it pasted, the run is stored
    const fresh = await launch();
    try {
      const ctx: BrowserContext = fresh.context;
      const other = await ctx.newPage();
      await other.setViewportSize(PHONE);
      const submitAs = async (seed: number) => {
        await leaveTo(other, `${url}#/stormlark?seed=${seed}`);
        await other.waitForSelector('#board[data-ready="true"]');
        await drivers.stormlark!.finish(other);
        await other.fill('#player-name', 'traveller_9');
        await other.click('#submit-form button[type="submit"]');
        await other.waitForSelector('#submit-result[data-kind="ok"], #submit-result[data-kind="refusal"]');
        return (await other.textContent('#submit-result')) ?? '';
      };
      expect(await submitAs(502)).toContain('paste its key under “Your name” on the home page');
      await leaveTo(other, `${url}#/`);
      await other.fill('#adopt-form input[name="player"]', 'traveller_9');
      await other.fill('#adopt-form input[name="key"]', keyText);
      await other.click('#adopt-form button[type="submit"]');
      await other.waitForSelector('#adopt-result[data-kind="ok"]');
      expect(await submitAs(503)).toMatch(/^Stored under traveller_9/);
      await other.close();
    } finally {
      await fresh.close();
    }
  }, 180_000);

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`every page at ${viewport.width}x${viewport.height}: no serious or critical axe-core violation; screenshots`, async () => {
      const found: string[] = [];
      const check = async (page: Page, name: string) => {
        await momentsGone(page);
        await page.screenshot({ path: join(artifacts, `tour-${name}-${size}.png`), fullPage: size === 'phone' && name !== 'over' });
        for (const v of await axe(page)) found.push(`${name}: ${v}`);
      };
      const page = await open('#/', viewport);
      await page.waitForSelector('.daily-card');
      await check(page, 'home');
      for (const slug of registry.slugs) {
        await leaveTo(page, `${url}#/${slug}?seed=12`);
        await page.waitForSelector(`main[data-slug="${slug}"] #board[data-ready="true"]`);
        const driver = drivers[slug];
        for (let i = 0; i < 3 && driver; i++) await driver.move(page, i);
        await idle(page);
        await check(page, `${slug}-mid`);
      }
      await leaveTo(page, `${url}#/stormlark?seed=13`);
      await page.waitForSelector('#board[data-ready="true"]');
      for (const k of ['v', 'v', 'f']) await key(page, k);
      await page.keyboard.press('Shift+E');
      await page.waitForSelector('#confirm:not([hidden])');
      await check(page, 'confirm');
      await page.click('#confirm [data-confirm-answer="yes"]');
      await page.waitForSelector('#over .over-card');
      await check(page, 'over');
      await leaveTo(page, `${url}#/leaderboard/stormlark`);
      await page.waitForSelector('[role="tablist"]');
      await check(page, 'leaderboard');
      const runLink = page.locator('[role="tabpanel"]:not([hidden]) tr[data-run-id] a').first();
      if (await runLink.count()) {
        await runLink.click();
        await page.waitForSelector('#replay-bar[data-step]');
        await check(page, 'run');
      }
      await leaveTo(page, `${url}#/stats/stormlark`);
      await page.waitForSelector('#stats');
      await check(page, 'stats');
      await page.goto(`${url}#/sunloaf?tutorial=1`);
      await page.waitForSelector('#coach:not([hidden]) .coach-head');
      await check(page, 'tutorial');
      await page.goto(`${url}#/stormlark?seed=abc`);
      await page.waitForSelector('#message[data-kind="refusal"]');
      await check(page, 'seed-refused');
      await page.goto(`${url}#/play/nope`);
      await page.waitForSelector('main.unknown');
      await check(page, 'unknown');
      expect(found).toEqual([]);
      await page.close();
    }, 300_000);
  }
});
