// Input that cannot misfire: the game's keys are read at the document level; a pointer click or tap never leaves
// a button focused (focus goes back to the board, which shows no ring for it), so the next Space or Enter is the
// game's, never a repeat of the clicked button; a control reached with Tab keeps its own Enter and Space and its
// visible focus ring. A key or click during a step's motion ends the motion at once. Replays step with the arrow
// keys. Pointer drags on a board that takes points (aiming) reach the board in its own SVG units.
import type { Intent, View } from '@hearth/engine/web';
import { skipMotion } from '../feel/motion.ts';
import { toggleSound } from '../feel/sound.ts';
import type { Coach } from './game-coach.ts';
import { type GamePage, viewOf } from './game-page.ts';
import type { Play } from './game-play.ts';
import type { Replay } from './replay.ts';

/** Keys that never mean anything to a game (focus moves, modifiers alone). */
const IGNORED_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

export function attachInput(p: GamePage, play: Play, replay: Replay, coach: Coach): () => void {
  const x: Input = { p, play, replay, coach, menu: menuOf(p) };
  const drag = dragInput(x);
  const listeners: [EventTarget, string, (e: never) => void][] = [
    [p.root, 'click', (e: MouseEvent) => onClick(x, e)],
    [p.root, 'submit', (e: SubmitEvent) => onSubmit(x, e)],
    [document, 'keydown', (e: KeyboardEvent) => onKey(x, e)],
    [p.el.board, 'pointerdown', drag.down],
    [p.el.board, 'pointermove', drag.move],
    [p.el.board, 'pointerup', drag.up],
    [p.el.board, 'pointercancel', drag.up],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener as EventListener);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
  };
}

/** What every handler reads: the page, its play and replay, the coach and the page's menu. */
interface Input {
  p: GamePage;
  play: Play;
  replay: Replay;
  coach: Coach;
  menu: Menu;
}

interface Menu {
  readonly el: HTMLElement;
  open(open: boolean): void;
}

function menuOf(p: GamePage): Menu {
  const el = p.root.querySelector('#game-menu') as HTMLElement;
  const button = p.root.querySelector('#menu-toggle') as HTMLButtonElement;
  return {
    el,
    open(open) {
      el.hidden = !open;
      button.setAttribute('aria-expanded', String(open));
    },
  };
}

const fromTarget = (target: EventTarget | null) => (target as Element | null)?.closest?.('[data-act],[data-ui]') as HTMLElement | null;

/** The board's answer to one of its own controls (data-ui), read against the view when the queue reaches it. */
const uiIntent = (p: GamePage, token: string, value?: string) => (): Intent => {
  const v = viewOf(p);
  return v ? (p.renderer.onUi?.(token, v, p.ui, value) ?? null) : null;
};

/** A board control: an action (asking first where it says data-confirm) or a board-ui token. */
function activate({ p, play }: Input, el: HTMLElement) {
  if (p.watching) return;
  if (el instanceof HTMLButtonElement && el.disabled) return;
  if (el.dataset.act !== undefined) {
    const action = JSON.parse(el.dataset.act);
    if (el.dataset.confirm)
      return play.askConfirm(el.dataset.confirm, 'Yes, end it', 'Keep playing', () => play.enqueue(() => play.step(action)));
    play.enqueue(() => ({ act: action }));
  } else if (el.dataset.ui !== undefined && el.tagName !== 'FORM') play.enqueue(uiIntent(p, el.dataset.ui));
}

/** The page's own buttons (not the board's): each handled here, in the order a click is most likely. */
function pageButton({ p, play, replay, coach, menu }: Input, target: Element): boolean {
  const hit = <T extends HTMLElement>(sel: string) => target.closest?.(sel) as T | null;
  const answer = hit('[data-confirm-answer]');
  const sound = hit('#sound-toggle');
  const overButton = hit('[data-over]');
  const scroll = hit('[data-scroll]');
  const tutorial = hit('[data-tutorial]');
  const replayButton = hit('[data-replay]');
  const again = hit('[data-new-game]');
  if (hit('[data-retry]')) play.retry();
  else if (answer) play.answerConfirm(answer.dataset.confirmAnswer === 'yes');
  else if (hit('#menu-toggle')) menu.open(menu.el.hidden);
  else if (sound) toggleSound(sound);
  else if (overButton) play.openOver(overButton.dataset.over === 'open');
  else if (scroll) {
    menu.open(false);
    p.root.querySelector(`#${scroll.dataset.scroll}`)?.scrollIntoView({ block: 'start' });
  } else if (tutorial) coach.button(tutorial.dataset.tutorial as string);
  else if (replayButton) void replay.button(replayButton.dataset.replay as string);
  else if (again) play.newGame(again.dataset.newGame === 'random');
  else return false;
  return true;
}

function onClick(x: Input, e: MouseEvent): void {
  const { board } = x.p.el;
  const target = e.target as Element;
  skipMotion(board);
  // a pointer click never leaves a button focused: the next Space or Enter is the game's, not that button's
  if (e.detail > 0 && !target.closest?.('#over, #confirm, #game-menu, #coach, input, select, textarea, a')) {
    const focused = target.closest?.('button, [role="button"]') as HTMLElement | null;
    if (focused && document.activeElement === focused) board.focus({ preventScroll: true });
  }
  if (pageButton(x, target)) return;
  if (!x.menu.el.hidden && !target.closest?.('#game-menu')) x.menu.open(false);
  const el = fromTarget(e.target);
  if (el && board.contains(el)) activate(x, el);
}

function onSubmit({ p, play }: Input, e: SubmitEvent) {
  const form = e.target as HTMLFormElement;
  if (form.id === 'submit-form' || form.closest('#over')) return;
  e.preventDefault();
  if (form.id === 'seed-form') return play.newGame();
  if (p.watching || form.dataset.ui === undefined) return;
  const field = form.elements.namedItem('value') as HTMLInputElement | null;
  play.enqueue(uiIntent(p, form.dataset.ui, field?.value ?? ''));
}

/** A replay steps with the arrow keys (and Space plays or pauses), whatever is playing. */
function replayKey(replay: Replay, e: KeyboardEvent): boolean {
  const what = { ArrowRight: 'step', ArrowLeft: 'back', ' ': 'toggle', Home: 'restart', End: 'end' }[e.key];
  if (!what) return false;
  e.preventDefault();
  void replay.button(what);
  return true;
}

/** Who a key is for: the confirm box, the menu, a replay, a focused control, else the board. */
function onKey(x: Input, e: KeyboardEvent) {
  const { p, play, menu } = x;
  const t = e.target as HTMLElement;
  if (t.closest?.('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
  if (!p.el.confirm.hidden) {
    if (e.key === 'Escape') play.closeConfirm();
    return;
  }
  if (e.key === 'Escape' && !menu.el.hidden) return menu.open(false);
  skipMotion(p.el.board);
  if (p.watching) {
    if (!(t.closest?.('button, a, summary') && (e.key === ' ' || e.key === 'Enter'))) replayKey(x.replay, e);
    return;
  }
  // after the end only the card's own controls act (Esc and a lone e never hide the result)
  if (p.run.response?.gameOver) return;
  // a control the player reached with Tab keeps its own Enter and Space (a pointer click never leaves focus on one)
  const el = fromTarget(t);
  if (el && p.el.board.contains(el) && (e.key === 'Enter' || e.key === ' ') && el.tagName !== 'BUTTON') {
    e.preventDefault();
    return activate(x, el);
  }
  if ((e.key === 'Enter' || e.key === ' ') && t.closest?.('a, button, summary')) return;
  if (!p.renderer.onKey || !p.run.response || IGNORED_KEYS.has(e.key)) return;
  boardKey(x, e);
}

/**
 * A key for the board. Every key joins the queue and is read against the state it applies to (a cat selected by
 * the key before it, say). One the board maps now is claimed at once, so Space and the arrows never scroll the page.
 */
function boardKey({ p, play }: Input, e: KeyboardEvent): void {
  // a named key held with Shift reaches the board as "Shift+ArrowLeft" (coarse aiming), else as itself; a
  // character already says its case ("E" is Shift+E)
  const keys = e.shiftKey && e.key.length > 1 ? [`Shift+${e.key}`, e.key] : [e.key];
  const read = (v: View, u: unknown): Intent => {
    for (const k of keys) {
      const intent = p.renderer.onKey?.(k, v, u) ?? null;
      if (intent !== null) return intent;
    }
    return null;
  };
  const now = viewOf(p);
  const copy = p.ui !== null && typeof p.ui === 'object' ? { ...p.ui } : p.ui;
  if (now && read(now, copy) !== null) e.preventDefault();
  play.enqueue(() => {
    const v = viewOf(p);
    return v ? read(v, p.ui) : null;
  });
}

/** Pointer drags on a board that takes points (Lantern Volley aims by dragging): screen -> the SVG's own units. */
function dragInput({ p, play }: Input) {
  let dragging = false;
  const point = (e: PointerEvent, phase: 'down' | 'move' | 'up') => {
    const svg = (e.target as Element).closest?.('svg[data-points]') as SVGSVGElement | null;
    const ctm = svg?.getScreenCTM();
    const v = viewOf(p);
    if (!svg || !ctm || !v || !p.renderer.onPoint) return;
    const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    play.enqueue(() => {
      const now = viewOf(p);
      return now ? (p.renderer.onPoint?.({ x: at.x, y: at.y, phase }, now, p.ui) ?? null) : null;
    });
  };
  return {
    down(e: PointerEvent) {
      if (!(e.target as Element).closest?.('svg[data-points]') || p.watching) return;
      dragging = true;
      (e.target as Element).setPointerCapture?.(e.pointerId);
      point(e, 'down');
    },
    move: (e: PointerEvent) => dragging && point(e, 'move'),
    up() {
      dragging = false;
    },
  };
}
