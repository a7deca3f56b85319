// A game's leaderboards (GET /api/leaderboards/{slug}), one board at a time under tabs: today's daily, the
// challenge set, all time; the first one with runs opens unless the link names one. Each board can show
// everyone (the board a submit's rank counts on), people or agents. Without the hearth server the page says so.

import { esc } from '@hearth/engine/web';
import { type BoardEntry, failureText, fetchBoard, heldKeys, savedName } from '../api.ts';
import { type ChallengeSeeds, challenges, type Daily, resetText } from '../daily.ts';
import type { Engine } from '../engine-client.ts';
import { BOARD_TABS, type BoardTab, formatRoute } from '../route.ts';
import { plural, sentence } from '../text.ts';
import { showUnknown } from './unknown.ts';

export const BOARDS: { board: BoardTab; title: string }[] = [
  { board: 'daily', title: 'Today’s daily' },
  { board: 'challenge', title: 'Challenge' },
  { board: 'all', title: 'All time' },
];
const KINDS = [
  { kind: undefined, title: 'Everyone' },
  { kind: 'human', title: 'People' },
  { kind: 'agent', title: 'Agents' },
] as const;
type Kind = (typeof KINDS)[number]['kind'];

/** The challenge set this page shows (the first set that has the game) and its seeds. */
export type ChallengeInfo = ChallengeSeeds;

/** The score cell: a challenge row is a normalised mean (one decimal) with its raw total and seeds played. */
export function scoreCell(e: BoardEntry, challenge?: ChallengeInfo): string {
  if (e.raw === undefined) return esc(e.score);
  const played = e.seeds ?? 0;
  const of = challenge ? `${played} of ${plural(challenge.seeds.length, 'seed')}` : plural(played, 'seed');
  // rounded first, so a tiny negative mean reads 0.0 and never -0.0
  const shown = (Math.round(Number(e.score) * 10) / 10 || 0).toFixed(1);
  return `<strong>${esc(shown)}</strong> <span class="normalized">(${esc(of)} played; raw ${esc(e.raw)})</span>`;
}

/** The one sentence that says what a challenge score is. */
export const challengeSentence = (c: ChallengeInfo | undefined) =>
  `A challenge score is the mean progress over ${c ? `the ${plural(c.seeds.length, 'seed')} of ${esc(c.title)}` : 'the set’s seeds'}: on each seed a player’s best run scores 0 at the random bot’s score and 100 at the strong bot’s${c?.format !== undefined && c.format >= 2 ? ' (clipped to 0–100)' : ''}; a seed not played counts as 0, and “k of N” says how many were played.`;

/** A date as a person reads it (the day, in this browser's locale). */
const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso).slice(0, 10) : d.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

/** The names this browser plays under (the saved one and every name it holds a key for), lower case. */
const myNames = () => new Set([savedName(), ...heldKeys().map((k) => k.player)].filter(Boolean).map((n) => n.toLowerCase()));

function rows(entries: BoardEntry[], online: boolean, challenge?: ChallengeInfo): string {
  if (!entries.length) return '<tr><td colspan="5" class="empty">No runs yet.</td></tr>';
  const mine = myNames();
  return entries
    .map(
      (e) =>
        `<tr data-run-id="${esc(e.runId)}"${mine.has(e.player.toLowerCase()) ? ' class="mine" aria-current="true"' : ''}><td>${esc(e.rank)}</td><td>${esc(e.player)}${mine.has(e.player.toLowerCase()) ? ' <span class="you-badge">you</span>' : ''}${e.agent ? ` <span class="agent-badge">agent: ${esc(e.agent)}</span>` : ''}</td><td class="num">${scoreCell(e, challenge)}</td><td><time datetime="${esc(e.createdAt)}">${esc(day(e.createdAt))}</time></td><td><a href="${esc(formatRoute({ page: 'run', id: String(e.runId), online }))}" aria-label="replay of ${esc(e.player)}’s run">replay</a></td></tr>`,
    )
    .join('');
}

const more = (cursor: string | null | undefined) => (cursor ? `<p><button type="button" data-more="${esc(cursor)}">More</button></p>` : '');

const table = (board: BoardTab, kind: Kind, body: string, cursor: string | null | undefined) =>
  `<div class="board-table" data-board="${board}" data-kind="${kind ?? 'everyone'}"><table><caption class="visually-hidden">${esc(BOARDS.find((b) => b.board === board)?.title ?? board)}, ${esc(KINDS.find((k) => k.kind === kind)?.title ?? '')}</caption><thead><tr><th scope="col">#</th><th scope="col">${kind === 'agent' ? 'Player (agent)' : 'Player'}</th><th scope="col">Score</th><th scope="col">Date</th><th scope="col"><span class="visually-hidden">Replay</span></th></tr></thead><tbody>${body}</tbody></table>${more(cursor)}</div>`;

/** Shows the page; returns a cleanup for when the route changes. */
export async function showLeaderboard(
  root: HTMLElement,
  slug: string,
  engine: Engine,
  online = false,
  wanted?: BoardTab,
): Promise<() => void> {
  root.innerHTML = '<main class="board-page"><p class="loading">Loading leaderboards…</p></main>';
  let name: string;
  try {
    name = (await engine.spec(slug)).name;
  } catch {
    return showUnknown(root, `#/leaderboard/${slug}`, online);
  }
  document.title = `${name} leaderboards — Hearth`;
  const head = `<header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a><h1>${esc(name)}: leaderboards</h1>
<a href="${esc(formatRoute({ page: 'game', slug, seed: undefined, replay: undefined, online }))}">Play ${esc(name)}</a> <a href="${esc(formatRoute({ page: 'agents', online }))}" class="models-link">Models board</a></header>`;
  const loaded = await loadBoards(slug);
  const first = loaded.firsts[0];
  if (first && !first.ok && loaded.firsts.every((r) => !r.ok && r.absent)) {
    root.innerHTML = `<main class="board-page" data-slug="${esc(slug)}">${head}<p id="board-status" class="message" data-kind="refusal" data-absent="true">${esc(failureText(first))}</p></main>`;
    return () => {};
  }
  const { challenge } = loaded;
  // the challenge board needs the set's id; fetch it again with it when the first answer used the default
  if (challenge) loaded.firsts[1] = await fetchBoard(slug, 'challenge', undefined, undefined, 20, challenge.id);
  const x: BoardPage = { root, slug, online, challenge };
  root.innerHTML = pageMarkup(x, head, loaded, wanted);
  const onClick = (e: MouseEvent) => boardClick(x, e);
  const onKey = (e: KeyboardEvent) => tabKey(x, e);
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKey);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKey);
  };
}

type BoardAnswer = Awaited<ReturnType<typeof fetchBoard>>;

/** What a shown board page acts on: where it is, its game, and the challenge set its challenge board shows. */
interface BoardPage {
  root: HTMLElement;
  slug: string;
  online: boolean;
  challenge: ChallengeInfo | undefined;
}

/** The first page of every board (in BOARD_TABS order), today's daily and the game's challenge set. */
async function loadBoards(slug: string) {
  const [ch, ...firsts] = await Promise.all([challenges([slug]), ...BOARD_TABS.map((b) => fetchBoard(slug, b, undefined))]);
  const of = ch.ok ? ch.byGame.get(slug) : undefined;
  const challenge = of?.sets[0];
  return { firsts: firsts as BoardAnswer[], daily: of?.daily, challenge };
}

/** The tabs (each with its count; the wanted one, else the first with rows, open) and a panel per board. */
function pageMarkup(x: BoardPage, head: string, loaded: Awaited<ReturnType<typeof loadBoards>>, wanted: BoardTab | undefined): string {
  const { slug, online, challenge } = x;
  const { firsts } = loaded;
  const count = (i: number) => {
    const r = firsts[i];
    return r?.ok ? (r.rows ?? r.entries ?? []).length : 0;
  };
  const open: BoardTab = wanted ?? BOARD_TABS.find((_, i) => count(i) > 0) ?? 'daily';
  const intro = introOf(x, loaded.daily, Date.now());
  const tabs = BOARDS.map(
    (b, i) =>
      `<button type="button" role="tab" id="tab-${b.board}" aria-controls="panel-${b.board}" aria-selected="${b.board === open}" tabindex="${b.board === open ? 0 : -1}" data-tab="${b.board}">${esc(b.title)} <span class="tab-count">(${count(i)}${count(i) >= 20 ? '+' : ''})</span></button>`,
  ).join('');
  const panels = BOARDS.map((b, i) => {
    const r = firsts[i];
    const body = r?.ok
      ? rows(r.rows ?? r.entries ?? [], online, b.board === 'challenge' ? challenge : undefined)
      : `<tr><td colspan="5" class="refusal">${esc(r?.message ?? '')}</td></tr>`;
    const kinds = KINDS.map(
      (k) => `<button type="button" data-kind-pick="${k.kind ?? 'everyone'}" aria-pressed="${k.kind === undefined}">${k.title}</button>`,
    ).join('');
    return `<section class="board" id="panel-${b.board}" role="tabpanel" aria-labelledby="tab-${b.board}" data-board="${b.board}"${b.board === open ? '' : ' hidden'}>${intro[b.board]}
<div class="kind-picker" role="group" aria-label="Whose runs">${kinds}</div><div class="board-holder">${table(b.board, undefined, body, r?.ok ? r.nextCursor : null)}</div></section>`;
  }).join('');
  return `<main class="board-page" data-slug="${esc(slug)}">${head}<p id="board-status" class="note">Every score here was verified by replaying its actions on the server.</p>
<div class="tabs" role="tablist" aria-label="Leaderboards">${tabs}</div>${panels}</main>`;
}

/** The sentence above each board: what counts on it (the daily's seed and reset, the challenge set's seeds). */
function introOf({ slug, online, challenge }: BoardPage, daily: Daily | undefined, now: number): Record<BoardTab, string> {
  return {
    daily: daily
      ? `<p class="board-intro">The daily of ${esc(daily.date)} (UTC) is seed ${esc(daily.seed)}: every run on it submitted today counts. ${esc(sentence(resetText(now)))}. <a class="daily-play" href="${esc(formatRoute({ page: 'game', slug, seed: daily.seed, replay: undefined, online }))}">Play today’s daily</a></p>`
      : '<p class="board-intro">Runs on today’s daily seed, submitted today (UTC).</p>',
    challenge: `<p class="board-intro challenge-sentence">${challengeSentence(challenge)}</p>${
      challenge
        ? `<p class="challenge-seeds note">${esc(challenge.title)} (set <span id="challenge-name">${esc(challenge.id)}</span>) seeds: ${challenge.seeds
            .map((seed) => `<a href="${esc(formatRoute({ page: 'game', slug, seed, replay: undefined, online }))}">${seed}</a>`)
            .join(', ')}</p>`
        : ''
    }`,
    all: '<p class="board-intro">Each player’s best verified run on any seed, ever.</p>',
  };
}

function selectTab({ root, slug, online }: BoardPage, board: BoardTab): void {
  for (const t of Array.from(root.querySelectorAll<HTMLButtonElement>('[data-tab]'))) {
    const on = t.dataset.tab === board;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
  }
  for (const p of Array.from(root.querySelectorAll<HTMLElement>('[role="tabpanel"]'))) p.hidden = p.dataset.board !== board;
  history.replaceState(null, '', formatRoute({ page: 'leaderboard', slug, board, online }));
}

/** A tab, a kind picker (everyone, people, agents) or a table's More button. */
async function boardClick(x: BoardPage, e: MouseEvent): Promise<void> {
  const t = e.target as Element;
  const tab = t.closest?.('[data-tab]') as HTMLButtonElement | null;
  if (tab) return selectTab(x, tab.dataset.tab as BoardTab);
  const pick = t.closest?.('[data-kind-pick]') as HTMLButtonElement | null;
  if (pick) return pickKind(x, pick);
  const button = t.closest?.('[data-more]') as HTMLButtonElement | null;
  if (button) return loadMore(x, button);
}

/** One board's table again for the picked kind of player. */
async function pickKind({ slug, online, challenge }: BoardPage, pick: HTMLButtonElement): Promise<void> {
  const panel = pick.closest('[role="tabpanel"]') as HTMLElement;
  const board = panel.dataset.board as BoardTab;
  const kind = pick.dataset.kindPick === 'everyone' ? undefined : (pick.dataset.kindPick as Kind);
  for (const b of Array.from(panel.querySelectorAll('[data-kind-pick]'))) b.setAttribute('aria-pressed', String(b === pick));
  const r = await fetchBoard(slug, board, kind, undefined, 20, challenge?.id);
  const body = r.ok
    ? rows(r.rows ?? r.entries ?? [], online, board === 'challenge' ? challenge : undefined)
    : `<tr><td colspan="5" class="refusal">${esc(r.message)}</td></tr>`;
  (panel.querySelector('.board-holder') as HTMLElement).innerHTML = table(board, kind, body, r.ok ? r.nextCursor : null);
}

/** The next page of one table, by the cursor the server handed out. */
async function loadMore({ slug, online, challenge }: BoardPage, button: HTMLButtonElement): Promise<void> {
  const holder = button.closest('.board-table') as HTMLElement | null;
  if (!holder) return;
  button.disabled = true;
  const kind = holder.dataset.kind === 'everyone' ? undefined : (holder.dataset.kind as Kind);
  const board = holder.dataset.board as BoardTab;
  const r = await fetchBoard(slug, board, kind, button.dataset.more, 20, challenge?.id);
  const p = button.parentElement as HTMLElement;
  if (!r.ok) {
    p.textContent = r.message;
    return;
  }
  const next = r.rows ?? r.entries ?? [];
  if (next.length)
    holder.querySelector('tbody')?.insertAdjacentHTML('beforeend', rows(next, online, board === 'challenge' ? challenge : undefined));
  p.outerHTML = more(r.nextCursor);
}

/** Arrow keys move between tabs, as a tab list does. */
function tabKey(x: BoardPage, e: KeyboardEvent): void {
  const tab = (e.target as Element).closest?.('[data-tab]') as HTMLButtonElement | null;
  if (!tab || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
  const i = BOARD_TABS.indexOf(tab.dataset.tab as BoardTab);
  const next = BOARD_TABS[(i + (e.key === 'ArrowRight' ? 1 : BOARD_TABS.length - 1)) % BOARD_TABS.length] as BoardTab;
  selectTab(x, next);
  (x.root.querySelector(`[data-tab="${next}"]`) as HTMLElement).focus();
  e.preventDefault();
}
