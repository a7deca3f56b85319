// How the browser suite plays each game through the UI. A driver knows which element to click; it never
// decides legality (the engine answers). A game without its own driver is played through the generic board.
import type { Page } from 'playwright-core';

export interface Driver {
  /** Plays one action through the UI that the engine should accept. */
  move(page: Page, step: number): Promise<void>;
  /** Sends an action the engine refuses. */
  illegal(page: Page): Promise<void>;
  /** Plays on until the game is over (through the UI). */
  finish(page: Page): Promise<void>;
}

export const score = async (page: Page) => Number(await page.getAttribute('#score', 'data-score'));
export const turns = async (page: Page) => Number(await page.getAttribute('#board', 'data-turns'));
export const boardHtml = (page: Page) => page.innerHTML('#board svg, #board .board-text');
export const gameOver = async (page: Page) => (await page.getAttribute('#board', 'data-game-over')) === 'true';

/** Waits until the page has taken one more action than `before`. */
export async function waitTurn(page: Page, before: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.querySelector('#board')?.getAttribute('data-turns')) > n, before);
}

export async function clickAndWait(page: Page, selector: string): Promise<void> {
  const before = await turns(page);
  await page.click(selector);
  await waitTurn(page, before);
}

export const genericDriver: Driver = {
  async move(page) {
    await clickAndWait(page, '#board .actions button >> nth=0');
  },
  async illegal(page) {
    await page.fill('#board form[data-ui="json"] input', '{"type":"no-such-action"}');
    await page.press('#board form[data-ui="json"] input', 'Enter');
  },
  async finish(page) {
    for (let i = 0; i < 500 && !(await gameOver(page)); i++) {
      const end = page.locator('#board .actions button', { hasText: /^end/i });
      await clickAndWait(
        page,
        (await end.count()) ? '#board .actions button:text-matches("^end", "i") >> nth=0' : '#board .actions button >> nth=0',
      );
    }
  },
};

export const drivers: Record<string, Driver> = {};
