// A game's leaderboards (GET /api/leaderboards/{slug}): today's daily seed, the challenge set and all time,
// everyone (the board a submit's rank counts on), people and agents in tables side by side. Without the hearth server (static hosting) the page says so.
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
  { kind: undefined, title: 'Everyone' },
  { kind: 'human', title: 'People' },
  { kind: 'agent', title: 'Agents' },
] as const;
type Kind = (typeof KINDS)[number]['kind'];

/** The challenge set this page shows (the first set that has the game) and its seeds. */
export interface ChallengeInfo {
  id: string;
  title: string;
  seeds: number[];
}

export function challengeOf(body: Record<string, unknown> | undefined, slug: string): ChallengeInfo | undefined {
  const sets = Array.isArray(body?.sets)
    ? (body.sets as { id?: unknown; title?: unknown; games?: Record<string, { seeds?: unknown }> }[])
    : [];
  for (const set of sets) {
    const seeds = set.games?.[slug]?.seeds;
    if (typeof set.id === 'string' && Array.isArray(seeds)) {
      // each seed comes with its bot baselines: { seed, random, strong }
      const list = seeds
        .map((x) => (typeof x === 'number' ? x : (x as { seed?: unknown } | null)?.seed))
        .filter((x): x is number => typeof x === 'number');
      return { id: set.id, title: typeof set.title === 'string' ? set.title : set.id, seeds: list };
    }
  }
  return undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The score cell: a challenge row is a normalised mean (one decimal) with its raw total and seeds played. */
export function scoreCell(e: BoardEntry, challenge?: ChallengeInfo): string {
  if (e.raw === undefined) return esc(e.score);
  const played = e.seeds ?? 0;
  const of = challenge ? `${played} of ${plural(challenge.seeds.length, 'seed')}` : plural(played, 'seed');
  // rounded first, so a tiny negative mean reads 0.0 and never -0.0
  const shown = (Math.round(Number(e.score) * 10) / 10 || 0).toFixed(1);
  return `${esc(shown)} <span class="normalized" title="mean normalised score over the set: random bot 0, strong bot 100">(raw ${esc(e.raw)}, ${esc(of)} played)</span>`;
}

function rows(entries: BoardEntry[], online: boolean, challenge?: ChallengeInfo): string {
  if (!entries.length) return '<tr><td colspan="5" class="empty">No runs yet.</td></tr>';
  return entries
    .map(
      (e) =>
        `<tr data-run-id="${esc(e.runId)}"><td>${esc(e.rank)}</td><td>${esc(e.player)}${e.agent ? ` <span class="agent-badge">${esc(e.agent)}</span>` : ''}</td><td class="num">${scoreCell(e, challenge)}</td><td>${esc(String(e.createdAt).slice(0, 10))}</td><td><a href="${esc(formatRoute({ page: 'run', id: String(e.runId), online }))}">replay</a></td></tr>`,
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
  const first = await fetchBoard(slug, 'all', undefined);
  if (!first.ok && first.absent) {
    root.innerHTML = `<main class="board-page" data-slug="${esc(slug)}">${head}<p id="board-status" class="message" data-kind="refusal" data-absent="true">${esc(ABSENT)}</p></main>`;
    return () => {};
  }
  const challenges = await fetchChallenges(slug);
  const daily =
    challenges.ok && typeof challenges.daily === 'object' && challenges.daily ? (challenges.daily as { seed?: unknown }) : undefined;
  const dailySeed = typeof daily?.seed === 'number' ? daily.seed : undefined;
  const challenge = challenges.ok ? challengeOf(challenges, slug) : undefined;
  const sections: string[] = [];
  for (const b of BOARDS) {
    const tables: string[] = [];
    for (const k of KINDS) {
      const r = b.board === 'all' && k.kind === undefined ? first : await fetchBoard(slug, b.board, k.kind, undefined, 20, challenge?.id);
      const body = r.ok
        ? rows(r.rows ?? r.entries ?? [], online, b.board === 'challenge' ? challenge : undefined)
        : `<tr><td colspan="5" class="refusal">${esc(r.message)}</td></tr>`;
      tables.push(`<div class="board-table" data-board="${b.board}" data-kind="${k.kind ?? 'everyone'}"><h3>${k.title}</h3>
<table><thead><tr><th>#</th><th>${k.kind === 'agent' ? 'Player (agent)' : 'Player'}</th><th>Score</th><th>Date</th><th></th></tr></thead><tbody>${body}</tbody></table>${more(r.ok ? r.nextCursor : null)}</div>`);
    }
    const extra =
      b.board === 'daily' && dailySeed !== undefined
        ? ` <a class="daily-play" href="${esc(formatRoute({ page: 'game', slug, seed: dailySeed, replay: undefined, online }))}">play today’s seed ${dailySeed}</a>`
        : b.board === 'challenge' && challenge
          ? `: <span id="challenge-name">${esc(challenge.id)}</span>`
          : '';
    const seedList =
      b.board === 'challenge' && challenge
        ? `<p class="challenge-seeds note">${esc(challenge.title)}: ${esc(plural(challenge.seeds.length, 'seed'))} (the score is the mean over all of them, so unplayed seeds count as 0): ${challenge.seeds
            .map((seed) => `<a href="${esc(formatRoute({ page: 'game', slug, seed, replay: undefined, online }))}">${seed}</a>`)
            .join(', ')}</p>`
        : '';
    sections.push(
      `<section class="board" id="board-${b.board}"><h2>${b.title}${extra}</h2>${seedList}<div class="board-tables">${tables.join('')}</div></section>`,
    );
  }
  root.innerHTML = `<main class="board-page" data-slug="${esc(slug)}">${head}<p id="board-status" class="note">Every score here was verified by replaying its actions on the server.</p>${sections.join('')}</main>`;
  // the next page of one table, by the cursor the server handed out
  const onClick = async (e: MouseEvent) => {
    const button = (e.target as Element).closest?.('[data-more]') as HTMLButtonElement | null;
    const table = button?.closest('.board-table') as HTMLElement | null;
    if (!button || !table) return;
    button.disabled = true;
    const kind = table.dataset.kind === 'everyone' ? undefined : (table.dataset.kind as Kind);
    const board = table.dataset.board as string;
    const r = await fetchBoard(slug, board, kind, button.dataset.more, 20, challenge?.id);
    const holder = button.parentElement as HTMLElement;
    if (!r.ok) {
      holder.textContent = r.message;
      return;
    }
    const next = r.rows ?? r.entries ?? [];
    if (next.length)
      table.querySelector('tbody')?.insertAdjacentHTML('beforeend', rows(next, online, board === 'challenge' ? challenge : undefined));
    holder.outerHTML = more(r.nextCursor);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
