// The board on the page: drawn by the game's own board (or the generic one) from the run as it stands, the score
// beside it, and every disabled action's reason as visible text under it (on touch screens too), in the player's
// words: the engine's own refusal translated through the game's look, never an identifier.
import { nextBody, type OkResponse } from '@hearth/engine';
import { esc, inPlayerWords, NOT_LEGAL } from '@hearth/engine/web';
import { motionAllowed } from '../feel/motion.ts';
import { sentence } from '../text.ts';
import { type GamePage, viewOf } from './game-page.ts';

export interface Board {
  /** Draws the run as it stands; `fresh` after an accepted step (its motion plays once). */
  draw(fresh?: boolean): void;
  /** The action's name as its button says it, or the board's own words for it. */
  nameOf(action: unknown): string | undefined;
}

/** Whether two actions are the same (key order never matters). */
export const sameAction = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);
const canonical = (v: unknown): string =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : JSON.stringify(v);

/** The board's element whose `data-act` is this action (the first), if it draws one. */
export function elementOf(board: HTMLElement, action: unknown): HTMLElement | undefined {
  for (const el of Array.from(board.querySelectorAll<HTMLElement>('[data-act]'))) {
    try {
      if (sameAction(JSON.parse(el.dataset.act as string), action)) return el;
    } catch {
      // not JSON: not an action
    }
  }
  return undefined;
}

export function createBoard(p: GamePage): Board {
  const { board, whyNot } = p.el;
  const words = (text: string) => sentence(inPlayerWords(text, p.spec.look));

  /** The name a disabled button shows (without its key hint). */
  const shownName = (el: HTMLElement) => (el.textContent ?? '').replace(/\s*\([^)]*\)\s*$/, '').trim();

  const drawWhyNot = () => {
    const off = Array.from(board.querySelectorAll<HTMLButtonElement>('button[disabled][data-act]'));
    if (!off.length || p.watching || p.run.response?.gameOver) {
      whyNot.hidden = true;
      whyNot.innerHTML = '';
      return;
    }
    whyNot.hidden = false;
    whyNot.innerHTML = `<p class="why-title">Not possible now:</p><ul>${off
      .map((el) => {
        const why = (el.title || NOT_LEGAL).replace(/^Not possible now:\s*/, '');
        return `<li data-key="${esc(el.dataset.key ?? '')}"><strong>${esc(shownName(el))}</strong>: ${esc(words(why))}</li>`;
      })
      .join('')}</ul>`;
  };

  /** Disabled buttons get the engine's own refusal as their reason (local play: a probe costs nothing). */
  const explainDisabled = async (at: OkResponse) => {
    // online a probe would be a request per button; during a replay every button is off for that reason alone
    if (!p.online && !p.watching) {
      for (const el of Array.from(board.querySelectorAll<HTMLButtonElement>('button[disabled][data-act]:not([data-why])'))) {
        const r = await p.engine.act(p.slug, bodyFor(p, at, JSON.parse(el.dataset.act as string)));
        if (p.run.disposed || p.run.response !== at) return;
        el.title = r.ok ? NOT_LEGAL : `Not possible now: ${words(r.message)}`;
      }
    }
    if (!p.run.disposed && p.run.response === at) drawWhyNot();
  };

  const draw = (fresh = false) => {
    const v = viewOf(p, fresh && motionAllowed());
    if (!v) return;
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    board.innerHTML = p.renderer.render(v, p.ui);
    if (focusKey) (board.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) as HTMLElement | null)?.focus({ preventScroll: true });
    p.el.score.value = String(v.response.score);
    p.el.score.dataset.score = String(v.response.score);
    board.dataset.gameOver = String(v.response.gameOver);
    const w = window as unknown as { __hearthFirstFrame?: number; __hearthLegal?: unknown[] };
    // the legal list the buttons were drawn from, for the browser suite's disabled-button check
    w.__hearthLegal = v.response.legalActions;
    if (w.__hearthFirstFrame === undefined) {
      w.__hearthFirstFrame = performance.now();
      performance.mark('hearth:first-frame');
    }
    board.dataset.ready = 'true';
    drawWhyNot();
    void explainDisabled(v.response);
  };

  const nameOf = (action: unknown): string | undefined => {
    const v = viewOf(p);
    const own = v ? p.renderer.describe?.(action, v) : undefined;
    if (own) return own;
    const el = elementOf(board, action);
    const label = el ? (el.tagName === 'BUTTON' ? shownName(el) : el.getAttribute('aria-label')) : undefined;
    return label ? sentence(label) : undefined;
  };

  return { draw, nameOf };
}

/** The next request's body: the state (or the token alone) with the action, as the game's spec says. */
export const bodyFor = (p: GamePage, at: OkResponse, action: unknown) => nextBody(p.spec, at, action);
