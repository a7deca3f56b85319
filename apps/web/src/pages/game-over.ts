// The game-over box: an overlay fixed inside the viewport on every screen size (score, replay link, submit to
// the leaderboard, play again), so the end of a game is never below the fold.
import { ABSENT, nameRefusal, savedName, submitRun } from '../api.ts';
import { esc } from '../render/markup.ts';
import { formatRoute } from '../route.ts';

export interface Finished {
  slug: string;
  seed: number;
  actions: unknown[];
  score: number;
  online: boolean;
  /** The engine's own words for the ending, when its recap gives them. */
  ending?: string;
}

export function overMarkup(f: Finished): string {
  const link = formatRoute({ page: 'game', slug: f.slug, seed: f.seed, replay: f.actions, online: f.online });
  const name = savedName();
  return `<div class="over-card" role="dialog" aria-modal="false" aria-labelledby="over-title">
<h2 id="over-title">Game over</h2>
<p class="over-score">Final score <strong id="final-score">${esc(f.score)}</strong> in ${f.actions.length} actions${f.ending ? ` — ${esc(f.ending)}` : ''}.</p>
<p><a id="replay-link" href="${esc(link)}">Watch the replay</a> (seed ${f.seed}; the link can be shared).</p>
<form id="submit-form" class="submit-form"><label>Your name <input id="player-name" name="player" value="${esc(name)}" minlength="2" maxlength="24" pattern="[A-Za-z0-9][A-Za-z0-9_.\\-]{1,23}" title="2 to 24 letters, digits, _ . or -, starting with a letter or digit" autocomplete="nickname" required></label>
<button type="submit">Submit this run</button></form>
<p id="submit-result" class="submit-result" role="status"></p>
<p class="over-buttons"><button type="button" data-new-game="same">Play seed ${f.seed} again</button> <button type="button" data-new-game="random">New game, random seed</button>
<a id="board-link" href="${esc(formatRoute({ page: 'leaderboard', slug: f.slug, online: f.online }))}">Leaderboard</a>
<button type="button" data-over="close">See the board</button></p></div>`;
}

/** Wires the submit form inside the overlay. */
export function attachSubmit(over: HTMLElement, f: Finished): void {
  const form = over.querySelector('#submit-form') as HTMLFormElement | null;
  const out = over.querySelector('#submit-result') as HTMLElement | null;
  if (!form || !out) return;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    e.stopPropagation();
    const player = (form.elements.namedItem('player') as HTMLInputElement).value.trim();
    const button = form.querySelector('button') as HTMLButtonElement;
    button.disabled = true;
    out.dataset.kind = 'info';
    out.textContent = 'Submitting: the server replays your actions…';
    const r = await submitRun({ game: f.slug, seed: f.seed, actions: f.actions, player });
    if (!r.ok) {
      button.disabled = false;
      out.dataset.kind = 'refusal';
      out.textContent = r.absent ? ABSENT : `Not stored: ${nameRefusal(player, r.reason) ?? r.message}`;
      return;
    }
    out.dataset.kind = 'ok';
    out.dataset.runId = String(r.runId);
    // rank is the place among everyone (people and agents): the leaderboard's "Everyone" table
    const rank = r.rank == null ? '' : `, rank ${r.rank} overall (all time)`;
    const owner = r.player ?? player;
    const key = r.playerKey ? ` The name “${player}” is now yours; its key is kept in this browser.` : '';
    const head = r.duplicate ? `Already stored under ${owner}` : `Stored under ${owner}`;
    out.innerHTML = `${esc(head)}: score ${esc(r.score)}${esc(rank)}.${esc(key)} <a id="run-link" href="${esc(formatRoute({ page: 'run', id: String(r.runId), online: f.online }))}">Open the run</a>`;
  });
}
