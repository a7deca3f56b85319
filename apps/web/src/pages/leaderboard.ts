// A game's leaderboards (GET /api/leaderboards/{slug}): today's daily seed, the challenge set and all time,
// humans and agents in separate tables. Without the hearth server (static hosting) the page says so.
import { ABSENT, type BoardEntry, fetchBoard, fetchChallenges } from '../api.ts';
import type { Engine } from '../engine-client.ts';
import { esc } from '../render/markup.ts';
import { formatRoute } from '../route.ts';

export const BOARDS = [
  { board: 'daily', title: 'Today’s seed' },
  { board: 'challenge', title: 'Challenge set' },
  { board: 'all', title: 'All time' },
] as const;
const KINDS = [
  { kind: 'human', title: 'People' },
  { kind: 'agent', title: 'Agents' },
] as const;

function rows(entries: BoardEntry[], online: boolean): string {
  if (!entries.length) return '<tr><td colspan="5" class="empty">No runs yet.</td></tr>';
  return entries
    .map(
      (e) =>
        `<tr data-run-id="${esc(e.runId)}"><td>${esc(e.rank)}</td><td>${esc(e.player)}${e.agent ? ` <span class="agent-badge">${esc(e.agent)}</span>` : ''}</td><td class="num">${esc(e.score)}${e.raw !== undefined ? ` <span class="normalized" title="normalised mean over the set (random bot 0, strong bot 100); raw total and seeds played">(raw ${esc(e.raw)}, ${esc(e.seeds ?? 0)} seeds)</span>` : ''}</td><td>${esc(String(e.createdAt).slice(0, 10))}</td><td><a href="${esc(formatRoute({ page: 'run', id: String(e.runId), online }))}">replay</a></td></tr>`,
    )
    .join('');
}

const more = (cursor: string | null | undefined) => (cursor ? `<p><button type="button" data-more="${esc(cursor)}">More</button></p>` : '');

/** Shows the page; returns a cleanup for when the route changes (the "More" buttons' listener). */
export async function showLeaderboard(root: HTMLElement, slug: string, engine: Engine, online = false): Promise<() => void> {
  root.innerHTML = '<main class="board-page"><p class="loading">Loading leaderboards…</p></main>';
  const spec = await engine.spec(slug);
  document.title = `${spec.name} leaderboards — Hearth`;
  const head = `<header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a><h1>${esc(spec.name)}: leaderboards</h1>
<a href="${esc(formatRoute({ page: 'game', slug, seed: undefined, replay: undefined, online }))}">Play</a></header>`;
  const first = await fetchBoard(slug, 'all', 'human');
  if (!first.ok && first.absent) {
    root.innerHTML = `<main class="board-page" data-slug="${esc(slug)}">${head}<p id="board-status" class="message" data-kind="refusal" data-absent="true">${esc(ABSENT)}</p></main>`;
    return () => {};
  }
  const challenges = await fetchChallenges(slug);
  const daily =
    challenges.ok && typeof challenges.daily === 'object' && challenges.daily ? (challenges.daily as { seed?: unknown }) : undefined;
  const dailySeed = typeof daily?.seed === 'number' ? daily.seed : undefined;
  const sections: string[] = [];
  for (const b of BOARDS) {
    const tables: string[] = [];
    for (const k of KINDS) {
      const r = b.board === 'all' && k.kind === 'human' ? first : await fetchBoard(slug, b.board, k.kind);
      const body = r.ok ? rows(r.rows ?? r.entries ?? [], online) : `<tr><td colspan="5" class="refusal">${esc(r.message)}</td></tr>`;
      tables.push(`<div class="board-table" data-board="${b.board}" data-kind="${k.kind}"><h3>${k.title}</h3>
<table><thead><tr><th>#</th><th>${k.kind === 'agent' ? 'Player (agent)' : 'Player'}</th><th>Score</th><th>Date</th><th></th></tr></thead><tbody>${body}</tbody></table>${more(r.ok ? r.nextCursor : null)}</div>`);
    }
    const extra =
      b.board === 'daily' && dailySeed !== undefined
        ? ` <a class="daily-play" href="${esc(formatRoute({ page: 'game', slug, seed: dailySeed, replay: undefined, online }))}">play today’s seed ${dailySeed}</a>`
        : '';
    sections.push(
      `<section class="board" id="board-${b.board}"><h2>${b.title}${extra}</h2><div class="board-tables">${tables.join('')}</div></section>`,
    );
  }
  root.innerHTML = `<main class="board-page" data-slug="${esc(slug)}">${head}<p id="board-status" class="note">Every score here was verified by replaying its actions on the server.</p>${sections.join('')}</main>`;
  // the next page of one table, by the cursor the server handed out
  const onClick = async (e: MouseEvent) => {
    const button = (e.target as Element).closest?.('[data-more]') as HTMLButtonElement | null;
    const table = button?.closest('.board-table') as HTMLElement | null;
    if (!button || !table) return;
    button.disabled = true;
    const r = await fetchBoard(slug, table.dataset.board as string, table.dataset.kind as 'human' | 'agent', button.dataset.more);
    const holder = button.parentElement as HTMLElement;
    if (!r.ok) {
      holder.textContent = r.message;
      return;
    }
    const next = r.rows ?? r.entries ?? [];
    if (next.length) table.querySelector('tbody')?.insertAdjacentHTML('beforeend', rows(next, online));
    holder.outerHTML = more(r.nextCursor);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
