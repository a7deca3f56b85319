// Online mode's client against a stand-in for the server's API (same routes and shapes, built on createWire).
import { createWire, PlainTokenCodec, replay, verifyOutcome } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { createHttpEngine } from '../src/engine-http.ts';
import { createEngineService } from '../src/engine-service.ts';
import { formatRoute, parseRoute } from '../src/route.ts';
import { registry } from './fixtures/registry.ts';

async function fakeServer() {
  const game = (await registry.load('pebble'))!;
  const wire = createWire(game, { codec: PlainTokenCodec });
  const calls: string[] = [];
  const fetchImpl = async (input: string, init?: RequestInit) => {
    const u = new URL(input);
    calls.push(`${init?.method ?? 'GET'} ${u.pathname}${u.search}`);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const send = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (u.pathname === '/api/games') {
      const { slug, name, genre, description, goal } = game.spec;
      return send({ games: [{ slug, name, genre, description, goal, initUrl: 'x' }] });
    }
    if (u.pathname === '/api/games/pebble/spec') return send(game.spec);
    if (u.pathname === '/api/games/pebble/init') return send(wire.init(Number(u.searchParams.get('seed'))));
    if (u.pathname === '/api/games/pebble/action') {
      // as the server's action route: ?view=compact adds the compact view, whose recap is the engine's own
      const r = wire.act(body, u.searchParams.get('view') === 'compact' ? { compact: true } : undefined);
      return send(r, !r.ok && r.reason === 'invalid_state' ? 400 : 200);
    }
    if (u.pathname === '/api/games/pebble/verify') {
      // as the server's verify route: ok, slug, seed, then the engine's VerifyOutcome
      const { ok, ...found } = verifyOutcome(replay(game, body.seed, body.actions));
      return send({ ok, slug: 'pebble', seed: body.seed, ...found });
    }
    return send({ ok: false, reason: 'not_found', message: 'no route' }, 404);
  };
  return { engine: createHttpEngine('http://hearth.test/', fetchImpl), calls };
}

describe('online mode (HTTP engine)', () => {
  it('answers like the worker does: list, init, act, refusals (even under HTTP 400), verify', async () => {
    const { engine, calls } = await fakeServer();
    const local = createEngineService(registry);
    expect(await engine.games()).toEqual(await local.games());
    const start = await engine.init('pebble', 7);
    expect(start).toEqual(await local.init('pebble', 7));
    const step = await engine.act('pebble', { stateToken: start.stateToken, action: { type: 'move', cell: 13 } });
    expect(step).toEqual(await local.act('pebble', { stateToken: start.stateToken, action: { type: 'move', cell: 13 } }));
    expect(await engine.act('pebble', { stateToken: 'forged', action: { type: 'end' } })).toMatchObject({
      ok: false,
      reason: 'invalid_state',
    });
    const actions = [{ type: 'move', cell: 13 }];
    expect(await engine.replay('pebble', 7, actions)).toEqual(await local.replay('pebble', 7, actions));
    await expect(engine.spec('nope')).rejects.toThrow(/no route/);
    expect(calls[0]).toBe('GET /api/games');
    expect(calls).toContain('GET /api/games/pebble/init?seed=7');
  });

  it('asks for the compact view when the page wants a recap, and hands back the same recap as the worker', async () => {
    const { engine, calls } = await fakeServer();
    const local = createEngineService(registry);
    const start = await engine.init('pebble', 7);
    const body = { stateToken: start.stateToken, action: { type: 'move', cell: 13 } };
    const online = await engine.act('pebble', body, { recap: true });
    const worker = await local.act('pebble', body, { recap: true });
    expect(online.ok && worker.ok).toBe(true);
    expect(online.recap).toBeDefined();
    expect(online.recap).toEqual(worker.recap);
    expect(calls).toContain('POST /api/games/pebble/action?view=compact');
  });

  it('keeps online=1 in every route', () => {
    expect(parseRoute('#/?online=1')).toEqual({ page: 'home', online: true });
    const r = parseRoute('#/pebble?seed=3&online=1');
    expect(r).toEqual({ page: 'game', slug: 'pebble', seed: 3, replay: undefined, online: true });
    expect(formatRoute(r)).toBe('#/pebble?seed=3&online=1');
    expect(formatRoute({ page: 'game', slug: 'pebble', seed: 3, replay: [], online: true })).toMatch(/&online=1$/);
  });
});
