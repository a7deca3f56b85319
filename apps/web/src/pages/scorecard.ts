// A scorecard (GET /api/scorecards/{id}): the evaluation as published. Per game its progress with the 95% interval
// drawn as a bar, the overall progress with its bootstrap interval, tokens and cost, and the per-seed table (every
// attempt); "watch" replays a run in this page's engine with the model's transcript step by step beside the board
// (what it was shown, what it answered, its reasoning, what the game made of it).
import { nextBody, type OkResponse, type Spec } from '@hearth/engine';
import { esc } from '@hearth/engine/web';
import { ABSENT, callApi } from '../api.ts';
import type { Engine } from '../engine-client.ts';
import { rendererFor } from '../render/index.ts';
import { formatRoute } from '../route.ts';

interface Interval {
  low: number | null;
  high: number | null;
  method?: string;
}
interface Summary {
  steps: number;
  refusals: number;
  retries?: number;
  fallbacks?: number;
  ms: number;
  usage: { input: number | null; output: number | null; cost: number | null };
}
interface Attempt {
  attempt: number;
  score: number;
  progress: number;
  uncapped: number | null;
  runId: number;
  actions: number;
  summary: Summary | null;
  identicalTo: { runId: number; player: string; text: string } | null;
  recordUrl: string | null;
}
interface SeedRow {
  seed: number;
  random: number;
  strong: number;
  score: number | null;
  progress: number;
  attemptsPlayed?: number;
  attempts?: Attempt[];
}
interface GameRow {
  game: string;
  progress: number;
  interval: Interval;
  played: number;
  seeds: number;
  complete?: boolean;
  playedText: string;
  aboveStrong: number;
  totals: { actions: number; steps: number; refusals: number; retries?: number; fallbacks?: number; usage: Summary['usage'] };
  perSeed: SeedRow[];
}
export interface Report {
  scorecard: {
    id: string;
    challenge: string;
    player: string;
    kind: string;
    tags: { model: string | null; agent: string | null; prompt: string | null; meta: Record<string, unknown> };
    attempts?: number;
    closed: boolean;
    openedAt: string;
    closedAt: string | null;
  };
  set: { id: string; title: string };
  progress: number;
  interval?: Interval | null;
  complete?: boolean;
  identical?: number;
  cost?: { dollars: number | null; text: string };
  games: GameRow[];
  totals: { runs: number; actions: number; refusals: number; retries?: number; fallbacks?: number; usage: Summary['usage'] };
}

const one = (x: number | null | undefined) => (x === null || x === undefined ? '–' : (Math.round(x * 10) / 10 || 0).toFixed(1));
const num = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toLocaleString('en'));

/** A 0-100 scale with the interval as a band and the value as a mark (the numbers are in the text beside it). */
export function intervalBar(value: number, interval: Interval | null | undefined, label: string): string {
  const x = (v: number) => Math.max(0, Math.min(100, v)) * 2;
  const band =
    interval && interval.low !== null && interval.high !== null
      ? `<rect class="ci" x="${x(interval.low)}" y="3" width="${Math.max(1, x(interval.high) - x(interval.low))}" height="10"/>`
      : '';
  return `<svg class="eval-bar" viewBox="-1 0 202 16" role="img" aria-label="${esc(label)}"><rect class="scale" x="0" y="7" width="200" height="2"/>${band}<rect class="mark" x="${x(value) - 1}" y="0" width="3" height="16"/></svg>`;
}

export const intervalText = (value: number, i: Interval | null | undefined) =>
  i && i.low !== null && i.high !== null ? `${one(value)} [${one(i.low)}, ${one(i.high)}]` : `${one(value)} (no interval)`;

/** The record's path on this page's origin (the report's absolute URL may name another host behind a proxy). */
const recordPath = (id: string, game: string, seed: number, attempt: number) =>
  `api/scorecards/${encodeURIComponent(id)}/records/${encodeURIComponent(game)}/${seed}${attempt > 0 ? `?attempt=${attempt}` : ''}`;

function header(r: Report, online: boolean): string {
  const c = r.scorecard;
  const t = c.tags;
  const hash = typeof t.meta.promptHash === 'string' ? t.meta.promptHash : null;
  const usage = r.totals.usage;
  return `<header class="bar"><a href="${esc(formatRoute({ page: 'agents', online }))}" class="home-link">← Models board</a>
<h1>${esc(t.model ?? t.agent ?? c.player)}${t.prompt ? ` <span class="eval-prompt">${esc(t.prompt)}</span>` : ''}</h1></header>
<p class="eval-meta">Scorecard <code>${esc(c.id)}</code> on ${esc(r.set.title)} by ${esc(c.player)}${t.agent ? ` (${esc(t.agent)})` : ''}: <strong data-state="${c.closed ? 'closed' : 'open'}">${c.closed ? 'closed' : 'open'}</strong>, ${r.complete ? 'complete' : '<strong>incomplete</strong>'}${(c.attempts ?? 1) > 1 ? `, ${c.attempts} attempts per seed` : ''}.
${hash ? `Prompt hash <code title="${esc(hash)}">${esc(hash.slice(0, 19))}…</code>.` : ''}</p>
<p class="eval-overall"><span class="eval-big" id="overall">${esc(intervalText(r.progress, r.interval))}</span> overall progress ${intervalBar(r.progress, r.interval, `overall progress ${intervalText(r.progress, r.interval)}`)}</p>
<p class="note">${r.interval?.method ? `${esc(r.interval.method)}.` : ''} Progress per seed is 0 at the random bot's score and 100 at the strong bot's, clipped; a seed not played counts 0.</p>
<p class="eval-meta">${r.totals.runs} runs · tokens in ${num(usage.input)}, out ${num(usage.output)} · cost ${esc(r.cost?.text ?? 'unknown')} · ${num(r.totals.refusals)} refused or unreadable answers, ${num(r.totals.retries ?? 0)} asked again, ${num(r.totals.fallbacks ?? 0)} fallbacks · ${num(r.identical ?? 0)} runs identical to earlier ones (counted, shown per seed) · <a href="${esc(`api/scorecards/${encodeURIComponent(c.id)}?format=csv`)}" download>CSV</a> · <a href="${esc(`api/scorecards/${encodeURIComponent(c.id)}`)}">JSON</a></p>`;
}

function gamesTable(r: Report, names: Map<string, string>): string {
  const rows = r.games
    .map(
      (g) =>
        `<tr data-game="${esc(g.game)}"><th scope="row">${esc(names.get(g.game) ?? g.game)}</th><td class="num">${esc(intervalText(g.progress, g.interval))}</td><td>${intervalBar(g.progress, g.interval, `${g.game}: ${intervalText(g.progress, g.interval)}`)}</td><td>${esc(g.playedText)}</td><td class="num">${g.aboveStrong}</td><td class="num">${num(g.totals.actions)}</td><td class="num">${num(g.totals.refusals)}</td></tr>`,
    )
    .join('');
  return `<table class="eval-table"><caption>Progress per game, with the 95% Student-t interval over seeds</caption><thead><tr><th scope="col">Game</th><th scope="col">Progress [95% CI]</th><th scope="col"><span class="visually-hidden">Interval</span></th><th scope="col">Played</th><th scope="col">Above strong</th><th scope="col">Actions</th><th scope="col">Refused</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function seedTables(r: Report, names: Map<string, string>, online: boolean): string {
  return r.games
    .map((g) => {
      const rows = g.perSeed
        .flatMap((s) => {
          const attempts = s.attempts ?? [];
          if (attempts.length === 0)
            return [
              `<tr><td>${s.seed}</td><td></td><td class="num">–</td><td class="num">0.0</td><td colspan="3" class="empty">not played</td></tr>`,
            ];
          return attempts.map(
            (a) =>
              `<tr data-seed="${s.seed}" data-attempt="${a.attempt}"><td>${s.seed}</td><td>${(r.scorecard.attempts ?? 1) > 1 ? a.attempt + 1 : ''}</td><td class="num">${esc(a.score)}</td><td class="num">${one(a.progress)}</td><td>${a.summary ? `${a.summary.steps} steps, ${a.summary.refusals} refused${a.summary.fallbacks ? `, ${a.summary.fallbacks} fallback` : ''}` : ''}${a.identicalTo ? ` <span class="eval-identical">${esc(a.identicalTo.text)}</span>` : ''}</td><td>${
                a.recordUrl
                  ? `<button type="button" data-watch="${esc(g.game)}:${s.seed}:${a.attempt}" aria-label="watch ${esc(names.get(g.game) ?? g.game)} seed ${s.seed}${a.attempt ? ` attempt ${a.attempt + 1}` : ''} with its transcript">Watch</button>`
                  : ''
              }</td><td><a href="${esc(formatRoute({ page: 'run', id: String(a.runId), online }))}">run ${esc(a.runId)}</a></td></tr>`,
          );
        })
        .join('');
      return `<details class="eval-seeds" data-game="${esc(g.game)}"><summary>${esc(names.get(g.game) ?? g.game)}: every seed (${esc(g.playedText)})</summary><table class="eval-table"><thead><tr><th scope="col">Seed</th><th scope="col">${(r.scorecard.attempts ?? 1) > 1 ? 'Attempt' : '<span class="visually-hidden">Attempt</span>'}</th><th scope="col">Score</th><th scope="col">Progress</th><th scope="col">Run</th><th scope="col"><span class="visually-hidden">Watch</span></th><th scope="col"><span class="visually-hidden">Replay</span></th></tr></thead><tbody>${rows}</tbody></table></details>`;
    })
    .join('');
}

interface RecordLine {
  step?: number;
  turn?: number;
  action?: unknown;
  ok?: boolean;
  reason?: string;
  ms?: number;
  retry?: number;
  fallback?: boolean;
  usage?: { input?: number; output?: number; cost?: number };
  transcript?: {
    sent: Array<{ role: string; content: string }>;
    reply: string | null;
    toolCall?: { name: string; arguments: string };
    reasoning?: string;
    parsed?: unknown;
    error?: string;
    apiRetries?: number;
  };
  end?: string;
  score?: number;
}

function transcriptHtml(line: RecordLine, index: number, total: number): string {
  const t = line.transcript;
  const verdict = line.ok
    ? `<p class="eval-ok">${line.fallback ? 'Fallback (the retries of this turn ran out): played' : 'Accepted'}: <code>${esc(JSON.stringify(line.action))}</code></p>`
    : `<p class="eval-refused">${line.reason === 'malformed_reply' ? 'No action could be read' : `Refused (${esc(line.reason ?? '')})`}${line.action !== null && line.action !== undefined ? `: <code>${esc(JSON.stringify(line.action))}</code>` : ''}</p>`;
  const facts = [
    `step ${index + 1} of ${total}`,
    line.turn !== undefined ? `turn ${line.turn}` : '',
    line.retry ? `asked again (${line.retry})` : '',
    line.ms !== undefined ? `${line.ms} ms` : '',
    line.usage ? `tokens ${line.usage.input ?? '–'} in, ${line.usage.output ?? '–'} out` : '',
    t?.apiRetries ? `${t.apiRetries} HTTP retries` : '',
  ].filter(Boolean);
  if (!t)
    return `<p class="eval-step">${esc(facts.join(' · '))}</p>${verdict}<p class="note">This run's record carries no transcript (not played through a model adapter).</p>`;
  const sent = t.sent
    .map((m) =>
      m.role === 'system'
        ? `<details class="eval-msg" data-role="system"><summary>system prompt (${m.content.length} characters)</summary><pre>${esc(m.content)}</pre></details>`
        : `<div class="eval-msg" data-role="${esc(m.role)}"><p class="eval-role">shown</p><pre>${esc(m.content)}</pre></div>`,
    )
    .join('');
  return `<p class="eval-step">${esc(facts.join(' · '))}</p>${sent}
${t.reasoning ? `<div class="eval-msg" data-role="reasoning"><p class="eval-role">reasoning</p><pre>${esc(t.reasoning)}</pre></div>` : ''}
<div class="eval-msg" data-role="reply"><p class="eval-role">answered</p><pre>${esc(t.reply ?? '')}${t.toolCall ? `\n${esc(`${t.toolCall.name}(${t.toolCall.arguments})`)}` : ''}</pre></div>
${t.error ? `<p class="eval-refused">${esc(t.error)}</p>` : ''}${verdict}`;
}

/** The watch panel: the board after each step the model took, its transcript beside it, stepped by buttons or keys. */
async function watch(
  root: HTMLElement,
  engine: Engine,
  card: string,
  game: string,
  seed: number,
  attempt: number,
  names: Map<string, string>,
) {
  const panel = root.querySelector('#watch') as HTMLElement;
  panel.hidden = false;
  panel.innerHTML = '<p class="loading">Loading the record…</p>';
  let text: string;
  try {
    const res = await fetch(new URL(recordPath(card, game, seed, attempt), document.baseURI));
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    text = await res.text();
  } catch (error) {
    panel.innerHTML = `<p class="message" data-kind="refusal">The record cannot be loaded: ${esc((error as Error).message)}</p>`;
    return;
  }
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as RecordLine);
  const steps = lines.slice(1).filter((l) => l.end === undefined);
  const end = lines.find((l) => l.end !== undefined);
  const spec: Spec = await engine.spec(game);
  // The position each step was played from: init's, then after every accepted action (in this page's engine).
  const before: OkResponse[] = [];
  let at: OkResponse = await engine.init(game, seed);
  for (const s of steps) {
    before.push(at);
    if (s.ok) {
      const r = await engine.act(game, nextBody(spec, at, s.action), { recap: true });
      if (!r.ok) break;
      at = r;
    }
  }
  const after = at;
  const renderer = rendererFor(game);
  const ui = renderer.initUi();
  let i = 0;
  const title = `${names.get(game) ?? game}, seed ${seed}${attempt > 0 ? `, attempt ${attempt + 1}` : ''}`;
  panel.innerHTML = `<h2 id="watch-title">Watch the model play: ${esc(title)}</h2>
<div class="eval-controls" role="group" aria-label="Steps"><button type="button" data-step="first">« First</button> <button type="button" data-step="prev">◀ Back</button> <button type="button" data-step="next">Next ▶</button> <button type="button" data-step="last">Last »</button> <label>Step <input id="watch-step" type="range" min="0" max="${Math.max(0, steps.length)}" value="0"></label> <output id="watch-at"></output></div>
<div class="eval-watch"><div id="watch-board" class="eval-board"></div><div id="watch-transcript" class="eval-transcript" aria-live="polite"></div></div>`;
  const board = panel.querySelector('#watch-board') as HTMLElement;
  const transcript = panel.querySelector('#watch-transcript') as HTMLElement;
  const slider = panel.querySelector('#watch-step') as HTMLInputElement;
  const out = panel.querySelector('#watch-at') as HTMLOutputElement;
  const show = () => {
    const done = i >= steps.length;
    const response = done ? after : before[i]!;
    board.innerHTML = renderer.render({ slug: game, spec, response, lastAction: undefined, replaying: true }, ui);
    transcript.innerHTML = done
      ? `<p class="eval-step">the end: ${esc(end?.end ?? 'unfinished')}, score ${esc(end?.score ?? response.score)} after ${steps.filter((s) => s.ok).length} actions</p>`
      : transcriptHtml(steps[i]!, i, steps.length);
    slider.value = String(i);
    out.value = done ? 'end' : `${i + 1} / ${steps.length}`;
    panel.dataset.step = String(i);
  };
  panel.onclick = (e) => {
    const b = (e.target as Element).closest?.('[data-step]') as HTMLElement | null;
    if (!b) return;
    const to = { first: 0, prev: i - 1, next: i + 1, last: steps.length }[b.dataset.step as 'first'];
    i = Math.max(0, Math.min(steps.length, to ?? i));
    show();
  };
  slider.oninput = () => {
    i = Number(slider.value);
    show();
  };
  show();
  panel.scrollIntoView({ block: 'start' });
}

export async function showScorecard(root: HTMLElement, id: string, engine: Engine, online = false): Promise<() => void> {
  root.innerHTML = '<main class="board-page eval-page"><p class="loading">Loading the scorecard…</p></main>';
  const r = await callApi<Report>(`api/scorecards/${encodeURIComponent(id)}`);
  if (!r.ok) {
    const text = r.absent ? ABSENT : `Scorecard ${id} cannot be shown: ${r.message}`;
    root.innerHTML = `<main class="board-page eval-page"><p class="message" data-kind="refusal"${r.absent ? ' data-absent="true"' : ''}>${esc(text)}</p><p><a href="${esc(formatRoute({ page: 'agents', online }))}">Models board</a></p></main>`;
    return () => {};
  }
  const names = new Map<string, string>();
  for (const g of r.games) {
    try {
      names.set(g.game, (await engine.spec(g.game)).name);
    } catch {
      names.set(g.game, g.game);
    }
  }
  document.title = `Scorecard ${r.scorecard.tags.model ?? r.scorecard.player} — Hearth`;
  root.innerHTML = `<main class="board-page eval-page" data-scorecard="${esc(r.scorecard.id)}">${header(r, online)}${gamesTable(r, names)}
<h2>Every seed</h2>${seedTables(r, names, online)}<section id="watch" class="eval-watch-panel" aria-labelledby="watch-title" hidden></section></main>`;
  let disposed = false;
  const onClick = (e: MouseEvent) => {
    const b = (e.target as Element).closest?.('[data-watch]') as HTMLElement | null;
    if (!b || disposed) return;
    const [game, seed, attempt] = (b.dataset.watch ?? '').split(':');
    void watch(root, engine, r.scorecard.id, game!, Number(seed), Number(attempt), names);
  };
  root.addEventListener('click', onClick);
  return () => {
    disposed = true;
    root.removeEventListener('click', onClick);
  };
}
