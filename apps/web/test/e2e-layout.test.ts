// Layout and feedback in real headless Chromium at 1280x800 and 390x844: the game-over box is inside the
// viewport at once, the action buttons are on a phone screen without scrolling, the "what happened" line says
// what the engine's recap says (hull lost, cleared, lantern lit, bowl eaten, pitch complete), and without the
// hearth server the leaderboard says so. Screenshots (start, mid-game, game over) per game and size.

import { join } from 'node:path';
import { createWire, type OkResponse, PlainTokenCodec, type Policy, type Recap } from '@hearth/engine';
import type { View } from '@hearth/engine/web';
import { registry } from '@hearth/games';
import { webBoardOf } from '@hearth/games/drawing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeActions, formatRoute } from '../src/route.ts';
import { sentence } from '../src/text.ts';
import { chromiumMissing } from './browser.ts';
import { type Driver, drivers, gameOver, genericDriver } from './drivers.ts';
import { artifacts, DESKTOP, errorsOf, type Harness, idle, inViewport, PHONE, startHarness } from './harness.ts';

if (chromiumMissing) console.warn(`web e2e (layout) skipped: ${chromiumMissing}`);

/** Labels (in the header, the actions and the angle form) whose text runs onto a second line. */
const wrapped = (page: Page) =>
  page.$$eval('.bar button, .bar a, #board .actions button, .angle-form button', (els) =>
    els
      .filter((el) => {
        if ((el as HTMLElement).offsetParent === null) return false;
        const r = document.createRange();
        r.selectNodeContents(el);
        return new Set(Array.from(r.getClientRects(), (x) => Math.round(x.top))).size > 1;
      })
      .map((el) => el.textContent),
  );
const headerBox = (page: Page) =>
  page.$eval('main.game .bar', (b) => {
    const score = (b.querySelector('.score-box') as HTMLElement).getBoundingClientRect();
    const bar = b.getBoundingClientRect();
    return { height: Math.round(bar.height), scoreTop: Math.round(score.top - bar.top) };
  });

/** The recap item each game's feedback test looks for. */
const FEEDBACK: Record<string, string[]> = {
  stormlark: ['hull_lost', 'cleared'],
  'lantern-volley': ['lantern_lit'],
  sunloaf: ['bowl_eaten'],
  cragwake: ['pitch_complete'],
};

/** The shortest prefix of a policy's game (seeds 1.., each policy in turn) whose last action's recap has `kind`. */
async function findRecap(slug: string, kind: string): Promise<{ seed: number; actions: unknown[]; text: string } | undefined> {
  const game = (await registry.load(slug))!;
  const wire = createWire(game, { codec: PlainTokenCodec });
  for (let seed = 1; seed <= 40; seed++) {
    for (const name of Object.keys(game.policies)) {
      const policy = game.policies[name]!(seed);
      let r: OkResponse = wire.init(seed);
      const actions: unknown[] = [];
      for (let i = 0; i < 500 && !r.gameOver; i++) {
        const action = policy.decide(r.state, r.legalActions);
        const next = wire.act({ state: r.state, stateToken: r.stateToken, action }, { recap: true });
        if (!next.ok) break;
        actions.push(action);
        // the page shows the recap's own line (its text), whatever the items' words
        const recap = next.recap as Recap;
        if (recap.items.some((x) => x.kind === kind)) return { seed, actions, text: recap.text };
        r = next;
      }
    }
  }
  return undefined;
}

describe.skipIf(chromiumMissing !== undefined)('layout and feedback in headless Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('layout');
  }, 120_000);
  afterAll(async () => h?.close());

  const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`) });

  for (const slug of registry.slugs) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`${slug} at ${viewport.width}x${viewport.height}: actions on screen, game over in view at once`, async () => {
        const driver: Driver = drivers[slug] ?? genericDriver;
        const page = await h.open(`#/${slug}?seed=7`, viewport);
        await shot(page, `${slug}-${size}-start`);
        expect(await wrapped(page), `${slug}: labels wrapping onto two lines`).toEqual([]);
        const header = await headerBox(page);
        const buttons = await page.$$('#board .actions button');
        expect(buttons.length).toBeGreaterThan(0);
        if (size === 'phone')
          for (let i = 0; i < buttons.length; i++)
            expect(await inViewport(page, `#board .actions button >> nth=${i}`), `${slug}: action button ${i} off screen`).toBe(true);
        for (let i = 0; i < 6 && !(await gameOver(page)); i++) await driver.move(page, i);
        await idle(page);
        await shot(page, `${slug}-${size}-mid`);
        await driver.finish(page);
        await page.waitForSelector('#over:not([hidden]) .over-card');
        expect(await inViewport(page, '#over .over-card'), `${slug}: the game-over box is outside the viewport`).toBe(true);
        expect(await inViewport(page, '#replay-link')).toBe(true);
        expect(await inViewport(page, '#submit-form button')).toBe(true);
        expect(await page.textContent('#message')).toMatch(/^Game over: final score \d+/);
        await shot(page, `${slug}-${size}-over`);
        // the header keeps its rows when "best" fills in and the game ends
        expect(await headerBox(page), `${slug}: the header moved at game over`).toEqual(header);
        // no fixed bar of disabled buttons behind the card
        if (size === 'phone') expect(await page.isVisible('#board .actions'), `${slug}: action bar under the card`).toBe(false);
        // closed to look at the board, the box comes back from the status line
        await page.click('#over [data-over="close"]');
        await page.waitForSelector('#over', { state: 'hidden' });
        await page.click('#show-result');
        await page.waitForSelector('#over:not([hidden]) .over-card');
        expect(errorsOf(page)).toEqual([]);
        await page.close();
      }, 180_000);
    }

    for (const kind of FEEDBACK[slug] ?? []) {
      it(`${slug}: the line after an action with ${kind} says so, from the engine's recap`, async (ctx) => {
        const found = await findRecap(slug, kind);
        if (!found) {
          console.warn(`web e2e: no ${kind} found for ${slug} in 40 seeds of its policies`);
          ctx.skip();
        }
        const page = await h.open(`#/${slug}?seed=${found!.seed}&replay=${encodeActions(found!.actions)}`);
        await page.click('#replay-bar [data-replay="end"]').catch(() => {});
        await page.waitForSelector('#replay-bar[data-done="true"]');
        expect((await page.getAttribute('#message', 'data-kinds'))?.split(' ')).toContain(kind);
        // the engine's words as the board says them (Cragwake names rows and columns), as a sentence
        const recap = { text: found!.text, points: 0, items: [] };
        const words = sentence(webBoardOf(slug)?.recapText?.({ recap } as unknown as View) ?? found!.text);
        expect(await page.textContent('#message')).toContain(words);
        expect(await page.textContent('#log li:first-child')).toContain(words);
        await page.close();
      }, 120_000);
    }
  }

  it('draws Cragwake hazard labels that never intersect or spill out of their box, where two share a column', async (ctx) => {
    if (!registry.has('cragwake')) ctx.skip();
    const game = (await registry.load('cragwake'))!;
    const wire = createWire(game, { codec: PlainTokenCodec });
    // a greedy game until a column carries two hazards (a gust and a rockfall, or now and next)
    let found: { seed: number; actions: unknown[] } | undefined;
    for (let seed = 1; seed <= 40 && !found; seed++) {
      const policy: Policy = game.policies.greedy!(seed);
      let r: OkResponse = wire.init(seed);
      const actions: unknown[] = [];
      for (let i = 0; i < 600 && !r.gameOver && !found; i++) {
        const hazards = (r.observation as unknown as { hazards: { now: string[]; next: string[] }[] }).hazards;
        if (hazards.some((z) => z.now.length + z.next.length > 1)) found = { seed, actions: [...actions] };
        const action = policy.decide(r.state, r.legalActions);
        const next = wire.act({ state: r.state, action });
        if (!next.ok) break;
        actions.push(action);
        r = next;
      }
    }
    expect(found, 'no greedy game in 40 seeds had two hazards in one column').toBeDefined();
    const page = await h.open(`#/cragwake?seed=${found!.seed}&replay=${encodeActions(found!.actions)}`);
    await page.click('#replay-bar [data-replay="end"]').catch(() => {});
    await page.waitForSelector('#replay-bar[data-done="true"]');
    const boxes = await page.$$eval('#board .marker', (marks) =>
      marks.map((m) => {
        const box = (m.querySelector('rect') as SVGGraphicsElement).getBBox();
        const text = (m.querySelector('text') as SVGGraphicsElement).getBBox();
        return { box: { x: box.x, y: box.y, w: box.width, h: box.height }, text: { x: text.x, y: text.y, w: text.width, h: text.height } };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    const hit = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
      a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    for (let i = 0; i < boxes.length; i++) {
      const { box, text } = boxes[i]!;
      expect(text.x >= box.x - 0.5 && text.x + text.w <= box.x + box.w + 0.5, `label ${i} spills sideways`).toBe(true);
      for (let j = i + 1; j < boxes.length; j++) expect(hit(text, boxes[j]!.text), `labels ${i} and ${j} overlap`).toBe(false);
    }
    await page.screenshot({ path: join(artifacts, 'cragwake-desktop-hazards.png') });
    await page.close();
  }, 120_000);

  it("names what each Cragwake count counts: the panel the engine's wall turns, the result card the actions", async (ctx) => {
    if (!registry.has('cragwake')) ctx.skip();
    const game = (await registry.load('cragwake'))!;
    const wire = createWire(game, { codec: PlainTokenCodec });
    // A greedy game to its end that climbs on at a ledge: climbOn (and the pitch-completing move) is an action but
    // no wall turn, so the two counts differ, as they did on the page ("Turn 34" beside "46 actions").
    let found: { seed: number; actions: unknown[]; turn: number } | undefined;
    for (let seed = 1; seed <= 20 && !found; seed++) {
      const policy: Policy = game.policies.greedy!(seed);
      let r: OkResponse = wire.init(seed);
      const actions: unknown[] = [];
      for (let i = 0; i < 400 && !r.gameOver; i++) {
        const action = policy.decide(r.state, r.legalActions);
        const next = wire.act({ state: r.state, action });
        if (!next.ok) break;
        actions.push(action);
        r = next;
      }
      const turn = (r.observation as unknown as { turn: number }).turn;
      if (r.gameOver && turn !== actions.length) found = { seed, actions, turn };
    }
    expect(found, 'no greedy game in 20 seeds ended within 400 actions with a climb-on').toBeDefined();
    const { seed, actions, turn } = found!;
    const page = await h.open(formatRoute({ page: 'game', slug: 'cragwake', seed, replay: undefined, play: actions }));
    await page.waitForSelector('#over .over-card');
    const panel = await page.$$eval('#board .stats > div', (rows) =>
      rows.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
    );
    // the panel's number is observation.turn under the engine's name for it; no bare "Turn" that reads as actions
    expect(panel).toContainEqual(['Wall turns', String(turn)]);
    expect(panel.map(([k]) => k)).not.toContain('Turn');
    // the card's number is the accepted actions, the count /verify calls turns
    expect(await page.textContent('#over .over-score')).toContain(`in ${actions.length} actions`);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('says plainly that leaderboards need the hearth server when the page is served without it', async () => {
    const slug = registry.slugs[0]!;
    const page = await h.open(`#/leaderboard/${slug}`);
    await page.waitForSelector('#board-status[data-absent="true"]');
    // in a player's words: no developer instruction (`pnpm start`), just what is missing
    expect(await page.textContent('#board-status')).toContain('runs without its server');
    expect(await page.textContent('#board-status')).not.toContain('pnpm');
    await page.goto(`${h.url}#/run/1`);
    await page.waitForSelector('.message[data-absent="true"]');
    await page.close();
  });

  it('hides the phone action bar on a replay page, where every action button would be disabled', async () => {
    const slug = registry.slugs[0]!;
    const page = await h.open(`#/${slug}?seed=3&replay=${encodeActions([])}`, PHONE);
    await page.waitForSelector('#replay-bar:not([hidden])');
    expect(await page.isVisible('#board .actions')).toBe(false);
    expect(await page.isVisible('#replay-bar')).toBe(true);
    await page.close();
  });

  it('keeps Sunloaf key letters inside their tiles and Cragwake ledge labels clear of the key rings', async (ctx) => {
    if (!registry.has('sunloaf') || !registry.has('cragwake')) ctx.skip();
    const page = await h.open('#/sunloaf?seed=7', PHONE);
    await page.click('#board [data-ui^="cat:"] >> nth=0');
    await page.waitForSelector('#board .tile-key');
    const outside = await page.$$eval(
      '#board .tile-key',
      (keys) =>
        keys.filter((k) => {
          const t = (k as SVGGraphicsElement).getBBox();
          const r = ((k.parentElement as Element).querySelector('rect') as SVGGraphicsElement).getBBox();
          // inside the tile's rect less the ring's inner half (stroke 4)
          return t.x < r.x + 2 || t.x + t.width > r.x + r.width - 2 || t.y < r.y + 2 || t.y + t.height > r.y + r.height - 2;
        }).length,
    );
    expect(outside).toBe(0);
    if (registry.has('stormlark')) {
      // Stormlark's legend icons are the board's shapes at the size of a letter, not at the board's width
      await page.goto(`${h.url}#/stormlark?seed=7`);
      await page.waitForSelector('#board[data-ready="true"] .legend-icon');
      const sizes = await page.$$eval('#board .legend-icon', (icons) => icons.map((i) => i.getBoundingClientRect().width));
      expect(sizes.length).toBeGreaterThan(8);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(32);
    }
    await page.goto(`${h.url}#/cragwake?seed=7`);
    await page.waitForSelector('#board[data-ready="true"] .ledge-mark');
    // in the gutter, left of every cell of the wall, so no key ring or climber covers it
    expect(
      await page.$eval('#board svg', (svg) => {
        const wallLeft = Math.min(...Array.from(svg.querySelectorAll('.cell .hit'), (c) => (c as SVGGraphicsElement).getBBox().x));
        return Array.from(svg.querySelectorAll('.ledge-mark'), (m) => {
          const b = (m as SVGGraphicsElement).getBBox();
          return b.x >= 0 && b.x + b.width <= wallLeft;
        });
      }),
    ).not.toContain(false);
    await page.close();
  });

  it('shows a corrupt replay link as an error instead of ignoring it', async () => {
    const slug = registry.slugs[0]!;
    const page = await h.open(`#/${slug}?seed=3&replay=!!notbase64`);
    await page.waitForSelector('#message[data-kind="refusal"]');
    expect(await page.textContent('#message')).toContain('replay link is damaged');
    await page.close();
  });
});
