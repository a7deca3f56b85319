// The scorecard page and the models board in real headless Chromium against the real bundled server: a model
// evaluated by the harness (the bundled CLI, its OpenAI-compatible adapter, a stand-in model started here that
// speaks the protocol: apps/cli/test/helpers/model-stub.ts) is shown with per-game progress and interval bars, the
// per-seed table, and "watch the model play": the board after each step with the transcript of that step beside
// it. A complete scorecard (sent as a batch) is a row of the models board; the incomplete one is listed apart.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Game, OkResponse } from '@hearth/engine';
import { registry } from '@hearth/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stub, startModelStub } from '../../cli/test/helpers/model-stub.ts';
import { chromiumMissing } from './browser.ts';
import { errorsOf, type Harness, repo, startHarness } from './harness.ts';
import { type RealServer, serverMissing, startRealServer } from './server.ts';

const CLI = join(repo, 'apps', 'cli', 'dist', 'hearth.mjs');
const skip =
  chromiumMissing ?? serverMissing ?? (!existsSync(CLI) ? `no CLI bundle at ${CLI} (pnpm --filter @hearth/cli build)` : undefined);
if (skip) console.warn(`web e2e (scorecards) skipped: ${skip}`);

/** Season-2 as the server serves it (GET /api/challenges). */
let season2: { games: Record<string, { seeds: Array<{ seed: number }> }> };

/** A few legal actions of a seed (the first legal each turn; Lantern Volley: a straight-up shot). */
async function shortRun(slug: string, seed: number, steps: number) {
  const game = (await registry.load(slug)) as Game;
  let r: OkResponse = game.init(seed);
  const actions: unknown[] = [];
  for (let i = 0; i < steps && !r.gameOver; i++) {
    const action = r.legalActions[0] ?? { type: 'SHOOT', angleDeg: 90 };
    const next = game.act(r.state, action);
    if (!next.ok) break;
    actions.push(action);
    r = next;
  }
  return actions;
}

describe.skipIf(skip !== undefined)('scorecard pages in headless Chromium', () => {
  let h: Harness;
  let server: RealServer;
  let stub: Stub;
  let modelCard = '';
  let completeCard = '';

  beforeAll(async () => {
    h = await startHarness('scorecards');
    server = await startRealServer(h.dist);
    season2 = (await (await fetch(`${server.url}api/challenges`)).json()).sets.find((s: { id: string }) => s.id === 'season-2');
    stub = await startModelStub({ malformedEvery: 7 });
    const dir = mkdtempSync(join(tmpdir(), 'hearth-web-eval-'));
    const env = { ...process.env, XDG_CONFIG_HOME: join(dir, 'config'), OPENAI_API_KEY: 'sk-web-test' };
    const run = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [
          CLI,
          'agent',
          'run',
          '--model',
          'openai:stand-in',
          '--base-url',
          `${stub.url}/v1`,
          '--game',
          'sunloaf,lantern-volley',
          '--seeds',
          'season-2',
          '--max-seeds',
          '2',
          '--out',
          join(dir, 'runs'),
          '--server',
          server.url,
          '--name',
          'web-lab',
          '--json',
        ],
        { env, encoding: 'utf8' },
        (error, _stdout, stderr) => resolve({ code: error ? 1 : 0, stderr }),
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    const board = await (await fetch(`${server.url}api/scorecards?kind=agent`)).json();
    modelCard = board.incomplete[0].scorecard;
    // A complete scorecard of short runs (every seed of every game), sent as batches: a row of the models board.
    const opened = await (
      await fetch(`${server.url}api/scorecards`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ player: 'web-batch', tags: { model: 'short-runs', prompt: 'none' } }),
      })
    ).json();
    completeCard = opened.scorecard.id;
    for (const [slug, g] of Object.entries(season2.games)) {
      const runs = await Promise.all(g.seeds.map(async (s) => ({ game: slug, seed: s.seed, actions: await shortRun(slug, s.seed, 5) })));
      const r = await fetch(`${server.url}api/scorecards/${completeCard}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opened.playerKey}` },
        body: JSON.stringify({ runs }),
      });
      expect((await r.json()).accepted).toBe(20);
    }
    await fetch(`${server.url}api/scorecards/${completeCard}/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opened.playerKey}` },
    });
  }, 300_000);

  afterAll(async () => {
    await stub?.close();
    await server?.close();
    await h?.close();
  });

  it('shows a scorecard with interval bars and every seed, and plays a run back with its transcript step by step', async () => {
    const page = await h.open(`#/scorecards/${modelCard}`, undefined, server.url);
    await page.waitForSelector('main[data-scorecard]');
    expect(await page.textContent('h1')).toContain('openai:stand-in');
    expect(await page.textContent('main')).toContain('naive-v1');
    expect(await page.locator('table.eval-table tbody tr[data-game]').count()).toBe(4);
    expect(await page.locator('svg.eval-bar').count()).toBe(5);
    expect(await page.textContent('#overall')).toMatch(/^\d+\.\d/);
    // Sunloaf's first seed: open its table, watch it.
    await page.click('details.eval-seeds[data-game="sunloaf"] summary');
    await page.click('details.eval-seeds[data-game="sunloaf"] [data-watch]');
    await page.waitForSelector('#watch:not([hidden]) #watch-transcript .eval-step');
    const first = await page.textContent('#watch-transcript');
    expect(first).toContain('step 1 of');
    expect(first).toContain('Action:');
    expect(await page.locator('#watch-transcript details[data-role="system"]').count()).toBe(1);
    expect(await page.locator('#watch-board *').count()).toBeGreaterThan(5);
    const board1 = await page.innerHTML('#watch-board');
    await page.click('[data-step="next"]');
    await page.waitForFunction(() => document.querySelector('#watch')?.getAttribute('data-step') === '1');
    expect(await page.textContent('#watch-transcript')).toContain('step 2 of');
    expect(await page.innerHTML('#watch-board')).not.toBe(board1);
    // A malformed reply (the stand-in's every 7th) is shown with what the harness answered.
    const record = await (
      await fetch(`${server.url}api/scorecards/${modelCard}/records/sunloaf/${season2.games.sunloaf!.seeds[0]!.seed}`)
    ).text();
    const steps = record
      .trim()
      .split('\n')
      .slice(1, -1)
      .map((l) => JSON.parse(l));
    const bad = steps.findIndex((s) => s.reason === 'malformed_reply');
    if (bad >= 0) {
      await page.fill('#watch-step', String(bad));
      await page.dispatchEvent('#watch-step', 'input');
      expect(await page.textContent('#watch-transcript')).toContain('No action could be read');
    }
    await page.click('[data-step="last"]');
    expect(await page.textContent('#watch-transcript')).toContain('the end:');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('the models board ranks the complete scorecard, lists the incomplete apart, and is linked from the leaderboards', async () => {
    const page = await h.open('#/agents', undefined, server.url);
    await page.waitForSelector('main.eval-page[data-challenge]');
    const row = page.locator(`tr[data-scorecard="${completeCard}"]`);
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('short-runs');
    expect(await page.locator(`.eval-incomplete a[href*="${modelCard}"]`).count()).toBe(1);
    expect(await page.textContent('#people-title')).toContain('People');
    await row.locator('a').first().click();
    await page.waitForSelector(`main[data-scorecard="${completeCard}"]`);
    await page.goto(`${server.url}#/leaderboard/sunloaf`);
    await page.waitForSelector('main.board-page:not(:has(.loading))');
    await page.click('a.models-link');
    await page.waitForSelector('main.eval-page[data-challenge]');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
