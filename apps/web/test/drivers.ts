// How the browser suite plays each game through the UI. A driver knows which element to click or key to
// press; it never decides legality (the engine answers). A game without its own driver uses the generic board.
import type { Page } from 'playwright-core';

export interface Driver {
  /** Plays one action through the UI that the engine should accept. */
  move(page: Page, step: number): Promise<void>;
  /** Sends an action the engine refuses. */
  illegal(page: Page): Promise<void>;
  /** Plays on until the game is over (through the UI). */
  finish(page: Page): Promise<void>;
}

const num = async (page: Page, sel: string, attr: string) => Number((await page.getAttribute(sel, attr)) ?? 0);
export const score = (page: Page) => num(page, '#score', 'data-score');
export const turns = (page: Page) => num(page, '#board', 'data-turns');
export const responses = (page: Page) => num(page, '#board', 'data-responses');
export const boardHtml = (page: Page) => page.innerHTML('#board svg, #board .board-text');
export const gameOver = async (page: Page) => (await page.getAttribute('#board', 'data-game-over')) === 'true';

/** Runs an input and waits for the engine's answer (accepted or refused); true when it was accepted. */
export async function answered(page: Page, input: () => Promise<unknown>): Promise<boolean> {
  const before = await responses(page);
  const turnsBefore = await turns(page);
  await input();
  await page.waitForFunction((n) => Number(document.querySelector('#board')?.getAttribute('data-responses') ?? 0) > n, before);
  return (await turns(page)) > turnsBefore;
}

export const click = (page: Page, selector: string) => answered(page, () => page.click(selector));
export const key = (page: Page, k: string) => answered(page, () => page.keyboard.press(k));

/** Presses the keys in order until one is accepted; false when none is. */
export async function firstAccepted(page: Page, keys: string[]): Promise<boolean> {
  for (const k of keys) if (await key(page, k)) return true;
  return false;
}

/** Shift+E asks the same question as the End run button; answers yes. False when the run could not end now. */
export async function endByKey(page: Page): Promise<boolean> {
  const before = await responses(page);
  await page.keyboard.press('Shift+E');
  const confirm = page.locator('#confirm:not([hidden]) [data-confirm-answer="yes"]');
  await page.waitForFunction(
    (n) =>
      document.querySelector('#confirm:not([hidden])') !== null ||
      Number(document.querySelector('#board')?.getAttribute('data-responses') ?? 0) > n ||
      document.querySelector('#board[data-pending="0"]') !== null,
    before,
  );
  if (!(await confirm.count())) return false;
  return answered(page, () => confirm.click());
}

export const genericDriver: Driver = {
  async move(page) {
    // A grid game with a look offers its moves as target cells (one holding a piece first), others as buttons.
    for (const sel of ['#board .cell.target:has(.piece)', '#board .cell.target', '#board .actions button']) {
      if (await page.locator(sel).count()) {
        await click(page, `${sel} >> nth=0`);
        return;
      }
    }
    throw new Error('the generic board offers no action to play');
  },
  async illegal(page) {
    await page.fill('#board form[data-ui="json"] input', '{"type":"no-such-action"}');
    await page.press('#board form[data-ui="json"] input', 'Enter');
  },
  async finish(page) {
    for (let i = 0; i < 500 && !(await gameOver(page)); i++) {
      const end = page.locator('#board .actions button', { hasText: /^end/i });
      await click(
        page,
        (await end.count()) ? '#board .actions button:text-matches("^end", "i") >> nth=0' : '#board .actions button >> nth=0',
      );
    }
  },
};

/** The legal target highest on the wall (data-key "cell-ROW,COL"). */
async function highestTarget(page: Page): Promise<string | undefined> {
  const keys = await page.$$eval('#board .cell.target', (els) => els.map((e) => e.getAttribute('data-key') ?? ''));
  keys.sort((a, b) => Number(b.slice(5).split(',')[0]) - Number(a.slice(5).split(',')[0]));
  return keys[0];
}

export const drivers: Record<string, Driver> = {
  cragwake: {
    async move(page) {
      const k = await highestTarget(page);
      if (k) await click(page, `#board [data-key="${k}"]`);
      else await firstAccepted(page, ['c', '.']);
    },
    async illegal(page) {
      // a visible cell that is not a legal target: bare rock, out of reach or too costly, the engine says which
      await page.click('#board .cell:not(.target):not(.here) >> nth=0');
    },
    async finish(page) {
      // Shift+E ends the run at a ledge; elsewhere breathe until stamina runs out
      for (let i = 0; i < 400 && !(await gameOver(page)); i++) if (!(await endByKey(page))) await firstAccepted(page, ['.']);
    },
  },
  stormlark: {
    async move(page) {
      // VENT is legal on every flying turn and the world scrolls: the column advanced pays
      if (!(await key(page, 'v'))) await firstAccepted(page, ['n', 'ArrowUp', 'ArrowDown']);
    },
    async illegal(page) {
      await page.keyboard.press('n'); // NEXT_REACH is only legal at a Gate (its button is disabled)
    },
    async finish(page) {
      // the End run button asks first; "Yes, end it" sends END_RUN
      await page.click('#board button[data-key="END_RUN"]');
      await click(page, '#confirm [data-confirm-answer="yes"]');
    },
  },
  'lantern-volley': {
    async move(page, step) {
      // aim straight at an unlit lantern (read from the drawn arena); the engine decides what the wisp meets
      const lanterns = await page.$$eval('#board circle.lantern:not(.lit)', (els) =>
        els.map((e) => [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))]),
      );
      const [x, y] = lanterns[step % Math.max(1, lanterns.length)] ?? [540, 0];
      const angle = Math.min(165, Math.max(15, (Math.atan2(1360 - (y as number), (x as number) - 540) * 180) / Math.PI));
      await page.fill('#board form[data-ui="angle"] input', angle.toFixed(1));
      await answered(page, () => page.press('#board form[data-ui="angle"] input', 'Enter'));
    },
    async illegal(page) {
      await page.fill('#board form[data-ui="angle"] input', '10');
      await page.press('#board form[data-ui="angle"] input', 'Enter');
    },
    async finish(page) {
      await page.focus('#board');
      for (let i = 0; i < 80 && !(await gameOver(page)); i++) {
        await page.keyboard.press('ArrowLeft');
        await key(page, ' ');
      }
    },
  },
  sunloaf: {
    async move(page) {
      // put an unlit cat on a lit tile when one is in reach, otherwise rest and let the sleepers purr
      for (const cat of await page.$$eval('#board .cats li', (els) => els.map((_, i) => i))) {
        const lit = await page.$$eval('#board .cats li', (els, i) => els[i]?.textContent?.includes('☀ lit') ?? false, cat);
        if (lit) continue;
        await page.click(`#board button[data-key="catbtn${cat}"]`);
        const target = await page.$('#board .tile.lit.target');
        if (target && (await click(page, '#board .tile.lit.target >> nth=0'))) return;
        await page.keyboard.press('Escape');
      }
      await firstAccepted(page, ['r', 'n']);
    },
    async illegal(page) {
      await page.click('#board button[data-key="catbtn0"]');
      await page.click('#board .tile.furniture >> nth=0');
    },
    async finish(page) {
      await endByKey(page);
      await page.waitForSelector('#replay-link');
    },
  },
};
