// Runs: POST /api/runs (submitRun in run-submit.ts: checked, replayed off the event loop, stored only when
// accepted) and GET /api/runs/:id; the answers a submission gets.
import { fail, json } from '../http/answer.ts';
import type { Router } from '../http/router.ts';
import type { ServerContext } from './context.ts';
import { publicRun, runUrl } from './run-answers.ts';
import { type RunRouteDeps, submitRun } from './run-submit.ts';

export * from './run-answers.ts';
export type { RunRouteDeps };

/** POST /api/runs and GET /api/runs/:id: verified runs, replayed off the event loop, stored only when accepted. */
export function registerRunRoutes(router: Router, ctx: ServerContext, deps: RunRouteDeps): void {
  const d = { ...deps, ctx, now: deps.now ?? Date.now };
  router.post('/api/runs', (x) => {
    x.route = '/api/runs';
    return submitRun(d, x);
  });
  router.get('/api/runs/:id', async (x) => {
    x.route = '/api/runs/:id';
    const raw = x.param('id');
    // Run ids are up to 16 digits (time-ordered, see @hearth/store newRunId).
    const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0;
    const run = id > 0 ? await deps.store.runs.get(id) : null;
    if (!run) return fail(404, 'not_found', `no run ${JSON.stringify(raw.slice(0, 32))}`);
    x.game = ctx.games.has(run.game) ? run.game : '';
    return json({
      ok: true,
      ...publicRun(run),
      url: runUrl(ctx.baseUrl(x), run.id),
      verifyUrl: `${ctx.baseUrl(x)}/api/games/${run.game}/verify`,
    });
  });
}

/** Route patterns and methods, for 405 answers. */
export const RUN_METHODS: Record<string, string> = { '/api/runs': 'POST', '/api/runs/:id': 'GET, HEAD' };
