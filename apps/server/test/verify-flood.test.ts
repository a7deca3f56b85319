// A flood of maximal /verify requests (every game, the longest games its own policies play, padded to the
// action limit) while a normal client plays: the replays run on the worker pool, so the normal client's
// latency and /healthz stay low. Asserted loosely (a shared machine); the figures are printed.
import type { OkResponse } from '@hearth/engine';
import { registry } from '@hearth/games';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createReplayPool } from '../src/replay/pool.ts';
import { DEFAULT_MAX_VERIFY_ACTIONS } from '../src/server.ts';
import { type Started, startServer } from './helpers/start.ts';

const FLOOD_CLIENTS = Number(process.env.FLOOD_CLIENTS ?? 4);
const POLICY: Record<string, string> = { cragwake: 'greedy', stormlark: 'strong', 'lantern-volley': 'solver', sunloaf: 'reference' };

let s: Started;
const pool = createReplayPool({ threads: 1 });
beforeAll(async () => {
  s = await startServer({ replayPool: pool });
});
afterAll(async () => {
  await s.close();
  await pool.close();
});

/** A whole game by the game's own policy, then junk up to the action limit (the replay stops at the first refusal). */
async function maximalBody(slug: string, seed: number): Promise<string> {
  const game = (await registry.load(slug))!;
  const factory = game.policies[POLICY[slug] ?? ''] ?? Object.values(game.policies)[0]!;
  const policy = factory(seed);
  const actions: unknown[] = [];
  let current: OkResponse = game.init(seed);
  while (!current.gameOver && actions.length < DEFAULT_MAX_VERIFY_ACTIONS) {
    const action = policy.decide(current.state, current.legalActions);
    const next = game.act(current.state, action, { trusted: true });
    if (!next.ok) break;
    actions.push(action);
    current = next;
  }
  while (actions.length < DEFAULT_MAX_VERIFY_ACTIONS) actions.push(actions[actions.length - 1] ?? null);
  return JSON.stringify({ seed, actions });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

it('a verify flood does not stall a normal client or /healthz', { timeout: 300_000 }, async () => {
  const bodies = await Promise.all(registry.slugs.map(async (slug) => ({ slug, body: await maximalBody(slug, 13) })));
  // The same client alone first: the machine's own latency, to weigh the flood's effect within this run.
  const alone = await normalClient(() => true);
  let flooding = true;
  let verified = 0;
  let busy = 0;
  const flood = async (offset: number) => {
    for (let n = offset; flooding; n++) {
      const { slug, body } = bodies[n % bodies.length]!;
      const res = await fetch(`${s.url}/api/games/${slug}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      if (res.status === 200) verified++;
      else if (res.status === 503) busy++;
      else throw new Error(`verify answered ${res.status}`);
    }
  };
  const floods = Array.from({ length: FLOOD_CLIENTS }, (_, i) => flood(i));

  const normal = await normalClient(() => verified >= bodies.length * 2);
  flooding = false;
  await Promise.all(floods);

  const figures = (r: { actionMs: number[]; healthMs: number[] }) =>
    `actions p50 ${quantile(r.actionMs, 0.5).toFixed(1)} ms, p90 ${quantile(r.actionMs, 0.9).toFixed(1)} ms, p99 ${quantile(r.actionMs, 0.99).toFixed(1)} ms, ` +
    `max ${r.actionMs.at(-1)!.toFixed(1)} ms; /healthz p90 ${quantile(r.healthMs, 0.9).toFixed(1)} ms, p99 ${quantile(r.healthMs, 0.99).toFixed(1)} ms, max ${r.healthMs.at(-1)!.toFixed(1)} ms`;
  console.log(`normal client alone: ${figures(alone)}`);
  console.log(
    `during the flood (${FLOOD_CLIENTS} clients, ${verified} maximal verifies done, ${busy} answered 503 busy): ${figures(normal)}`,
  );
  if (FLOOD_CLIENTS > 0) expect(verified).toBeGreaterThanOrEqual(bodies.length * 2);
  // Loose bounds on the p90 (before the pool, one maximal Sunloaf verify held the event loop for seconds and pushed
  // everyone's p50 to 15 s): under 100 ms, or, on a machine already slower than that, within 10x of the same client
  // alone. The p90, not the p99: on 2 shared cores a few requests of 300 wait behind other processes whatever the
  // server does (the p99 is printed above), while a replay on the event loop would delay most of them by seconds.
  const bound = (of: (r: typeof alone) => number[]) => Math.max(100, 10 * quantile(of(alone), 0.9));
  expect(quantile(normal.actionMs, 0.9)).toBeLessThan(bound((r) => r.actionMs));
  expect(quantile(normal.healthMs, 0.9)).toBeLessThan(bound((r) => r.healthMs));
});

/** Plays the first game (first legal action, a new game at game over) and checks /healthz, until `enough()` and 300 actions. */
async function normalClient(enough: () => boolean) {
  const slug = registry.slugs[0]!;
  const actionMs: number[] = [];
  const healthMs: number[] = [];
  let current = await (await fetch(`${s.url}/api/games/${slug}/init?seed=5`)).json();
  while (actionMs.length < 300 || !enough()) {
    let t = performance.now();
    const health = await fetch(`${s.url}/healthz`);
    await health.arrayBuffer();
    healthMs.push(performance.now() - t);
    expect(health.status).toBe(200);
    t = performance.now();
    const body = JSON.stringify({ state: current.state, stateToken: current.stateToken, action: current.legalActions[0] });
    const res = await fetch(`${s.url}/api/games/${slug}/action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const next = await res.json();
    actionMs.push(performance.now() - t);
    current = next.ok && !next.gameOver ? next : await (await fetch(`${s.url}/api/games/${slug}/init?seed=${actionMs.length}`)).json();
  }
  actionMs.sort((a, b) => a - b);
  healthMs.sort((a, b) => a - b);
  return { actionMs, healthMs };
}
