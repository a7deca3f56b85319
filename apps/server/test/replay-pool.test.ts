// The replay pool: the same outcome as the engine's replay() for every golden replay, refusals with the index
// of the first refused action, and a bounded queue that refuses (PoolBusyError) instead of growing.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Game, type OkResponse, replay, stateHash } from '@hearth/engine';
import { registry } from '@hearth/games';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createReplayPool, PoolBusyError } from '../src/replay/pool.ts';

const packages = resolve(fileURLToPath(import.meta.url), '../../../../packages');
const goldens = registry.slugs.flatMap((slug) => {
  const dir = join(packages, slug, 'golden');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.replay.json'))
    .map((f) => ({ name: `${slug}/${f}`, record: JSON.parse(readFileSync(join(dir, f), 'utf8')) }));
});

/** act(..., { trusted: true }) from init, the way the server's sealed states are stepped. */
function trustedReplay(game: Game, seed: number, actions: unknown[]) {
  let current = game.init(seed) as OkResponse;
  for (let index = 0; index < actions.length; index++) {
    const next = game.act(current.state, actions[index], { trusted: true });
    if (!next.ok) return { ok: false, index, reason: next.reason, message: next.message };
    current = next;
  }
  const end = (current.observation as { end?: unknown }).end;
  return {
    ok: true,
    score: current.score,
    gameOver: current.gameOver,
    turns: actions.length,
    stateHash: stateHash(current.state),
    end: typeof end === 'string' ? end : null,
  };
}

const pool = createReplayPool({ threads: 2 });
afterAll(() => pool.close());

describe('replay pool', () => {
  it('finds golden replays on disk', () => expect(goldens.length).toBeGreaterThanOrEqual(registry.slugs.length));

  it.each(goldens)('$name: the same outcome as replay()', async ({ record }) => {
    const game = (await registry.load(record.slug))!;
    const local = replay(game, record.seed, record.actions);
    const outcome = await pool.run({ slug: record.slug, seed: record.seed, actions: record.actions });
    // The list as JSON text (the /verify route's form) replays the same.
    expect(await pool.run({ slug: record.slug, seed: record.seed, actionsJson: JSON.stringify(record.actions) })).toEqual(outcome);
    // The pool never re-validates a state it made: it must agree with the engine's trusted act step for step.
    expect(outcome).toEqual(trustedReplay(game, record.seed, record.actions));
    // And with the public, validating replay wherever that accepts the game (a game whose parseState refuses
    // its own output is that package's bug, reported by its own tests).
    if (!local.ok && local.reason === 'invalid_state') return;
    expect(local.ok).toBe(true);
    if (!local.ok) return;
    expect(outcome).toEqual({
      ok: true,
      score: local.score,
      gameOver: local.gameOver,
      turns: local.turns,
      stateHash: local.stateHash,
      end: null,
    });
  });

  it.each(registry.slugs)('%s: a bad action is refused with its index, like replay()', async (slug) => {
    const golden = goldens.find((g) => g.record.slug === slug)!.record;
    const actions = [...golden.actions.slice(0, 3), { type: 'NOT_AN_ACTION' }, ...golden.actions.slice(3)];
    const game = (await registry.load(slug))!;
    const local = replay(game, golden.seed, actions);
    const outcome = await pool.run({ slug, seed: golden.seed, actions });
    expect(local.ok).toBe(false);
    if (local.ok) return;
    expect(outcome).toEqual({ ok: false, index: 3, reason: local.reason, message: local.message });
  });

  it('an unknown slug is an outcome, not a crash', async () => {
    expect(await pool.run({ slug: 'no-such-game', seed: 1, actions: [] })).toMatchObject({ ok: false, index: -1, reason: 'unknown_game' });
  });

  it('a full queue refuses with PoolBusyError and a Retry-After; the accepted jobs all finish', async () => {
    const small = createReplayPool({ threads: 1, maxQueue: 2 });
    try {
      const golden = goldens.find((g) => g.record.slug === 'sunloaf')!.record;
      const job = { slug: golden.slug, seed: golden.seed, actions: golden.actions };
      const accepted = [small.run(job), small.run(job), small.run(job)];
      expect(small.queued + small.running).toBe(3);
      const refused = await small.run(job).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(PoolBusyError);
      expect((refused as PoolBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      const done = await Promise.all(accepted);
      expect(done.every((o) => o.ok && o.stateHash === golden.stateHash)).toBe(true);
      expect(small.queued + small.running).toBe(0);
      // Room again once the queue has drained.
      expect(await small.run(job)).toMatchObject({ ok: true });
    } finally {
      await small.close();
    }
  });

  it('starts no thread before a job and ends idle threads, and a job after that starts one again', async () => {
    const lazy = createReplayPool({ threads: 2, idleMs: 100 });
    try {
      expect(lazy.threads).toBe(0);
      const golden = goldens.find((g) => g.record.slug === 'stormlark')!.record;
      const job = { slug: golden.slug, seed: golden.seed, actions: golden.actions };
      expect(await lazy.run(job)).toMatchObject({ ok: true, stateHash: golden.stateHash });
      expect(lazy.threads).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(lazy.threads).toBe(0), { timeout: 10_000, interval: 50 });
      expect(await lazy.run(job)).toMatchObject({ ok: true, stateHash: golden.stateHash });
    } finally {
      await lazy.close();
    }
  });
});
