// The first-game tutorial: the first time a player opens a game (a bare link, nothing in progress) the page plays
// the game's tutorial, a few guided moves on its fixed seed that teach the core decision; a link that names a seed
// (a daily, a shared game) only offers it. Each step says what to look at, highlights the move to make and waits
// for it (another move is not sent: the coach says which one); Skip leaves for a real game at any time, and How
// to play opens it again. A tutorial run is never kept, recorded or submitted.
import { esc, type TutorialStep } from '@hearth/engine/web';
import { formatRoute, randomSeed } from '../route.ts';
import { type Board, elementOf, sameAction } from './game-board.ts';
import type { GamePage } from './game-page.ts';
import type { Play } from './game-play.ts';

export interface Coach {
  /** A coach button: open (the tutorial from How to play), next, skip, finish, dismiss (the offer). */
  button(what: string): void;
  /** On a game's first visit: start the tutorial (a bare link) or offer it (a link with a seed). */
  offer(bare: boolean): void;
  stop(): void;
}

const doneKey = (slug: string) => `hearth:tutorial:${slug}`;

export function tutorialSeen(slug: string): boolean {
  try {
    return localStorage.getItem(doneKey(slug)) === 'done';
  } catch {
    return true; // no storage: never force it on every visit
  }
}

function markSeen(slug: string): void {
  try {
    localStorage.setItem(doneKey(slug), 'done');
  } catch {
    // storage blocked: it is offered again next time
  }
}

export function createCoach(p: GamePage, play: Play, board: Board): Coach {
  const box = p.el.coach;
  const steps: readonly TutorialStep[] = p.tutorial?.steps ?? [];
  let at = 0;
  let observer: MutationObserver | undefined;

  const realGame = () => {
    markSeen(p.slug);
    location.hash = formatRoute({ page: 'game', slug: p.slug, seed: randomSeed(), replay: undefined, online: p.online });
  };
  const openTutorial = () => {
    location.hash = formatRoute({ page: 'game', slug: p.slug, seed: undefined, replay: undefined, tutorial: true, online: p.online });
  };

  /** Rings the move to make (and what to pick before it) on the board as drawn now. */
  const highlight = () => {
    for (const el of Array.from(p.el.board.querySelectorAll('.coach-target'))) el.classList.remove('coach-target');
    const step = steps[at];
    if (!step) return;
    const els = [
      ...(step.point ?? []).map((sel) => p.el.board.querySelector(sel)),
      step.action === undefined ? null : elementOf(p.el.board, step.action),
    ];
    for (const el of els) el?.classList.add('coach-target');
  };

  const drawStep = () => {
    const step = steps[at];
    box.hidden = false;
    if (!step) {
      markSeen(p.slug);
      box.innerHTML = `<p class="coach-head"><strong>Tutorial done</strong></p><p>${esc(p.tutorial?.done ?? '')}</p>
<p><button type="button" data-tutorial="finish" class="primary">Play a real game</button></p>`;
      highlight();
      return;
    }
    const move = step.action === undefined ? undefined : board.nameOf(step.action);
    box.innerHTML = `<p class="coach-head"><strong>Tutorial</strong> · step ${at + 1} of ${steps.length} <button type="button" data-tutorial="skip" class="coach-skip">Skip the tutorial</button></p>
<p class="coach-say">${esc(step.say)}</p>${
      step.action === undefined
        ? '<p><button type="button" data-tutorial="next" class="primary">Next</button></p>'
        : `<p class="coach-move">Your move: <strong>${esc(move ?? 'the ringed one')}</strong></p>`
    }`;
    highlight();
  };

  const start = () => {
    // the guided steps sit right above the board (the offer of a tutorial waits below it)
    p.el.board.before(box);
    p.el.board.dataset.tutorial = 'true';
    // the move to make is ringed on every redraw (a selection, an aim)
    observer = new MutationObserver(highlight);
    observer.observe(p.el.board, { childList: true });
    play.gate = (action) => {
      const want = steps[at]?.action;
      if (want === undefined || sameAction(action, want)) return undefined;
      const name = board.nameOf(want) ?? 'the ringed move';
      return `In the tutorial, make the ringed move: ${name}. (Skip the tutorial to play freely.)`;
    };
    p.root.addEventListener('hearth:step', advance);
    drawStep();
  };
  const advance = () => {
    at++;
    drawStep();
  };

  if (p.tutorial) start();

  return {
    button(what) {
      if (what === 'open') openTutorial();
      else if (what === 'skip' || what === 'finish') realGame();
      else if (what === 'dismiss') {
        markSeen(p.slug);
        box.hidden = true;
      } else if (what === 'next') {
        at++;
        drawStep();
      }
    },
    offer(bare) {
      if (p.tutorial || !p.renderer.tutorial || p.watching || p.route.run || tutorialSeen(p.slug)) return;
      if (bare) return openTutorialInPlace();
      box.hidden = false;
      box.innerHTML = `<p class="coach-say">New to ${esc(p.spec.name)}? A few guided moves on a practice seed teach the main decision.</p>
<p><button type="button" data-tutorial="open" class="primary">Play the tutorial</button> <button type="button" data-tutorial="dismiss">No thanks</button></p>`;
    },
    stop() {
      observer?.disconnect();
      p.root.removeEventListener('hearth:step', advance);
    },
  };

  function openTutorialInPlace() {
    const hash = formatRoute({ page: 'game', slug: p.slug, seed: undefined, replay: undefined, tutorial: true, online: p.online });
    history.replaceState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }
}
