import { describe, expect, it } from 'vitest';
import { createEngineService } from '../src/engine-service.ts';
import { registry } from './fixtures/registry.ts';

describe('engine service (what the worker exposes)', () => {
  const engine = createEngineService(registry);

  it('lists the registry and carries a stateToken game by token', async () => {
    expect((await engine.games()).map((g) => g.slug)).toEqual(['pebble']);
    const start = await engine.init('pebble', 7);
    expect(typeof start.stateToken).toBe('string');
    const next = await engine.act('pebble', { stateToken: start.stateToken, action: { type: 'move', cell: 13 } });
    expect(next.ok).toBe(true);
    const refused = await engine.act('pebble', { stateToken: start.stateToken, action: { type: 'move', cell: 0 } });
    expect(refused).toMatchObject({ ok: false, reason: 'out_of_reach' });
    const forged = await engine.act('pebble', { state: start.state, action: { type: 'end' } });
    expect(forged).toMatchObject({ ok: false, reason: 'invalid_state' });
  });

  it('replays seed + actions to a state hash, and names the first refused action', async () => {
    const actions = [
      { type: 'move', cell: 13 },
      { type: 'move', cell: 14 },
    ];
    const a = await engine.replay('pebble', 3, actions);
    const b = await engine.replay('pebble', 3, actions);
    expect(a.ok && a.stateHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toEqual(a);
    expect(await engine.replay('pebble', 3, [{ type: 'move', cell: 0 }])).toMatchObject({ ok: false, index: 0 });
    await expect(engine.spec('nope')).rejects.toThrow(/no game registered/);
  });

  it('hands the page a step’s own events when it asks (the boards’ motion reads them), and only then', async () => {
    const { registry: games } = await import('@hearth/games');
    const stormlark = createEngineService(games);
    const start = await stormlark.init('stormlark', 6);
    const asked = await stormlark.act('stormlark', { state: start.state, action: { type: 'UP' } }, { recap: true, events: true });
    expect(asked.ok && (asked as { events?: { kind: string }[] }).events?.map((e) => e.kind)).toContain('move');
    const plain = await stormlark.act('stormlark', { state: start.state, action: { type: 'UP' } }, { recap: true });
    expect((plain as { events?: unknown }).events).toBeUndefined();
  });
});
