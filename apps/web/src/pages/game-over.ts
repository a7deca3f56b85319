// The game-over box: an overlay fixed inside the viewport on every screen size (score, a moment for a win or a
// new best, share, replay link, submit to the leaderboard, play again), so the end of a game is never below the
// fold. Focus goes to its heading, so a key pressed in the heat of play activates nothing.

import { esc } from '@hearth/engine/web';
import { fetchBoard, nameRefusal, savedName, submitRun } from '../api.ts';
import { formatRoute } from '../route.ts';

export interface Finished {
  slug: string;
  seed: number;
  actions: unknown[];
  score: number;
  online: boolean;
  /** The engine's own words for the ending, when its recap gives them. */
  ending?: string;
  /** The UTC date when the seed is that day's daily (the server said so). */
  daily?: string;
  /** The game's name, for the share text. */
  name?: string;
  newBest?: boolean;
  won?: boolean;
  /** Already submitted: the stored run's id. */
  runId?: string;
  /** One mark per pitch, reach, wave or day, the last for the one the run ended in (the share summary). */
  marks?: string[];
}

/** The replay link of a run, absolute (the player's own card links it; it is never shared: it holds the moves). */
export function replayUrl(f: Pick<Finished, 'slug' | 'seed' | 'actions' | 'online'>, base = location.href): string {
  const link = formatRoute({ page: 'game', slug: f.slug, seed: f.seed, replay: f.actions, online: f.online });
  return new URL(link, base).toString();
}

/** Where the player stands once the run is stored: on the daily board for a daily, else all time. */
export interface Place {
  rank: number;
  board: 'daily' | 'all-time';
}

/**
 * The link a share carries: the stored run's page once submitted (`#/run/<id>`, which keeps today's daily solution
 * hidden from others until the daily resets), else the seed to play. Never the action list.
 */
export function shareLink(f: Pick<Finished, 'slug' | 'seed' | 'online' | 'runId'>, base = location.href): string {
  const link = f.runId
    ? formatRoute({ page: 'run', id: f.runId })
    : formatRoute({ page: 'game', slug: f.slug, seed: f.seed, replay: undefined });
  return new URL(link, base).toString();
}

/** At most this many marks in a row, so a long run's summary stays a few lines. */
const MARKS_PER_LINE = 10;
const MAX_MARKS = 40;

/**
 * What a player shares (no spoiler: no move, no action list): the game and the daily or seed, one mark per pitch,
 * reach, wave or day, the score and the place when known, and the short link.
 */
export function shareText(f: Finished, place?: Place, base = location.href): string {
  const which = f.daily ? `daily ${f.daily}` : `seed ${f.seed}`;
  const marks = f.marks ?? [];
  const shown = marks.length > MAX_MARKS ? [...marks.slice(0, MAX_MARKS - 1), '…'] : marks;
  const rows: string[] = [];
  for (let i = 0; i < shown.length; i += MARKS_PER_LINE) rows.push(shown.slice(i, i + MARKS_PER_LINE).join(''));
  const where = place ? ` · #${place.rank} ${place.board === 'daily' ? 'today' : 'all time'}` : '';
  const mark = f.won ? ' · won' : '';
  return [`Hearth · ${f.name ?? f.slug} · ${which}`, ...rows, `Score ${f.score}${mark}${where}`, shareLink(f, base)].join('\n');
}

export function overMarkup(f: Finished): string {
  const link = formatRoute({ page: 'game', slug: f.slug, seed: f.seed, replay: f.actions, online: f.online });
  const name = savedName();
  const moment = f.won ? `<p class="moment" data-moment="won"><span aria-hidden="true">★</span> A win: the run ended in victory.</p>` : '';
  const best = f.newBest ? `<p class="moment" data-moment="best"><span aria-hidden="true">▲</span> A new best on this device.</p>` : '';
  const marks = f.marks?.length ? `<p class="over-marks" aria-label="${f.marks.length} parts of the run">${esc(f.marks.join(''))}</p>` : '';
  const title = f.won ? 'You won!' : 'Game over';
  return `<div class="over-card${f.won || f.newBest ? ' celebrate' : ''}" role="dialog" aria-modal="false" aria-labelledby="over-title">
<h2 id="over-title" tabindex="-1">${title}</h2>${moment}${best}${marks}
<p class="over-score">Final score <strong id="final-score">${esc(f.score)}</strong> in ${f.actions.length} actions${f.daily ? ` on the daily of ${esc(f.daily)}` : ` on seed ${f.seed}`}.${f.ending ? ` ${esc(/[.!?]$/.test(f.ending) ? f.ending : `${f.ending}.`)}` : ''}</p>
<form id="submit-form" class="submit-form"${f.runId ? ' hidden' : ''}><label>Your name <input id="player-name" name="player" value="${esc(name)}" minlength="2" maxlength="24" pattern="[A-Za-z0-9][A-Za-z0-9_.\\-]{1,23}" title="2 to 24 letters, digits, _ . or -, starting with a letter or digit" autocomplete="nickname" required></label>
<button type="submit">Submit this run</button></form>
<p id="submit-result" class="submit-result" role="status"${f.runId ? ' data-kind="ok"' : ''}>${f.runId ? `This run is stored. <a id="run-link" href="${esc(formatRoute({ page: 'run', id: f.runId, online: f.online }))}">Open the run</a>` : ''}</p>
<p class="share-row"><button type="button" id="share">Share the result</button> <a id="replay-link" href="${esc(link)}">Watch the replay</a></p>
<p id="share-status" class="share-status" role="status" hidden></p>
<textarea id="share-text" class="share-text" readonly rows="3" aria-label="Share text" hidden></textarea>
<p class="over-buttons"><a class="stats-link" href="${esc(formatRoute({ page: 'stats', slug: f.slug, online: f.online }))}">Your stats</a> <button type="button" data-new-game="same">Play seed ${f.seed} again</button> <button type="button" data-new-game="random">New game, random seed</button>
<a id="board-link" href="${esc(formatRoute({ page: 'leaderboard', slug: f.slug, ...(f.daily ? { board: 'daily' as const } : {}), online: f.online }))}">Leaderboard</a>
<button type="button" data-over="close">See the board</button></p></div>`;
}

/** Wires the submit form and the share button inside the overlay; `onStored` hears of a stored run. */
export function attachOver(over: HTMLElement, f: Finished, onStored: (runId: string, rank: number | null) => void): void {
  const form = over.querySelector('#submit-form') as HTMLFormElement | null;
  const out = over.querySelector('#submit-result') as HTMLElement | null;
  let place: Place | undefined;
  let runId = f.runId;
  const share = over.querySelector('#share') as HTMLButtonElement | null;
  const shareBox = over.querySelector('#share-text') as HTMLTextAreaElement | null;
  const shareStatus = over.querySelector('#share-status') as HTMLElement | null;
  share?.addEventListener('click', async () => {
    if (!shareBox || !shareStatus) return;
    const text = shareText({ ...f, ...(runId ? { runId } : {}) }, place);
    shareBox.value = text;
    shareBox.hidden = false;
    shareStatus.hidden = false;
    try {
      await navigator.clipboard.writeText(text);
      shareStatus.textContent = 'Copied to the clipboard: paste it anywhere.';
      shareStatus.dataset.kind = 'ok';
    } catch {
      // no clipboard (permissions, an old browser): the text is selected in the box to copy by hand
      shareBox.focus();
      shareBox.select();
      shareStatus.textContent = 'Copy the text below (it is selected).';
      shareStatus.dataset.kind = 'info';
    }
  });
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
      out.dataset.failure = r.unreachable ? 'unreachable' : r.absent ? 'absent' : 'refused';
      button.textContent = r.unreachable ? 'Try again' : 'Submit this run';
      // the run is kept either way: the history has it, and the home page offers it again
      out.textContent = r.unreachable
        ? 'Not submitted: the Hearth server cannot be reached right now. Your run is kept in this browser and will be offered again: press Try again, or submit it later from “Your runs” on the home page.'
        : r.absent
          ? 'Not submitted: this copy of Hearth runs without its server, so runs cannot be stored here. Your run is kept in this browser under “Your runs” on the home page.'
          : `Not stored: ${nameRefusal(player, r.reason) ?? r.message}`;
      return;
    }
    runId = String(r.runId);
    if (r.rank != null) place = { rank: r.rank, board: 'all-time' };
    onStored(String(r.runId), r.rank);
    if (f.daily) {
      // a daily run's place is on the daily board (the submit's rank counts all time)
      const board = await fetchBoard(f.slug, 'daily', undefined, undefined, 100);
      const who = (r.player ?? player).toLowerCase();
      const mine = board.ok ? (board.rows ?? board.entries ?? []).find((e) => e.player.toLowerCase() === who) : undefined;
      if (mine) place = { rank: mine.rank, board: 'daily' };
    }
    // rank is the place of the player's best run among everyone on the all-time board (one row per player)
    const placeText = r.rank == null ? '' : ` Your place on the all-time board: ${r.rank} (your best run counts).`;
    const owner = r.player ?? player;
    const key = r.playerKey
      ? ` The name “${player}” is now yours: its key is kept in this browser (see it, or take it to another browser, on the home page).`
      : '';
    const head = r.duplicate ? `Already stored under ${owner}` : `Stored under ${owner}`;
    out.innerHTML = `${esc(head)}: score ${esc(r.score)}.${esc(placeText)}${esc(key)} <a id="run-link" href="${esc(formatRoute({ page: 'run', id: String(r.runId), online: f.online }))}">Open the run</a>`;
    out.dataset.runId = String(r.runId);
    out.dataset.kind = 'ok';
    form.hidden = true;
  });
}
