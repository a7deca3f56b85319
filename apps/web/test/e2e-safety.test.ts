// Nothing a player does by reflex loses a run (issue 27), in real headless Chromium at 1280x800 and 390x844:
// Space and Enter after a pointer click are the game's keys, never the clicked button's; an extra Enter after the
// last shot stays on the result; Esc and a lone `e` never hide it; Shift+E asks what End run asks; a reload
// resumes at the same turn with the same state; URL seeds follow the field's rule; unknown routes say so;
// disabled actions say why in visible text; replays step back and restart; leaving an unsubmitted run asks.
import { registry } from '@hearth/games';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeActions } from '../src/route.ts';
import { chromiumMissing } from './browser.ts';
import { answered, gameOver, key, score, turns } from './drivers.ts';
import { closeTab, DESKTOP, errorsOf, type Harness, idle, PHONE, startHarness } from './harness.ts';

if (chromiumMissing) console.warn(`web e2e (safety) skipped: ${chromiumMissing}`);

const has = (...slugs: string[]) => slugs.every((s) => registry.has(s));

/** The actions the page keeps in its URL (play=), as the engine received them. */
const played = (page: Page) => decodeActions(new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get('play')) ?? [];

const visibleOver = (page: Page) => page.isVisible('#over .over-card');

describe.skipIf(chromiumMissing !== undefined)('no keypress loses a run, in headless Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('safety');
  }, 120_000);
  afterAll(async () => h?.close());

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it.skipIf(!has('lantern-volley'))(`lantern-volley ${size}: one Enter too many after the last wisp stays on the result`, async () => {
      const page = await h.open('#/lantern-volley?seed=5', viewport);
      await page.focus('#board');
      for (let i = 0; i < 75; i++) await page.keyboard.press('ArrowRight');
      await idle(page);
      for (let i = 0; i < 40 && !(await gameOver(page)); i++) await key(page, 'Enter');
      expect(await gameOver(page)).toBe(true);
      const url = page.url();
      await page.keyboard.press('Enter');
      await page.keyboard.press(' ');
      await idle(page);
      expect(page.url()).toBe(url);
      expect(page.url()).not.toContain('replay=');
      expect(await visibleOver(page)).toBe(true);
      expect(await page.isVisible('#submit-form button')).toBe(true);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });

    it.skipIf(!has('stormlark'))(`stormlark ${size}: Space after clicking Down fires; Esc and e never hide the result`, async () => {
      const page = await h.open('#/stormlark?seed=44', viewport);
      expect(await answered(page, () => page.getByRole('button', { name: /Down/ }).click())).toBe(true);
      expect(await key(page, ' ')).toBe(true);
      expect(played(page)).toEqual([{ type: 'DOWN' }, { type: 'FIRE' }]);
      // Shift+E asks exactly what the End run button asks
      await page.keyboard.press('Shift+E');
      await page.waitForSelector('#confirm:not([hidden])');
      const asked = await page.textContent('#confirm-text');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#confirm', { state: 'hidden' });
      expect(await gameOver(page)).toBe(false);
      await page.getByRole('button', { name: /End run/ }).click();
      await page.waitForSelector('#confirm:not([hidden])');
      expect(await page.textContent('#confirm-text')).toBe(asked);
      await answered(page, () => page.click('#confirm [data-confirm-answer="yes"]'));
      expect(await gameOver(page)).toBe(true);
      await page.waitForSelector('#over .over-card');
      for (const k of ['Escape', 'e', 'E', 'Enter', ' ', 'v']) await page.keyboard.press(k);
      expect(await visibleOver(page)).toBe(true);
      expect(await page.isVisible('#submit-form button')).toBe(true);
      expect(await page.textContent('#message')).toMatch(/^Game over: final score \d+\. [A-Z]/);
      // closed to look at the board, the result comes back from its own button, whatever keys follow
      await page.click('#over [data-over="close"]');
      await page.keyboard.press('e');
      await page.keyboard.press('Escape');
      await page.click('#show-result');
      expect(await visibleOver(page)).toBe(true);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });
  }

  it.skipIf(!has('lantern-volley'))('lantern-volley: after clicking ◀ 1°, Space and Enter shoot at 91°', async () => {
    const page = await h.open('#/lantern-volley?seed=44');
    await page.getByRole('button', { name: /turn left 1 degree|◀ 1°/ }).click();
    await idle(page);
    expect(await key(page, ' ')).toBe(true);
    expect(await key(page, 'Enter')).toBe(true);
    expect(played(page)).toEqual([
      { type: 'SHOOT', angleDeg: 91 },
      { type: 'SHOOT', angleDeg: 91 },
    ]);
    await page.close();
  });

  it.skipIf(!has('cragwake'))('cragwake: after clicking a hold, Space breathes (no second climb, no refusal)', async () => {
    const page = await h.open('#/cragwake?seed=44');
    expect(await answered(page, () => page.click('#board .cell.target >> nth=0'))).toBe(true);
    const first = played(page);
    expect(await key(page, ' ')).toBe(true);
    expect(await page.getAttribute('#message', 'data-kind')).not.toBe('refusal');
    expect(played(page)).toEqual([...first, { type: 'breathe' }]);
    await page.close();
  });

  it.skipIf(!has('sunloaf'))('sunloaf: after clicking Rest, Space does nothing (it is no key of the game)', async () => {
    const page = await h.open('#/sunloaf?seed=44');
    expect(await answered(page, () => page.getByRole('button', { name: /^Rest/ }).click())).toBe(true);
    await page.keyboard.press(' ');
    await page.keyboard.press('Enter');
    await idle(page);
    expect(played(page)).toEqual([{ type: 'REST' }]);
    await page.close();
  });

  for (const slug of registry.slugs.filter((s) => s !== 'lantern-volley')) {
    it(`${slug}: a reload at turn N resumes at turn N with the same score, board and state hash`, async () => {
      const page = await h.open(`#/${slug}?seed=21`);
      // the final frame is compared: a step's motion (drawn once, on the step) is not part of it
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const keys: Record<string, string[]> = { stormlark: ['v', 'ArrowDown', 'v', 'f'], cragwake: ['.', '.'], sunloaf: ['r', 'r', 'z'] };
      for (const k of keys[slug] ?? []) await key(page, k);
      if (!(keys[slug] ?? []).length) await page.click('#board .actions button >> nth=0');
      await idle(page);
      const n = await turns(page);
      expect(n).toBeGreaterThan(0);
      const before = { score: await score(page), board: await page.innerHTML('#board svg, #board .board-text'), url: page.url() };
      const hash = (p: Page) =>
        p.evaluate(
          ([s, a]) =>
            (
              window as unknown as { hearthEngine: { replay(s: string, seed: number, a: unknown[]): Promise<{ stateHash: string }> } }
            ).hearthEngine
              .replay(s as string, 21, a as unknown[])
              .then((r) => r.stateHash),
          [slug, played(p)] as const,
        );
      const hashBefore = await hash(page);
      await page.reload();
      await page.waitForSelector('#board[data-ready="true"]');
      await idle(page);
      expect(await turns(page)).toBe(n);
      expect(await score(page)).toBe(before.score);
      expect(await page.innerHTML('#board svg, #board .board-text')).toBe(before.board);
      expect(page.url()).toBe(before.url);
      expect(await hash(page)).toBe(hashBefore);
      // the same game without the URL: localStorage resumes it from a bare link
      await page.goto(`${h.url}#/`);
      await page.goto(`${h.url}#/${slug}`);
      await page.waitForSelector(`main[data-slug="${slug}"] #board[data-ready="true"]`);
      await idle(page);
      await page.waitForFunction((t) => document.querySelector('#board')?.getAttribute('data-turns') === String(t), n);
      expect(await score(page)).toBe(before.score);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });
  }

  it.skipIf(!has('cragwake'))('URL seeds follow the seed field’s rule: refused in plain words, never a random seed', async () => {
    const page = await h.open('#/cragwake?seed=7');
    const table: [string, string | null][] = [
      ['abc', null],
      ['1e3', null],
      ['1'.repeat(30), null],
      ['1.5', null],
      ['-1', '4294967295'],
      ['4294967296', '0'],
      ['00042', '42'],
    ];
    for (const [text, seed] of table) {
      await page.goto(`${h.url}#/cragwake?seed=${encodeURIComponent(text)}`);
      if (seed === null) {
        await page.waitForSelector('#message[data-kind="refusal"]');
        const said = (await page.textContent('#message')) ?? '';
        expect(said, text).toContain('is not a seed');
        expect(said, text).not.toMatch(/2\^53|u32|normalised/);
        expect(await page.$('#board[data-ready="true"]'), text).toBeNull();
        expect(await page.inputValue('#seed')).toBe(text.slice(0, 40));
      } else {
        await page.waitForSelector('#board[data-ready="true"]');
        expect(new URL(page.url()).hash, text).toBe(`#/cragwake?seed=${seed}`);
        expect(await page.inputValue('#seed')).toBe(seed);
      }
    }
    await page.close();
  });

  it('every unknown route says it is unknown and sets the title', async () => {
    const page = await h.open('#/cragwake?seed=1');
    for (const path of ['play/nope', 'leaderboard/Cragwake', `run/${'x'.repeat(80)}`, 'nope', 'leaderboard/nope', 'a/b/c']) {
      await page.goto(`${h.url}#/${path}`);
      await page.waitForSelector('main h1');
      await page.waitForFunction(() => /not found/i.test(document.title));
      expect(await page.textContent('main h1'), path).toMatch(/not found|Unknown game/i);
      expect(await page.textContent('.message'), path).toMatch(/no page|no game/i);
    }
    await page.close();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it.skipIf(!has('stormlark'))(`stormlark ${size}: every disabled action says why in visible text`, async () => {
      const page = await h.open('#/stormlark?seed=7', viewport);
      await idle(page);
      const off = await page.$$eval('#board button[data-act][disabled]', (els) => els.map((e) => e.getAttribute('data-key') ?? ''));
      expect(off.length).toBeGreaterThan(0);
      for (const k of off) {
        const line = page.locator(`#why-not li[data-key="${k}"]`);
        await line.waitFor();
        expect(await line.isVisible(), k).toBe(true);
        expect(((await line.textContent()) ?? '').length, k).toBeGreaterThan(12);
      }
      await page.close();
    });

  it.skipIf(!has('stormlark'))('replays step backward and restart', async () => {
    const page = await h.open('#/stormlark?seed=7');
    for (const k of ['v', 'v', 'ArrowDown', 'v']) await key(page, k);
    const actions = played(page);
    const url = `${h.url}#/stormlark?seed=7&replay=${new URL(page.url()).hash.split('play=')[1]}`;
    await page.goto(url);
    await page.waitForSelector('#replay-bar[data-step]');
    await page.click('#replay-bar [data-replay="toggle"]'); // pause
    await page.click('#replay-bar [data-replay="end"]');
    await page.waitForSelector(`#replay-bar[data-step="${actions.length}"]`);
    const endScore = await score(page);
    await page.click('#replay-bar [data-replay="back"]');
    await page.waitForSelector(`#replay-bar[data-step="${actions.length - 1}"]`);
    await page.click('#replay-bar [data-replay="step"]');
    await page.waitForSelector(`#replay-bar[data-step="${actions.length}"]`);
    expect(await score(page)).toBe(endScore);
    await page.click('#replay-bar [data-replay="restart"]');
    await page.waitForSelector('#replay-bar[data-step="0"]');
    expect(await score(page)).toBe(0);
    expect(await page.isDisabled('#replay-bar [data-replay="back"]')).toBe(true);
    await page.close();
  });

  it.skipIf(!has('stormlark'))('leaving a finished run that is not submitted asks first; its own replay does not', async () => {
    const page = await h.open('#/stormlark?seed=9');
    await key(page, 'v');
    await page.keyboard.press('Shift+E');
    await answered(page, () => page.click('#confirm [data-confirm-answer="yes"]'));
    await page.waitForSelector('#over .over-card');
    const runUrl = page.url();
    await page.click('#over [data-new-game="random"]');
    await page.waitForSelector('#leave:not([hidden])');
    await page.click('#leave [data-leave="stay"]');
    expect(page.url()).toBe(runUrl);
    expect(await visibleOver(page)).toBe(true);
    // its replay loses nothing: back from it, the result is there again
    await page.click('#replay-link');
    await page.waitForSelector('#replay-bar[data-step]');
    await page.goBack();
    await page.waitForSelector('#over .over-card');
    expect(await page.isVisible('#submit-form button')).toBe(true);
    await page.click('#over a#board-link');
    await page.waitForSelector('#leave:not([hidden])');
    await page.click('#leave [data-leave="go"]');
    await page.waitForSelector('main.board-page');
    await page.close();
  });

  it.skipIf(!has('stormlark'))('closing the tab on a finished run that is not submitted asks first; mid-game it does not', async () => {
    // mid-game: the moves are kept in the URL and localStorage, nothing to lose, so the tab just closes
    const fresh = await h.open('#/stormlark?seed=9');
    expect(await key(fresh, 'v')).toBe(true);
    expect(await key(fresh, 'f')).toBe(true);
    expect(await gameOver(fresh)).toBe(false);
    expect(await closeTab(fresh)).toBe('closed');
    // a new game that has not been played (the keys below only reach the page): no prompt either
    const untouched = await h.open('#/stormlark?seed=10');
    await untouched.keyboard.press('Tab');
    expect(await closeTab(untouched)).toBe('closed');
    // finished and not submitted: the browser asks; staying keeps the result and its submit form
    const page = await h.open('#/stormlark?seed=9');
    expect(await key(page, 'v')).toBe(true);
    await page.keyboard.press('Shift+E');
    await answered(page, () => page.click('#confirm [data-confirm-answer="yes"]'));
    await page.waitForSelector('#over .over-card');
    expect(await closeTab(page)).toBe('asked');
    expect(page.isClosed()).toBe(false);
    expect(await visibleOver(page)).toBe(true);
    expect(await page.isVisible('#submit-form button')).toBe(true);
    // its own replay has nothing to lose either (Back returns to the result): no prompt there
    await page.click('#replay-link');
    await page.waitForSelector('#replay-bar[data-step]');
    expect(await closeTab(page)).toBe('closed');
  });
});
