// The home page: every registered game with its goal and the best score played on this device.
import { readBest } from '../best-score.ts';
import type { Engine } from '../engine-client.ts';
import { esc } from '../render/markup.ts';
import { formatRoute } from '../route.ts';

/** The goal's first sentence: the one-line summary a list of games needs. */
export function firstSentence(text: string): string {
  const m = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim());
  return (m ? m[0] : text).trim();
}

export async function showHome(root: HTMLElement, engine: Engine, online = false): Promise<void> {
  document.title = 'Hearth';
  root.innerHTML = '<main class="home"><h1>Hearth</h1><p class="loading">Loading games…</p></main>';
  const games = await engine.games();
  const items = games
    .map((g) => {
      const best = readBest(g.slug);
      return `<li class="game-card" data-slug="${esc(g.slug)}"><h2><a href="${esc(formatRoute({ page: 'game', slug: g.slug, seed: undefined, replay: undefined, online }))}">${esc(g.name)}</a></h2>
<p class="genre">${esc(g.genre)}</p><p class="goal">${esc(firstSentence(g.goal))}</p>
<p class="best">Best here: <strong data-best>${best === undefined ? '—' : esc(best)}</strong></p></li>`;
    })
    .join('');
  const mode = online
    ? `<p class="mode">Online: every move goes through this server's HTTP API. <a href="${formatRoute({ page: 'home' })}">Play in the page instead</a></p>`
    : `<p class="mode">Every game runs in your browser. <a href="${formatRoute({ page: 'home', online: true })}">Play online through the server's HTTP API</a> (needs the hearth server).</p>`;
  root.innerHTML = `<main class="home"><h1>Hearth</h1><p>Four turn-based score-attack games. Pick one; every game is a seed, shareable as a link.</p>
${games.length ? `<ul class="games">${items}</ul>` : '<p>No games are registered yet.</p>'}${mode}</main>`;
}
