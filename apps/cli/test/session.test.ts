import { PassThrough } from 'node:stream';
import { createWire, replay, stateHash } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { type PipeOptions, runJson } from '../src/commands/json.ts';
import { type FetchLike, localSession, recapOf, remoteSession, type Session } from '../src/session.ts';
import { walkerGame } from './fixtures/walker-game.ts';

/** A fake server: the engine's wire behind the gameboard routes, as fetch. */
function fakeServer(): { fetch: FetchLike; calls: string[] } {
  const wire = createWire(walkerGame);
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const u = new URL(url);
    const json = (status: number, value: unknown) => ({ status, text: async () => JSON.stringify(value) });
    if (u.pathname === '/api/games/walker/init')
      return json(200, wire.init(Number(u.searchParams.get('seed')), { compact: u.searchParams.get('view') === 'compact' }));
    if (u.pathname === '/api/games/walker/action') {
      const body = JSON.parse(init?.body ?? 'null');
      const r = wire.act(body, u.searchParams.get('view') === 'compact' ? { compact: true } : undefined);
      return json(!r.ok && r.reason === 'invalid_state' ? 400 : 200, r);
    }
    return json(404, { error: 'not found', message: `no route ${u.pathname}` });
  };
  return { fetch, calls };
}

describe('sessions', () => {
  it('a remote session plays through init and action, and matches the local one', async () => {
    const { fetch, calls } = fakeServer();
    const remote = await remoteSession('http://x.test/', 'walker', 1, fetch);
    const local = localSession(walkerGame, 1);
    for (const action of [{ type: 'step', dir: 'left' }, { type: 'rest' }, { type: 'step', dir: 'left' }]) {
      const [r, l] = [await remote.act(action), await local.act(action)];
      expect(r).toEqual(l);
    }
    expect(remote.current.score).toBe(20);
    expect(calls[0]).toBe('GET http://x.test/api/games/walker/init?seed=1');
    expect(calls[1]).toBe('POST http://x.test/api/games/walker/action');
  });

  it("with recap, an accepted action carries the engine's recap: the wire's locally, view=compact's remotely", async () => {
    const { fetch, calls } = fakeServer();
    const remote = await remoteSession('http://x.test', 'walker', 1, fetch);
    const local = localSession(walkerGame, 1);
    const action = { type: 'step', dir: 'left' };
    const [r, l] = [await remote.act(action, { recap: true }), await local.act(action, { recap: true })];
    const expected = walkerGame.recap(
      walkerGame.init(1).state,
      walkerGame.act(walkerGame.init(1).state, action).state as never,
      action as never,
    );
    expect(recapOf(l)).toEqual(expected);
    expect(recapOf(r)).toEqual(expected);
    expect(expected.points).toBe(10);
    expect(calls.at(-1)).toBe('POST http://x.test/api/games/walker/action?view=compact');
    expect(recapOf(await local.act({ type: 'fly' }, { recap: true }))).toBeUndefined();
  });

  it('a remote refusal comes back as the engine refused it; transport failures become refusals', async () => {
    const { fetch } = fakeServer();
    const remote = await remoteSession('http://x.test', 'walker', 1, fetch);
    const r = await remote.act({ type: 'fly' });
    expect(r).toMatchObject({ ok: false, reason: 'unknown_action' });
    const broken = await remoteSession('http://x.test', 'walker', 1, async (url, init) =>
      init?.method === 'POST' ? Promise.reject(new Error('ECONNREFUSED')) : fetch(url, init),
    );
    expect(await broken.act({ type: 'rest' })).toMatchObject({ ok: false, reason: 'server_unreachable' });
    await expect(remoteSession('http://x.test', 'nope', 1, fetch)).rejects.toThrow(/refused to start nope/);
  });
});

async function pipe(lines: string[], options?: PipeOptions, session: Session = localSession(walkerGame, 1)): Promise<any[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (c) => chunks.push(String(c)));
  const done = runJson(session, input, output, undefined, options);
  input.end(lines.map((l) => `${l}\n`).join(''));
  expect(await done).toBe(0);
  return chunks
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('--json mode', () => {
  it('answers every line, blank ones, refusals and bad JSON included, and matches replay', async () => {
    const actions = [{ type: 'step', dir: 'left' }, { type: 'rest' }, { type: 'step', dir: 'left' }];
    const out = await pipe([
      JSON.stringify(actions[0]),
      'this is not json',
      '',
      '{"type":"step","dir":"up"}',
      JSON.stringify(actions[1]),
      '[1,2,3]',
      JSON.stringify(actions[2]),
    ]);
    expect(out).toHaveLength(8);
    expect(out[0]).toMatchObject({ ok: true, score: 0, spec: { slug: 'walker' } });
    expect(out[2]).toMatchObject({ ok: false, reason: 'invalid_json' });
    expect(out[2].legalActions.length).toBeGreaterThan(0);
    expect(out[3]).toMatchObject({
      ok: false,
      reason: 'empty_line',
      message: 'line 3 is empty: send one action as JSON per line (e.g. one of legalActions)',
    });
    expect(out[3].legalActions).toEqual(out[1].legalActions);
    expect(out[4]).toMatchObject({ ok: false, reason: 'unknown_action' });
    expect(out[6]).toMatchObject({ ok: false, reason: 'unknown_action' });
    const final = out[7];
    const r = replay(walkerGame, 1, actions);
    expect(r.ok && final.score === r.score && stateHash(final.state) === r.stateHash).toBe(true);
  });

  it('the default first line is the wire init response byte for byte', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (c) => chunks.push(String(c)));
    const done = runJson(localSession(walkerGame, 1), input, output);
    input.end();
    await done;
    expect(chunks.join('')).toBe(`${JSON.stringify(createWire(walkerGame).init(1))}\n`);
  });

  const moves = [JSON.stringify({ type: 'step', dir: 'left' }), 'not json', JSON.stringify({ type: 'rest' })];
  it('--view lean --spec 0: lean lines (state, score, gameOver, view), refusals unchanged, the same play as the full pipe', async () => {
    const full = await pipe(moves);
    const lean = await pipe(moves, { view: 'lean', spec: false }, localSession(walkerGame, 1, { compact: true }));
    expect(lean).toHaveLength(full.length);
    for (const i of [0, 1, 3]) {
      expect(Object.keys(lean[i])).toEqual(['ok', 'state', 'score', 'gameOver', 'view']);
      expect(lean[i]).toMatchObject({ ok: true, state: full[i].state, score: full[i].score, gameOver: full[i].gameOver });
      expect(lean[i].view).toMatchObject({ score: full[i].score, text: expect.any(String) });
    }
    expect(lean[1].view.recap).toMatchObject({ points: full[1].score - full[0].score });
    expect(lean[2]).toEqual(full[2]);
  });

  it('--view compact adds the view to every line; --spec 0 leaves the spec out of the first', async () => {
    const full = await pipe(moves);
    const compact = await pipe(moves, { view: 'compact', spec: false }, localSession(walkerGame, 1, { compact: true }));
    expect(compact[0]).not.toHaveProperty('spec');
    const { spec: _, ...init } = full[0];
    expect(compact[0]).toMatchObject(init);
    expect(compact[0].view).toMatchObject({ score: 0 });
    expect(compact[1]).toMatchObject(full[1]);
    expect(compact[1].view.recap).toBeDefined();
  });

  it('a remote session opened compact carries the view from init on (view=compact on every call)', async () => {
    const { fetch, calls } = fakeServer();
    const remote = await remoteSession('http://x.test', 'walker', 1, fetch, { compact: true });
    expect(remote.current.view).toMatchObject({ score: 0 });
    const r = await remote.act({ type: 'rest' });
    expect(r.ok && r.view).toBeTruthy();
    expect(calls).toEqual([
      'GET http://x.test/api/games/walker/init?seed=1&view=compact',
      'POST http://x.test/api/games/walker/action?view=compact',
    ]);
  });
});
