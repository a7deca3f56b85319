// A game's stats for this player: played, best, the streak of dailies and the longest one, a calendar of the
// last weeks' dailies and a score distribution. From this browser's plays, joined with the server's for a named
// player (so the name's key taken to another browser brings them along); the page says which it shows.
import { esc } from '@hearth/engine/web';
import { UNREACHABLE } from '../api.ts';
import type { Engine } from '../engine-client.ts';
import { formatRoute } from '../route.ts';
import { mergePlays, namedPlayer, type Play, readPlays, type Stats, statsOf, syncPlays } from '../stats.ts';
import { showUnknown } from './unknown.ts';

/** The calendar: weeks as rows (Monday first), each daily as a square with its score, readable without colour. */
function calendar(s: Stats): string {
  const cells = s.calendar
    .map((d) => {
      const played = d.score !== undefined;
      const label = `${d.day}: ${played ? `daily played, best ${d.score}` : 'daily not played'}${d.today ? ' (today)' : ''}`;
      return `<li class="cal-day${played ? ' played' : ''}${d.today ? ' today' : ''}" title="${esc(label)}" aria-label="${esc(label)}"><span aria-hidden="true">${played ? '■' : '·'}</span></li>`;
    })
    .join('');
  const heads = ['M', 'T', 'W', 'T', 'F', 'S', 'S'].map((d) => `<li class="cal-head" aria-hidden="true">${d}</li>`).join('');
  return `<ol class="calendar" aria-label="Dailies of the last ${s.calendar.length / 7} weeks">${heads}${cells}</ol>`;
}

/** The distribution: one bar per score range, its count written beside it. */
function distribution(s: Stats): string {
  if (!s.distribution.length) return '<p>No finished runs yet.</p>';
  const most = Math.max(...s.distribution.map((b) => b.count));
  return `<ol class="distribution">${s.distribution
    .map(
      (b) =>
        `<li><span class="dist-range">${b.from === b.to ? b.from : `${b.from}–${b.to}`}</span><span class="dist-bar" style="width:${((b.count / most) * 100).toFixed(0)}%"></span><span class="dist-count">${b.count}</span></li>`,
    )
    .join('')}</ol>`;
}

export function statsMarkup(s: Stats): string {
  const figure = (label: string, value: string | number, key: string) =>
    `<div class="figure" data-stat="${key}"><dd>${esc(value)}</dd><dt>${esc(label)}</dt></div>`;
  return `<dl class="figures">${figure('played', s.played, 'played')}${figure('best', s.best ?? '—', 'best')}${figure('daily streak', s.streak, 'streak')}${figure('longest streak', s.longest, 'longest')}</dl>
<h2>Dailies</h2><p class="note">${s.dailies} ${s.dailies === 1 ? 'daily' : 'dailies'} played; ■ a daily played, · one missed.</p>${calendar(s)}
<h2>Scores</h2>${distribution(s)}`;
}

export async function showStats(root: HTMLElement, slug: string, engine: Engine, online = false): Promise<() => void> {
  root.innerHTML = '<main class="stats-page"><p class="loading">Loading your stats…</p></main>';
  let name: string;
  try {
    name = (await engine.spec(slug)).name;
  } catch {
    return showUnknown(root, `#/stats/${slug}`, online);
  }
  document.title = `${name}: your stats — Hearth`;
  const draw = (plays: Play[], source: string) => {
    root.innerHTML = `<main class="stats-page" data-slug="${esc(slug)}"><header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a><h1>${esc(name)}: your stats</h1></header>
<p id="stats-source" class="note">${esc(source)}</p>
<section id="stats" aria-label="Your stats">${statsMarkup(statsOf(plays, Date.now()))}</section>
<p><a class="button-link" href="${esc(formatRoute({ page: 'game', slug, seed: undefined, replay: undefined, online }))}">Play ${esc(name)}</a> <a href="${esc(formatRoute({ page: 'leaderboard', slug, online }))}">Leaderboard</a></p></main>`;
  };
  const local = readPlays(slug);
  const who = namedPlayer();
  draw(
    local,
    who
      ? `Your runs as ${who.player}: reading them from the server…`
      : 'The runs finished in this browser. Submit a run under a name to keep your stats on the server, and take them to another browser with the name’s key.',
  );
  if (!who) return () => {};
  const server = await syncPlays(slug);
  if (!server) return () => {};
  if (server.ok) draw(mergePlays(readPlays(slug), server.plays), `Your runs as ${server.player}, kept on the server and in this browser.`);
  else
    draw(
      local,
      server.unclaimed
        ? `Your runs in this browser: the name ${who.player} has no run stored on the server yet, so they are kept here until it has.`
        : `Your runs in this browser (${server.unreachable ? UNREACHABLE : server.message}).`,
    );
  return () => {};
}
