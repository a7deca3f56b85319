// A client that plays every served game (the real ones that have landed, plus the fixtures) through the API
// only, and checks that the engine in-process and /verify reach the same end.
import { publicStateOf, replay, stateHash } from '@hearth/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playThroughApi } from './helpers/play.ts';
import { getJson, postJson, type Started, startServer, testRegistry } from './helpers/start.ts';

const registry = testRegistry();
const SEEDS = [1, 42, 0xdeadbeef];
let s: Started;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const get = (path: string) => getJson(`${s.url}${path}`);
const post = (path: string, body: unknown) => postJson(`${s.url}${path}`, body);

describe.each(registry.slugs)('%s played through the API', (slug) => {
  it.each(SEEDS)('seed %i: to game over (or 500 turns), matching the engine and /verify', async (seed) => {
    const played = await playThroughApi(get, post, slug, seed, 500);
    expect(played.actions.length).toBeGreaterThan(0);
    expect(played.last.gameOver || played.actions.length === 500).toBe(true);

    const game = (await registry.load(slug))!;
    const local = replay(game, seed, played.actions);
    expect(local.ok).toBe(true);
    if (!local.ok) return;
    expect(played.last.score).toBe(local.score);
    expect(played.last.gameOver).toBe(local.gameOver);
    if (game.spec.carry === 'stateToken') {
      expect(played.last.state).toEqual(publicStateOf(game, local.final.state));
    } else {
      const { seal: _, ...state } = played.last.state;
      expect(stateHash(state)).toBe(local.stateHash);
    }

    const verified = await post(`/api/games/${slug}/verify`, { seed, actions: played.actions });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      ok: true,
      slug,
      seed,
      score: local.score,
      gameOver: local.gameOver,
      turns: played.actions.length,
      stateHash: local.stateHash,
    });
  });
});
