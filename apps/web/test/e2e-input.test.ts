// Input in real headless Chromium: rapid key bursts give exactly as many turns as keys (the queue drops
// nothing), a lone `e` never ends a run, End run asks first, every disabled button is exactly an action the
// engine does not list as legal, and a seed typed on the page is the API's seed (or the API's refusal).
import { canonicalJson } from '@hearth/engine';
import { registry } from '@hearth/games';
// The API's seed rule is @hearth/rng's parseSeedText (the server's ?seed= reads a given seed with it).
import { parseSeedText as parseSeedParam } from '@hearth/rng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_WORDS } from '../src/route.ts';
import { chromiumMissing } from './browser.ts';
import { gameOver, responses, score, turns } from './drivers.ts';
import { errorsOf, type Harness, idle, startHarness } from './harness.ts';

if (chromiumMissing) console.warn(`web e2e (input) skipped: ${chromiumMissing}`);

/** A key every game accepts many times in a row from seed 11's start, and how many presses make the burst. */
const BURSTS: Record<string, { key: string; count: number }> = {
  stormlark: { key: 'v', count: 8 },
  sunloaf: { key: 'r', count: 8 },
  'lantern-volley': { key: ' ', count: 5 },
  cragwake: { key: '.', count: 8 },
};
/** The end-run button of each game that has one. */
const END_BUTTON: Record<string, string> = { cragwake: 'endRun', stormlark: 'END_RUN', sunloaf: 'END_RUN' };

describe.skipIf(chromiumMissing !== undefined)('input in headless Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('input');
  }, 120_000);
  afterAll(async () => h?.close());

  /** Every button carrying a fixed action is disabled exactly when the engine does not list that action. */
  async function checkDisabled(page: import('playwright-core').Page, where: string) {
    const found = await page.evaluate(() => {
      const legal = (window as unknown as { __hearthLegal: unknown[] }).__hearthLegal;
      const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('#board button[data-act]')).map((b) => ({
        action: JSON.parse(b.dataset.act as string),
        disabled: b.disabled,
        title: b.title,
      }));
      return { legal, buttons, over: document.querySelector('#board')?.getAttribute('data-game-over') === 'true' };
    });
    const legal = new Set(found.legal.map(canonicalJson));
    // a game may list no legal actions on purpose while it runs (Lantern Volley: every angle in range is legal)
    const unlisted = found.legal.length === 0 && !found.over;
    for (const b of found.buttons) {
      expect(b.disabled, `${where}: ${JSON.stringify(b.action)}`).toBe(!unlisted && !legal.has(canonicalJson(b.action)));
      if (b.disabled) expect(b.title, `${where}: tooltip of ${JSON.stringify(b.action)}`).toMatch(/^Not possible now/);
    }
    return found.buttons.filter((b) => b.disabled).length;
  }

  for (const slug of registry.slugs) {
    const burst = BURSTS[slug];
    it(`${slug}: a burst of keys gives exactly as many turns; disabled buttons match the legal list`, async (ctx) => {
      if (!burst) ctx.skip();
      const page = await h.open(`#/${slug}?seed=11`);
      await page.focus('#board');
      let disabled = await checkDisabled(page, `${slug} start`);
      const before = await turns(page);
      for (let i = 0; i < burst!.count; i++) await page.keyboard.press(burst!.key); // no waiting between keys
      await idle(page);
      expect(await responses(page)).toBe(burst!.count);
      expect(await turns(page)).toBe(before + burst!.count);
      expect(await page.$$eval('#log li', (els) => els.length)).toBe(burst!.count);
      // the header's best follows the score during play, not only at game over
      const now = await score(page);
      if (now > 0) expect(Number(await page.textContent('#best'))).toBeGreaterThanOrEqual(now);
      disabled += await checkDisabled(page, `${slug} after the burst`);
      if (slug !== 'lantern-volley') expect(disabled, 'some button is disabled somewhere').toBeGreaterThan(0);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    }, 120_000);

    it(`${slug}: a lone e never ends the run, and End run asks before it ends anything`, async () => {
      const page = await h.open(`#/${slug}?seed=11`);
      await page.focus('#board');
      const before = await turns(page);
      await page.keyboard.press('e');
      await idle(page);
      expect(await gameOver(page)).toBe(false);
      expect(await turns(page)).toBe(before);
      if (END_BUTTON[slug]) {
        expect(await page.textContent('#message')).toContain('Shift+E');
        const button = `#board button[data-key="${END_BUTTON[slug]}"]`;
        if (await page.$eval(button, (b) => !(b as HTMLButtonElement).disabled)) {
          await page.click(button);
          await page.waitForSelector('#confirm:not([hidden])');
          await page.click('#confirm [data-confirm-answer="no"]');
          await idle(page);
          expect(await gameOver(page)).toBe(false);
          expect(await turns(page)).toBe(before);
        }
      }
      await page.close();
    }, 60_000);
  }

  it('reads a typed seed exactly as the API does: the same seed, or a refusal in a player’s words', async () => {
    const slug = registry.slugs[0]!;
    const page = await h.open(`#/${slug}?seed=1`);
    const table = ['abc', '1e3', '', '4294967296', '-1', '0', '12', '1.5', '9007199254740991', '-9007199254740992', '00042', '+5'];
    for (const text of table) {
      const api = parseSeedParam(text);
      await page.fill('#seed', text);
      // the page is drawn anew for a new seed: mark this one, so the old board's data-ready cannot answer the wait
      await page.evaluate(() => document.querySelector('main')?.setAttribute('data-old', ''));
      await page.click('#seed-form button[type="submit"]');
      if (api.ok) {
        await page.waitForFunction(
          (s) =>
            location.hash.includes(`seed=${s}`) &&
            !document.querySelector('main[data-old]') &&
            document.querySelector('#board')?.getAttribute('data-ready') === 'true',
          api.seed,
        );
        expect(Number((await page.inputValue('#seed')).trim()), `"${text}"`).toBe(api.seed);
      } else {
        await page.waitForSelector('#message[data-kind="refusal"]');
        // the API's rule, said to a person (its own message is written for programs: 2^53, u32)
        expect(await page.textContent('#message'), `"${text}"`).toContain(SEED_WORDS);
      }
    }
    await page.close();
  }, 120_000);
});
