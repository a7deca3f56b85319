// End to end in real headless Chromium: every registered game (and the test-only fixture, built separately)
// loads, plays through the UI, refuses an illegal input with the engine's message, plays back its replay link,
// and replays its golden files inside the browser's worker to the same state hashes as Node.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replay } from '@hearth/engine';
import { registry } from '@hearth/games';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, buildWeb, formatSizes } from '../build.mjs';
import type { EngineService } from '../src/engine-service.ts';
import { chromiumMissing, launch } from './browser.ts';
import { boardHtml, type Driver, drivers, gameOver, genericDriver, responses, score, turns } from './drivers.ts';
import { serveStatic } from './static-server.ts';

const here = dirname(fileURLToPath(import.meta.url));
const artifacts = join(here, '..', 'test-artifacts');
const repo = join(here, '..', '..', '..');

if (chromiumMissing) console.warn(`web e2e skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== undefined)('web app in headless Chromium', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let prod: Awaited<ReturnType<typeof serveStatic>>;
  let fixture: Awaited<ReturnType<typeof serveStatic>>;
  const firstFrames: string[] = [];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    const built = await buildWeb({ outdir: join(artifacts, 'dist') });
    console.log(`web bundle (production registry: ${registry.slugs.join(', ') || 'no games yet'})\n${formatSizes(built)}`);
    expect(built.totalGzip).toBeLessThanOrEqual(BUDGET_BYTES);
    await buildWeb({ outdir: join(artifacts, 'dist-fixture'), registry: join(here, 'fixtures', 'registry.ts'), minify: false });
    prod = await serveStatic(join(artifacts, 'dist'));
    fixture = await serveStatic(join(artifacts, 'dist-fixture'));
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    if (firstFrames.length) console.log(`time to first playable frame (navigation start -> board drawn):\n${firstFrames.join('\n')}`);
    await browser?.close();
    await prod?.close();
    await fixture?.close();
  });

  async function open(base: string, hash: string): Promise<Page> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // a static server answers the page's API calls (today's daily) with 404, which Chromium logs: not an error
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && errors.push(m.text()));
    // nothing may be fetched from anywhere but the app's own origin
    page.on('request', (r) => !r.url().startsWith(base) && !r.url().startsWith('data:') && errors.push(`fetched ${r.url()}`));
    (page as unknown as { errors: string[] }).errors = errors;
    await page.goto(`${base}${hash}`);
    await page.waitForSelector('#board[data-ready="true"]');
    return page;
  }

  it('serves only its own files: nothing is fetched from anywhere else', async () => {
    const page = await browser.context.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(fixture.url) && !url.startsWith('data:')) foreign.push(url);
    });
    await page.goto(`${fixture.url}#/`);
    await page.waitForSelector('.game-card');
    await page.click('.game-card a');
    await page.waitForSelector('#board[data-ready="true"]');
    expect(foreign).toEqual([]);
    await page.close();
  });

  async function playScenario(base: string, slug: string, driver: Driver, label: string) {
    const page = await open(base, `#/${slug}?seed=7`);
    const frame = await page.evaluate(() => (window as unknown as { __hearthFirstFrame: number }).__hearthFirstFrame);
    firstFrames.push(`  ${label.padEnd(16)} ${frame.toFixed(0)} ms`);
    expect(page.url()).toContain(`#/${slug}?seed=7`);

    const score0 = await score(page);
    const board0 = await boardHtml(page);
    for (let i = 0; i < 40 && (await score(page)) === score0 && !(await gameOver(page)); i++) await driver.move(page, i);
    expect(await score(page)).toBeGreaterThan(score0);
    expect(await boardHtml(page)).not.toEqual(board0);

    if (!(await gameOver(page))) {
      const before = await turns(page);
      await driver.illegal(page);
      await page.waitForSelector('#message[data-kind="refusal"]');
      expect((await page.textContent('#message'))?.length).toBeGreaterThan(10);
      expect(await turns(page)).toBe(before);
    }
    await page.screenshot({ path: join(artifacts, `${label}.png`), fullPage: true });

    await driver.finish(page);
    await page.waitForSelector('#replay-link');
    const finalScore = Number(await page.textContent('#final-score'));
    const played = await turns(page);
    await page.click('#replay-link');
    await page.waitForSelector('#replay-bar[data-step]');
    await page.click('#replay-bar [data-replay="end"]').catch(() => {}); // already finished is fine too
    await page.waitForSelector('#replay-bar[data-done="true"]');
    expect(Number(await page.getAttribute('#replay-bar', 'data-step'))).toBe(played);
    // playback went one action at a time, whatever the timer did: the bar showed every step in order
    const steps = await page.evaluate(() => (window as unknown as { __hearthReplaySteps: number[] }).__hearthReplaySteps);
    expect(steps).toEqual(Array.from({ length: played + 1 }, (_, i) => i));
    expect(await score(page)).toBe(finalScore);
    // the home page shows the best score played on this device (this browser profile is fresh)
    await page.goto(`${base}#/`);
    const best = await page.waitForSelector(`.game-card[data-slug="${slug}"] [data-best]`);
    expect(Number(await best.textContent())).toBeGreaterThanOrEqual(finalScore);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await page.close();
  }

  it('plays the test-only fixture game through the generic board', async () => {
    await playScenario(fixture.url, 'pebble', genericDriver, 'fixture-pebble');
  }, 60_000);

  it('lists every registered game on the home page', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${prod.url}#/`);
    await page.waitForSelector('main.home ul.games, main.home p:not(.loading)');
    const listed = await page.$$eval('.game-card', (cards) => cards.map((c) => c.getAttribute('data-slug')));
    expect(listed).toEqual([...registry.slugs]);
    // the whole card is the link, and it quotes the one-sentence description (not the goal's first sentence)
    if (registry.slugs.length) {
      const slug = registry.slugs[0]!;
      const game = await registry.load(slug);
      expect(await page.textContent(`.game-card[data-slug="${slug}"] .goal`)).toBe(game!.spec.description);
      await page.click(`.game-card[data-slug="${slug}"] .goal`);
      await page.waitForSelector(`main[data-slug="${slug}"] #board[data-ready="true"]`);
    }
    await page.close();
  });

  it('says so when the hash names no registered game', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${prod.url}#/no-such-game?seed=1`);
    await page.waitForSelector('.message[data-kind="refusal"]');
    expect(await page.textContent('.message')).toContain('There is no game called “no-such-game”');
    expect(await page.title()).toMatch(/not found/i);
    await page.close();
  });

  it('fits a phone-sized screen and honours reduced motion on every game page', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const slug of registry.slugs) {
      await page.goto(`${prod.url}#/${slug}?seed=3`);
      await page.waitForSelector(`main[data-slug="${slug}"] #board[data-ready="true"]`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${slug} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(artifacts, `${slug}-phone.png`), fullPage: true });
    }
    // a shot's path is drawn whole at once: no animation runs
    await page.goto(`${prod.url}#/lantern-volley?seed=3`);
    await page.waitForSelector('main[data-slug="lantern-volley"] #board[data-ready="true"]');
    if (registry.has('lantern-volley')) {
      await page.focus('#board');
      await page.keyboard.press(' ');
      await page.waitForSelector('#board .shot-path', { state: 'attached' });
      expect(await page.$eval('#board .shot-path', (el) => getComputedStyle(el).animationName)).toBe('none');
    }
    await page.close();
  }, 120_000);

  it('plays with the keyboard alone: Tab to a legal target and Enter', async (ctx) => {
    if (!registry.has('cragwake')) ctx.skip();
    const page = await open(prod.url, '#/cragwake?seed=5');
    let focused = '';
    for (let i = 0; i < 40 && !focused.includes('target'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('class') ?? '');
    }
    expect(focused).toContain('target');
    const before = await turns(page);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => Number(document.querySelector('#board')?.getAttribute('data-turns')) > n, before);
    // a target's number is a key too: the engine answers (accepts, or refuses with its message)
    const answers = await responses(page);
    await page.keyboard.press('2');
    await page.waitForFunction((n) => Number(document.querySelector('#board')?.getAttribute('data-responses')) > n, answers);
    await page.close();
  });

  it('aims Lantern Volley by dragging on the arena', async (ctx) => {
    if (!registry.has('lantern-volley')) ctx.skip();
    const page = await open(prod.url, '#/lantern-volley?seed=4');
    const box = (await page.$('#board svg.volley'))!;
    const b = (await box.boundingBox())!;
    // the brazier is at (540, 1360) of 1080 x 1440: drag from it toward the upper left quarter
    const sx = b.x + (540 / 1080) * b.width;
    const sy = b.y + (1360 / 1440) * b.height;
    await page.mouse.move(sx, sy - 5);
    await page.mouse.down();
    await page.mouse.move(sx - b.width * 0.3, sy - b.height * 0.3, { steps: 4 });
    await page.mouse.up();
    const label = await page.textContent('#board .aim-label');
    const angle = Number(label?.replace('°', ''));
    expect(angle).toBeGreaterThan(120);
    expect(angle).toBeLessThan(150);
    await page.close();
  });

  for (const slug of registry.slugs) {
    describe(slug, () => {
      it('plays through the UI, refuses an illegal input, and plays back its replay link', async () => {
        await playScenario(prod.url, slug, drivers[slug] ?? genericDriver, slug);
      }, 180_000);

      it('replays the golden files in the browser worker to the same state hashes as Node', async (ctx) => {
        const dir = join(repo, 'packages', slug, 'golden');
        // golden/*.replay.json and the regression corpus golden/regressions/*.replay.json
        const files = [dir, join(dir, 'regressions')].flatMap((d) =>
          existsSync(d)
            ? readdirSync(d)
                .filter((f) => f.endsWith('.replay.json'))
                .map((f) => join(d, f))
            : [],
        );
        if (files.length === 0) {
          // the conformance kit requires golden files of every game; until they land there is nothing to compare
          console.warn(`web e2e: ${slug} has no golden replays in ${dir} yet`);
          ctx.skip();
        }
        const game = await registry.load(slug);
        const page = await open(prod.url, `#/${slug}?seed=1`);
        for (const file of files) {
          const golden = JSON.parse(readFileSync(file, 'utf8'));
          const node = replay(game!, golden.seed, golden.actions);
          const browserResult = await page.evaluate(
            ([s, seed, actions]) => (window as unknown as { hearthEngine: EngineService }).hearthEngine.replay(s, seed, actions),
            [slug, golden.seed, golden.actions] as const,
          );
          expect(node, `${file} in Node`).toMatchObject({ ok: true, stateHash: golden.stateHash });
          expect(browserResult, file).toMatchObject({ ok: true, stateHash: golden.stateHash, score: golden.score, turns: golden.turns });
        }
        console.log(`web e2e: ${slug}: ${files.length} golden replays give the same state hash in the browser worker as in Node`);
        await page.close();
      }, 180_000);
    });
  }
});
