// The home page: every registered game with its one-sentence description and the best score played on this
// device. The whole card is the link.
import { readBest } from '../best-score.ts';
import type { Engine } from '../engine-client.ts';
import { esc } from '../render/markup.ts';
import { formatRoute } from '../route.ts';

export async function showHome(root: HTMLElement, engine: Engine, online = false): Promise<void> {
  document.title = 'Hearth';
  root.innerHTML = '<main class="home"><h1>Hearth</h1><p class="loading">Loading games…</p></main>';
  const games = await engine.games();
  const items = games
    .map((g) => {
      const best = readBest(g.slug);
      const href = formatRoute({ page: 'game', slug: g.slug, seed: undefined, replay: undefined, online });
      return `<li class="game-card" data-slug="${esc(g.slug)}"><a class="card-link" href="${esc(href)}"><h2>${esc(g.name)}</h2>
<p class="genre">${esc(g.genre)}</p><p class="goal">${esc(g.description)}</p>
<p class="best">Best here: <strong data-best>${best === undefined ? '—' : esc(best)}</strong></p></a>
<p class="card-extra"><a href="${esc(formatRoute({ page: 'leaderboard', slug: g.slug, online }))}">Leaderboard</a></p></li>`;
    })
    .join('');
  const mode = online
    ? `<p class="mode">Online: every move goes through this server's HTTP API. <a href="${formatRoute({ page: 'home' })}">Play in the page instead</a></p>`
    : `<p class="mode">Every game runs in your browser. <a href="${formatRoute({ page: 'home', online: true })}">Play online through the server's HTTP API</a> (needs the hearth server).</p>`;
  root.innerHTML = `<main class="home"><h1>Hearth</h1><p>Four turn-based score-attack games. Pick one; every game is a seed, shareable as a link.</p>
${games.length ? `<ul class="games">${items}</ul>` : '<p>No games are registered yet.</p>'}${mode}</main>`;
}
