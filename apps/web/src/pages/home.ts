// The home page: today's daily seed of every game first (play it, its board, when it resets), then the games
// with this browser's history of each (best, streak of days played, the last runs; a run not yet submitted can
// be reopened and submitted), then the player's name and key (seen, copied, or pasted from another browser).

import { esc } from '@hearth/engine/web';
import { adoptKey, heldKeys, savedName } from '../api.ts';
import { readBest } from '../best-score.ts';
import { challenges, resetText } from '../daily.ts';
import type { Engine } from '../engine-client.ts';
import { formatRoute } from '../route.ts';
import { type HistoryEntry, readCurrent, readHistory, summarize } from '../saved.ts';
import { readPlays, statsOf } from '../stats.ts';
import { plural } from '../text.ts';

function historyMarkup(slug: string, online: boolean): string {
  const h = summarize(readHistory(slug), Date.now());
  const s = statsOf(readPlays(slug), Date.now());
  const best = Math.max(h.best ?? Number.NEGATIVE_INFINITY, s.best ?? Number.NEGATIVE_INFINITY, readBest(slug) ?? Number.NEGATIVE_INFINITY);
  const bestText = Number.isFinite(best) ? String(best) : '—';
  const run = (e: HistoryEntry) => {
    const href = e.runId
      ? formatRoute({ page: 'run', id: e.runId, online })
      : formatRoute({ page: 'game', slug, seed: e.seed, replay: undefined, play: e.actions, online });
    const what = e.runId ? 'submitted' : 'not submitted yet: open it to submit';
    return `<li><a href="${esc(href)}">${esc(e.score)} on ${e.daily ? 'the daily' : `seed ${esc(e.seed)}`}</a> <span class="when">${esc(e.day)} · ${what}</span></li>`;
  };
  return `<div class="history" data-slug="${esc(slug)}"><p class="best">Best here: <strong data-best>${esc(bestText)}</strong>${s.played ? ` · ${plural(s.played, 'run')} · daily streak <strong data-streak>${s.streak}</strong>` : ''} · <a href="${esc(formatRoute({ page: 'stats', slug, online }))}">Your stats</a></p>
${h.last.length ? `<details class="last-runs"><summary>Your runs${h.unsubmitted ? ` (${h.unsubmitted} not submitted)` : ''}</summary><ul>${h.last.map(run).join('')}</ul></details>` : ''}</div>`;
}

function namesMarkup(): string {
  const name = savedName();
  const keys = heldKeys();
  const held = keys.length
    ? `<ul class="keys-held">${keys
        .map(
          (k, i) =>
            `<li><span>Name <strong>${esc(k.player)}</strong>${k.player.toLowerCase() === name.toLowerCase() ? ' (used for your next submit)' : ''}</span>
<label>Key <input id="key-${i}" class="key-field" type="password" readonly value="${esc(k.key)}" spellcheck="false"></label>
<button type="button" data-key-show="key-${i}">Show</button> <button type="button" data-key-copy="key-${i}">Copy</button></li>`,
        )
        .join('')}</ul>`
    : '<p>You have no name yet: the first run you submit claims the name you type, and this browser keeps its key.</p>';
  return `<section class="names" aria-labelledby="names-title"><h2 id="names-title">Your name</h2>
<p>A name on the leaderboards belongs to whoever first submitted a run with it. Its key proves it is you: keep it secret, and paste it in another browser to use the same name there.</p>
${held}
<form id="adopt-form" class="adopt-form"><p><strong>Bring a name from another browser:</strong></p>
<label>Name <input name="player" required minlength="2" maxlength="24" autocomplete="nickname"></label>
<label>Key <input name="key" required spellcheck="false" autocomplete="off" placeholder="hk_…"></label>
<button type="submit">Use this name here</button><p id="adopt-result" role="status"></p></form></section>`;
}

export async function showHome(root: HTMLElement, engine: Engine, online = false): Promise<() => void> {
  document.title = 'Hearth — daily score-attack games';
  root.innerHTML = '<main class="home"><h1>Hearth</h1><p class="loading">Loading games…</p></main>';
  const games = await engine.games();
  const daily = await challenges(games.map((g) => g.slug));
  const now = Date.now();
  const dailies = daily.ok
    ? `<section class="daily" aria-labelledby="daily-title"><h2 id="daily-title">Today’s daily</h2>
<p class="reset">One seed per game for everyone, ${esc(daily.byGame.values().next().value?.daily?.date ?? '')} (UTC): ${esc(resetText(now))}.</p>
<ul class="daily-list">${games
        .map((g) => {
          const d = daily.byGame.get(g.slug)?.daily;
          if (!d) return '';
          const kept = readCurrent(g.slug);
          const resume = kept && kept.seed === d.seed && !kept.over && kept.actions.length > 0 ? kept.actions : undefined;
          const played = readHistory(g.slug).find((e) => e.seed === d.seed && e.day === d.date);
          const href = formatRoute({
            page: 'game',
            slug: g.slug,
            seed: d.seed,
            replay: undefined,
            ...(resume ? { play: resume } : {}),
            online,
          });
          return `<li class="daily-card" data-slug="${esc(g.slug)}"><h3>${esc(g.name)}</h3><p class="daily-seed">seed ${esc(d.seed)}${played ? ` · you scored <strong>${esc(played.score)}</strong>` : ''}</p>
<p><a class="play-daily button-link" href="${esc(href)}">${resume ? 'Resume the daily' : played ? 'Play it again' : 'Play today’s daily'}</a> <a class="daily-board" href="${esc(formatRoute({ page: 'leaderboard', slug: g.slug, board: 'daily', online }))}">Daily board</a></p></li>`;
        })
        .join('')}</ul></section>`
    : `<section class="daily" aria-labelledby="daily-title"><h2 id="daily-title">Today’s daily</h2><p class="note" data-absent="${daily.absent}">${
        daily.absent
          ? 'The daily seeds come from the Hearth server, which this page cannot reach: every game below can still be played on any seed.'
          : `The daily seeds could not be read: ${esc(daily.message)}`
      }</p></section>`;
  const items = games
    .map((g) => {
      const href = formatRoute({ page: 'game', slug: g.slug, seed: undefined, replay: undefined, online });
      const kept = readCurrent(g.slug);
      const inProgress = kept && !kept.over && kept.actions.length > 0;
      return `<li class="game-card" data-slug="${esc(g.slug)}"><a class="card-link" href="${esc(href)}"><h3>${esc(g.name)}</h3>
<p class="genre">${esc(g.genre)}</p><p class="goal">${esc(g.description)}</p>${inProgress ? `<p class="in-progress">Game in progress: seed ${esc(kept.seed)}, ${plural(kept.actions.length, 'action')}, score ${esc(kept.score)} (the card resumes it)</p>` : ''}</a>
${historyMarkup(g.slug, online)}
<p class="card-extra"><a href="${esc(formatRoute({ page: 'leaderboard', slug: g.slug, online }))}">Leaderboard of ${esc(g.name)}</a></p></li>`;
    })
    .join('');
  const mode = online
    ? `<p class="mode">Online: every move goes through this server's HTTP API. <a href="${formatRoute({ page: 'home' })}">Play in the page instead</a></p>`
    : `<p class="mode">Every game runs in your browser. <a href="${formatRoute({ page: 'home', online: true })}">Play online through the server's HTTP API</a> (needs the hearth server).</p>`;
  root.innerHTML = `<main class="home"><h1>Hearth</h1><p class="intro">Turn-based score-attack games. Every game is a seed, shareable as a link; today’s daily is the same seed for everyone.</p>
${dailies}
<section class="all-games" aria-labelledby="games-title"><h2 id="games-title">All games</h2>
${games.length ? `<ul class="games">${items}</ul>` : '<p>No games are registered yet.</p>'}</section>
${namesMarkup()}${mode}</main>`;

  const onClick = async (e: MouseEvent) => {
    const t = e.target as Element;
    const show = t.closest?.('[data-key-show]') as HTMLButtonElement | null;
    if (show) {
      const field = root.querySelector(`#${show.dataset.keyShow}`) as HTMLInputElement;
      field.type = field.type === 'password' ? 'text' : 'password';
      show.textContent = field.type === 'password' ? 'Show' : 'Hide';
      return;
    }
    const copy = t.closest?.('[data-key-copy]') as HTMLButtonElement | null;
    if (copy) {
      const field = root.querySelector(`#${copy.dataset.keyCopy}`) as HTMLInputElement;
      try {
        await navigator.clipboard.writeText(field.value);
        copy.textContent = 'Copied';
      } catch {
        field.type = 'text';
        field.select();
        copy.textContent = 'Selected: copy it';
      }
    }
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement;
    if (form.id !== 'adopt-form') return;
    e.preventDefault();
    const player = (form.elements.namedItem('player') as HTMLInputElement).value.trim();
    const key = (form.elements.namedItem('key') as HTMLInputElement).value.trim();
    const out = form.querySelector('#adopt-result') as HTMLElement;
    if (!player || !key) {
      out.textContent = 'Type the name and paste its key.';
      return;
    }
    out.textContent = adoptKey(player, key)
      ? `This browser now submits as “${player}” with that key. The server checks the key on your next submit.`
      : 'This browser does not let the page keep anything (storage is blocked), so the key cannot be kept.';
    out.dataset.kind = 'ok';
  };
  root.addEventListener('click', onClick);
  root.addEventListener('submit', onSubmit);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('submit', onSubmit);
  };
}
