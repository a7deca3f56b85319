// The page's entry: route the hash to the home page, a game, a leaderboard, a run, or say the page is unknown.
// Leaving a page that would lose something (a finished run not yet submitted) asks first.
import { getEngine } from './engine-client.ts';
import { leaveQuestion } from './leave.ts';
import { showAgents } from './pages/agents.ts';
import { showGame } from './pages/game.ts';
import { showHome } from './pages/home.ts';
import { showLeaderboard } from './pages/leaderboard.ts';
import { showRun } from './pages/run.ts';
import { showScorecard } from './pages/scorecard.ts';
import { showStats } from './pages/stats.ts';
import { showUnknown } from './pages/unknown.ts';
import { parseRoute } from './route.ts';

const root = document.getElementById('app') as HTMLElement;
let current: Promise<() => void> = Promise.resolve(() => {});

async function route(): Promise<void> {
  const previous = current;
  let release!: (cleanup: () => void) => void;
  current = new Promise((resolve) => {
    release = resolve;
  });
  (await previous)();
  const r = parseRoute(location.hash);
  try {
    if (r.page === 'home') {
      release(await showHome(root, getEngine(r.online), r.online === true));
    } else if (r.page === 'leaderboard') {
      release(await showLeaderboard(root, r.slug, getEngine(r.online), r.online === true, r.board));
    } else if (r.page === 'run') {
      release(await showRun(root, r.id, getEngine(r.online), r.online === true, r.solution === true));
    } else if (r.page === 'scorecard') {
      release(await showScorecard(root, r.id, getEngine(r.online), r.online === true));
    } else if (r.page === 'agents') {
      release(await showAgents(root, r.online === true, r.challenge));
    } else if (r.page === 'stats') {
      release(await showStats(root, r.slug, getEngine(r.online), r.online === true));
    } else if (r.page === 'unknown') {
      release(showUnknown(root, `#/${r.path}`, r.online === true));
    } else {
      release(await showGame(root, r, getEngine(r.online)));
    }
  } catch (error) {
    document.title = 'Something went wrong — Hearth';
    root.innerHTML =
      '<main><h1>Something went wrong</h1><p class="message" data-kind="refusal"></p><p><a href="#/">All games</a></p></main>';
    (root.querySelector('.message') as HTMLElement).textContent = error instanceof Error ? error.message : String(error);
    release(() => {});
  }
}

/** The in-page "leave this run?" question (never window.confirm: it cannot be styled, and tests cannot see it). */
function askToLeave(question: string, target: string): void {
  let box = document.getElementById('leave') as HTMLDivElement | null;
  if (!box) {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div id="leave" class="confirm" role="alertdialog" aria-modal="true" aria-labelledby="leave-text" hidden><div class="confirm-card"><p id="leave-text"></p>
<p><button type="button" data-leave="stay">Stay here</button> <button type="button" data-leave="go">Leave the run</button></p></div></div>`,
    );
    box = document.getElementById('leave') as HTMLDivElement;
  }
  (box.querySelector('#leave-text') as HTMLElement).textContent = question;
  box.hidden = false;
  (box.querySelector('[data-leave="stay"]') as HTMLElement).focus();
  const answer = (e: Event) => {
    const b = (e.target as Element).closest?.('[data-leave]') as HTMLElement | null;
    const esc = e instanceof KeyboardEvent && e.key === 'Escape';
    if (!b && !esc) return;
    box?.removeEventListener('click', answer);
    box?.removeEventListener('keydown', answer);
    if (box) box.hidden = true;
    if (b?.dataset.leave === 'go') {
      leaving = true;
      if (location.hash === target) window.dispatchEvent(new HashChangeEvent('hashchange'));
      else location.hash = target;
    }
  };
  box.addEventListener('click', answer);
  box.addEventListener('keydown', answer);
}

let leaving = false;
window.addEventListener('hashchange', (e) => {
  const question = leaving ? undefined : leaveQuestion(location.hash);
  leaving = false;
  if (question) {
    const target = location.hash;
    // back to the run's own URL (no second hashchange), then ask
    if (e.oldURL) history.replaceState(null, '', new URL(e.oldURL).hash || '#/');
    askToLeave(question, target);
    return;
  }
  void route();
});

// The worker handle, for the end-to-end suite (it runs golden replays in this very worker) and for curious players.
Object.defineProperty(window, 'hearthEngine', { get: () => getEngine() });

void route();
