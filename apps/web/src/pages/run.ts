// A stored run (GET /api/runs/{id}): replayed step by step in this page's engine, with its score timeline. A run
// on today's daily is the day's solution: someone else's is not replayed until the daily resets, unless the
// player asks for it ("show the solution"); its score and player are shown either way, with today's daily to play.
import { esc } from '@hearth/engine/web';
import { failureText, fetchRun, type RunRecord } from '../api.ts';
import { challenges, resetText } from '../daily.ts';
import type { Engine } from '../engine-client.ts';
import { formatRoute } from '../route.ts';
import { readHistory } from '../saved.ts';
import { when } from '../text.ts';
import { showGame } from './game.ts';

/** Whether the run is on a daily still being played today, and not one of this browser's own runs. */
async function spoils(run: RunRecord): Promise<boolean> {
  const ch = await challenges([run.game]);
  const daily = ch.ok ? ch.byGame.get(run.game)?.daily : undefined;
  if (!daily || daily.seed !== run.seed) return false;
  return !readHistory(run.game).some((e) => e.runId === String(run.id));
}

export async function showRun(root: HTMLElement, id: string, engine: Engine, online = false, solution = false): Promise<() => void> {
  root.innerHTML = '<main class="game"><p class="loading">Loading the run…</p></main>';
  const r = await fetchRun(id);
  if (!r.ok) {
    const text = r.absent || r.unreachable ? failureText(r) : `Run ${id} cannot be shown: ${r.message}`;
    root.innerHTML = `<main class="game"><p class="message" data-kind="refusal" ${r.absent ? 'data-absent="true"' : ''}>${esc(text)}</p><p><a href="${formatRoute({ page: 'home', online })}">All games</a></p></main>`;
    return () => {};
  }
  const run = r.run;
  if (!solution && (await spoils(run))) {
    document.title = 'Today’s daily run — Hearth';
    root.innerHTML = `<main class="game run-hidden" data-slug="${esc(run.game)}"><header class="bar"><a href="${formatRoute({ page: 'home', online })}" class="home-link">← All games</a><h1>A run on today’s daily</h1></header>
<p class="run-summary"><strong>${esc(run.player)}</strong> scored <strong id="final-score">${esc(run.score)}</strong> in ${esc(run.turns)} turns on today’s daily (seed ${esc(run.seed)}) · <time datetime="${esc(run.createdAt)}">${esc(when(run.createdAt))}</time></p>
<p id="solution-note" class="note">Its replay shows every move of today’s solution, so it opens for everyone once the daily resets: ${esc(resetText(Date.now()))}.</p>
<p><a class="button-link" href="${esc(formatRoute({ page: 'game', slug: run.game, seed: run.seed, replay: undefined, online }))}">Play today’s daily</a>
<a id="show-solution" href="${esc(formatRoute({ page: 'run', id, solution: true, online }))}">Show the solution anyway</a></p></main>`;
    return () => {};
  }
  return showGame(
    root,
    {
      slug: run.game,
      seed: run.seed,
      replay: run.actions,
      online,
      run: {
        id: String(run.id),
        player: run.player,
        agent: run.agent,
        score: run.score,
        turns: run.turns,
        end: run.end,
        createdAt: run.createdAt,
      },
    },
    engine,
  );
}
