// The page's entry: route the hash to the home page or a game page. Everything else lives in pages/ and render/.
import { getEngine } from './engine-client.ts';
import { showGame } from './pages/game.ts';
import { showHome } from './pages/home.ts';
import { showLeaderboard } from './pages/leaderboard.ts';
import { showRun } from './pages/run.ts';
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
      await showHome(root, getEngine(r.online), r.online === true);
      release(() => {});
    } else if (r.page === 'leaderboard') {
      release(await showLeaderboard(root, r.slug, getEngine(r.online), r.online === true));
    } else if (r.page === 'run') {
      release(await showRun(root, r.id, getEngine(r.online), r.online === true));
    } else {
      release(await showGame(root, r, getEngine(r.online)));
    }
  } catch (error) {
    root.innerHTML = '<main><p class="message" data-kind="refusal"></p><p><a href="#/">All games</a></p></main>';
    (root.querySelector('.message') as HTMLElement).textContent =
      `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
    release(() => {});
  }
}

// The worker handle, for the end-to-end suite (it runs golden replays in this very worker) and for curious players.
Object.defineProperty(window, 'hearthEngine', { get: () => getEngine() });

window.addEventListener('hashchange', () => void route());
void route();
