// A game page's frame: the compact header (home, the game's name, the score, sound, and a menu holding the seed,
// New game, the leaderboard, the stats, How to play and the tutorial), then the board first, the status line,
// the stats the board draws beside it, the reasons of disabled actions, the turn log, the rules. On a phone the
// menu folds behind one button and the title and the score share one row without ever overlapping.
import type { Spec } from '@hearth/engine';
import { esc } from '@hearth/engine/web';
import { readBest } from '../best-score.ts';
import { soundButton } from '../feel/sound.ts';
import { formatRoute } from '../route.ts';
import { rulesPanel } from './rules-panel.ts';

export interface FrameOptions {
  slug: string;
  name: string;
  seedText: string;
  online: boolean;
  /** Whether the game has a tutorial to offer (How to play reopens it). */
  tutorial?: boolean;
}

/** The header: one row on every screen; the menu's panel is a dropdown on a phone and a row on a wide screen. */
export function header(o: FrameOptions): string {
  const best = readBest(o.slug);
  return `<header class="bar game-bar"><a href="${formatRoute({ page: 'home', online: o.online })}" class="home-link" aria-label="All games">←<span class="wide-only"> All games</span></a>
<h1 id="game-title">${esc(o.name)}${o.online ? ' <span class="online-badge">online</span>' : ''}</h1>
<div class="score-box" id="score-box"><span class="score-label">Score</span> <output id="score" data-score="0" aria-live="off">0</output><span class="best">best <span id="best">${esc(best ?? '—')}</span></span></div>
${soundButton()}
<button type="button" id="menu-toggle" class="menu-toggle" aria-expanded="false" aria-controls="game-menu"><span aria-hidden="true">☰</span><span class="visually-hidden">Menu</span></button>
<div id="game-menu" class="game-menu" hidden>
<form id="seed-form" class="seed-form" novalidate><label>Seed <input id="seed" name="seed" inputmode="numeric" value="${esc(o.seedText)}" size="10" aria-describedby="message"></label><button type="submit">New game</button></form>
<nav class="menu-links" aria-label="This game"><a class="board-link" href="${esc(formatRoute({ page: 'leaderboard', slug: o.slug, online: o.online }))}">Leaderboard</a>
<a class="stats-link" href="${esc(formatRoute({ page: 'stats', slug: o.slug, online: o.online }))}">Your stats</a>
<button type="button" class="how-link" data-scroll="how-to">How to play</button>${o.tutorial ? '<button type="button" data-tutorial="open">Tutorial</button>' : ''}</nav>
<p id="seed-role-text" class="seed-role-text" hidden></p>
</div>
</header>`;
}

/** The page under the header. */
export function body(spec: Spec, keyHelp: string | undefined, o: { watching: boolean; run: boolean; tutorial: boolean }): string {
  return `${o.run ? '<section id="run-info" class="run-info"></section>' : ''}
<p id="seed-role" class="seed-role" hidden></p>
<div id="replay-bar" class="replay-bar" hidden></div>
<div class="status-row"><div id="message" class="message" role="status" aria-live="polite"></div><button type="button" id="show-result" data-over="open" hidden>Show the result</button></div>
<div id="board" class="board-area" tabindex="-1" data-pending="0"></div>
<div id="coach" class="coach" hidden role="region" aria-label="Tutorial"></div>
<div id="moments" class="moments" aria-live="polite"></div>
<div id="why-not" class="why-not" hidden></div>
<p class="keys">${esc(keyHelp ?? 'Tab to an action and press Enter.')}</p>
<details id="log-box" class="log-box" open><summary>Turn log</summary><ol id="log" class="log" tabindex="0" aria-label="Turn log, newest first"></ol></details>
<div id="confirm" class="confirm" hidden role="alertdialog" aria-modal="true" aria-labelledby="confirm-text"><div class="confirm-card"><p id="confirm-text"></p>
<p><button type="button" data-confirm-answer="yes">Yes</button> <button type="button" data-confirm-answer="no">No</button></p></div></div>
<section id="over" class="over" hidden aria-live="polite"></section>
${rulesPanel(spec, keyHelp, o.tutorial)}`;
}

/** The whole page of a game. */
export function gameFrame(spec: Spec, keyHelp: string | undefined, o: FrameOptions & { watching: boolean; run: boolean }): string {
  return `<main class="game" data-slug="${esc(o.slug)}"${o.watching ? ' data-replay="true"' : ''}>
${header(o)}
${body(spec, keyHelp, { watching: o.watching, run: o.run, tutorial: o.tutorial === true })}
</main>`;
}
