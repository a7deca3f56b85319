// A stored run (GET /api/runs/{id}): replayed step by step in this page's engine, with its score timeline.

import { esc } from '@hearth/engine/web';
import { ABSENT, fetchRun } from '../api.ts';
import type { Engine } from '../engine-client.ts';
import { formatRoute } from '../route.ts';
import { showGame } from './game.ts';

export async function showRun(root: HTMLElement, id: string, engine: Engine, online = false): Promise<() => void> {
  root.innerHTML = '<main class="game"><p class="loading">Loading the run…</p></main>';
  const r = await fetchRun(id);
  if (!r.ok) {
    const text = r.absent ? ABSENT : `Run ${id} cannot be shown: ${r.message}`;
    root.innerHTML = `<main class="game"><p class="message" data-kind="refusal" ${r.absent ? 'data-absent="true"' : ''}>${esc(text)}</p><p><a href="${formatRoute({ page: 'home', online })}">All games</a></p></main>`;
    return () => {};
  }
  const run = r.run;
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
