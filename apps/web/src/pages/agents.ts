// The models board (GET /api/scorecards?kind=agent): one row per model tag and prompt id, its most recent closed
// complete scorecard, with the overall progress and its bootstrap interval, the games, tokens and cost, and how
// many runs were identical to earlier ones; earlier scorecards under each row, incomplete ones apart. People's
// challenge board (the same, kind=human) beside it. Every row opens its scorecard page.
import { esc } from '@hearth/engine/web';
import { ABSENT, callApi } from '../api.ts';
import { formatRoute } from '../route.ts';
import { intervalBar, intervalText } from './scorecard.ts';

interface Brief {
  scorecard: string;
  model: string | null;
  prompt: string | null;
  promptHash: string | null;
  agent: string | null;
  player: string;
  kind: string;
  attempts: number;
  progress: number;
  runs: number;
  runsExpected: number;
  complete: boolean;
  closedAt: string;
}
interface Row extends Brief {
  rank: number;
  interval: { low: number | null; high: number | null; method: string } | null;
  games: Record<string, { progress: number; interval: { low: number | null; high: number | null } }>;
  tokens: { input: number | null; output: number | null };
  cost: { dollars: number | null; text: string };
  identical: number;
  earlier: Brief[];
}
interface Board {
  challenge: string;
  ranking: string;
  interval: string | null;
  identical: string;
  rows: Row[];
  incomplete: Brief[];
}

const one = (x: number) => (Math.round(x * 10) / 10 || 0).toFixed(1);
const num = (x: number | null) => (x === null ? '–' : x.toLocaleString('en'));
const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso.slice(0, 10) : d.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

function rows(board: Board, online: boolean, people: boolean): string {
  if (board.rows.length === 0) return `<p class="empty">No closed complete scorecard on ${esc(board.challenge)} yet.</p>`;
  const games = Object.keys(board.rows[0]!.games);
  const link = (b: Brief, text: string) => `<a href="${esc(formatRoute({ page: 'scorecard', id: b.scorecard, online }))}">${text}</a>`;
  const body = board.rows
    .map((r) => {
      const who = people
        ? esc(r.player)
        : `${esc(r.model ?? r.agent ?? r.player)}${r.prompt ? ` <span class="eval-prompt" title="${esc(r.promptHash ?? '')}">${esc(r.prompt)}</span>` : ''}`;
      const earlier =
        r.earlier.length > 0
          ? `<details><summary>${r.earlier.length} earlier</summary><ul>${r.earlier.map((e) => `<li>${link(e, `${one(e.progress)}${e.complete ? '' : ` (incomplete: ${e.runs} of ${e.runsExpected} runs)`}`)}, ${esc(day(e.closedAt))}</li>`).join('')}</ul></details>`
          : '';
      return `<tr data-scorecard="${esc(r.scorecard)}"><td>${r.rank}</td><th scope="row">${who}${people ? '' : `<br><span class="note">by ${esc(r.player)}</span>`}</th><td class="num">${link(r, esc(intervalText(r.progress, r.interval)))}<br>${intervalBar(r.progress, r.interval, `${r.model ?? r.player}: ${intervalText(r.progress, r.interval)}`)}</td>${games.map((g) => `<td class="num">${one(r.games[g]?.progress ?? 0)}</td>`).join('')}${people ? '' : `<td class="num">${num(r.tokens.input)} / ${num(r.tokens.output)}</td><td class="num">${esc(r.cost.text)}</td><td class="num">${r.identical}</td>`}<td>${esc(day(r.closedAt))}${earlier}</td></tr>`;
    })
    .join('');
  return `<div class="eval-scroll"><table class="eval-table"><thead><tr><th scope="col">#</th><th scope="col">${people ? 'Player' : 'Model, prompt'}</th><th scope="col">Overall [95% CI]</th>${games.map((g) => `<th scope="col">${esc(g)}</th>`).join('')}${people ? '' : '<th scope="col">Tokens in / out</th><th scope="col">Cost</th><th scope="col">Identical runs</th>'}<th scope="col">Closed</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

const incomplete = (board: Board, online: boolean) =>
  board.incomplete.length === 0
    ? ''
    : `<details class="eval-incomplete"><summary>${board.incomplete.length} closed but incomplete (not ranked)</summary><ul>${board.incomplete
        .map(
          (b) =>
            `<li><a href="${esc(formatRoute({ page: 'scorecard', id: b.scorecard, online }))}">${esc(b.model ?? b.player)}${b.prompt ? ` ${esc(b.prompt)}` : ''}</a>: ${b.runs} of ${b.runsExpected} runs, ${one(b.progress)}</li>`,
        )
        .join('')}</ul></details>`;

export async function showAgents(root: HTMLElement, online = false, challenge?: string): Promise<() => void> {
  root.innerHTML = '<main class="board-page eval-page"><p class="loading">Loading the models board…</p></main>';
  const q = (kind: string) => `api/scorecards?kind=${kind}&limit=50${challenge ? `&challenge=${encodeURIComponent(challenge)}` : ''}`;
  const [models, people] = await Promise.all([callApi<Board>(q('agent')), callApi<Board>(q('human'))]);
  document.title = 'Models board — Hearth';
  const head = `<header class="bar"><a href="${esc(formatRoute({ page: 'home', online }))}" class="home-link">← All games</a><h1>Models board</h1></header>`;
  if (!models.ok) {
    root.innerHTML = `<main class="board-page eval-page">${head}<p class="message" data-kind="refusal"${models.absent ? ' data-absent="true"' : ''}>${esc(models.absent ? ABSENT : models.message)}</p></main>`;
    return () => {};
  }
  root.innerHTML = `<main class="board-page eval-page" data-challenge="${esc(models.challenge)}">${head}
<p class="board-intro">${esc(models.ranking.charAt(0).toUpperCase() + models.ranking.slice(1))}.</p>
<div class="eval-boards"><section aria-labelledby="models-title"><h2 id="models-title">Models on ${esc(models.challenge)}</h2>${rows(models, online, false)}${incomplete(models, online)}
<p class="note">${models.interval ? `Overall interval: ${esc(models.interval)}.` : ''} ${esc(models.identical.charAt(0).toUpperCase() + models.identical.slice(1))}. Run your own: <code>hearth agent run --model openai:&lt;model&gt; --seeds ${esc(models.challenge)} --server … --name …</code> (docs/benchmark.md).</p></section>
<section aria-labelledby="people-title"><h2 id="people-title">People on ${esc(models.challenge)}</h2>${people.ok ? rows(people, online, true) + incomplete(people, online) : `<p class="refusal">${esc(people.message)}</p>`}
<p class="note">Each game's own challenge board (best run per player, the first to submit an action list owns it) is on its leaderboard page.</p></section></div></main>`;
  return () => {};
}
