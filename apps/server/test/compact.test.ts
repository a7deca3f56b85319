// Issue 15's economy on the HTTP API: init without the spec (spec=0), the compact view beside the state
// (view=compact, on init and action), and the defaults byte for byte as before.
import { createWire, leanOf } from '@hearth/engine';
import { Stream } from '@hearth/rng';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFromSchema } from '../src/routes/schema-sample.ts';
import { createHmacSealer } from '../src/state/hmac-sealer.ts';
import { deriveKeys } from '../src/state/keys.ts';
import { getJson, type Started, startServer, TEST_SECRET, testRegistry } from './helpers/start.ts';

const registry = testRegistry();
let s: Started;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const text = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${s.url}${path}`, init);
  return { status: res.status, text: await res.text() };
};
const post = (path: string, body: unknown) =>
  text(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(registry.slugs)('%s', (slug) => {
  it('init: spec=0 is the default response without its spec; the default is the wire response as it always was', async () => {
    const full = await text(`/api/games/${slug}/init?seed=7`);
    const lean = await text(`/api/games/${slug}/init?seed=7&spec=0`);
    expect(full.status).toBe(200);
    expect(lean.status).toBe(200);
    const fullBody = JSON.parse(full.text);
    expect(fullBody.spec.slug).toBe(slug);
    expect(JSON.parse(lean.text)).not.toHaveProperty('spec');
    expect(JSON.parse(lean.text)).not.toHaveProperty('view');
    const game = (await registry.load(slug))!;
    if (game.spec.carry === 'state') {
      // Seals are deterministic: the default bytes are JSON.stringify of the wire's init response, spec last.
      const wire = createWire(game, { sealer: createHmacSealer(deriveKeys(TEST_SECRET), slug) });
      const { spec, ...rest } = wire.init(7) as Record<string, unknown>;
      expect(full.text).toBe(JSON.stringify({ ...rest, spec }));
      expect(lean.text).toBe(JSON.stringify(rest));
    } else {
      const { spec: _, ...rest } = fullBody;
      expect(Object.keys(JSON.parse(lean.text))).toEqual(Object.keys(rest));
    }
  });

  it('view=compact adds the compact view (with the recap on action); without it, no view', async () => {
    const init = JSON.parse((await text(`/api/games/${slug}/init?seed=9&spec=0&view=compact`)).text);
    expect(init.view).toMatchObject({ score: init.score, gameOver: init.gameOver });
    expect(typeof init.view.text).toBe('string');
    expect(init.view).toHaveProperty('actions');
    expect(init.view).not.toHaveProperty('recap');
    const action = init.legalActions[0] ?? sampleFromSchema((await getJson(`${s.url}/api/games/${slug}/spec`)).body.actionGrammar);
    const carried = init.stateToken !== undefined ? { stateToken: init.stateToken } : { state: init.state };
    const compact = JSON.parse((await post(`/api/games/${slug}/action?view=compact`, { ...carried, action })).text);
    const plain = JSON.parse((await post(`/api/games/${slug}/action`, { ...carried, action })).text);
    expect(compact.ok).toBe(true);
    expect(compact.view).toMatchObject({ score: compact.score, gameOver: compact.gameOver });
    expect(compact.view.recap).toMatchObject({ points: compact.score - init.score });
    expect(plain).not.toHaveProperty('view');
    const { view: _, ...rest } = compact;
    if (init.stateToken === undefined) expect(rest).toEqual(plain);
  });

  it('view=lean answers the served lean schema over random play: the lean form of the compact response, the default unchanged', async () => {
    const schema = await getJson(`${s.url}/api/games/${slug}/lean-schema`);
    expect(schema.status).toBe(200);
    const validate = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true }).compile(schema.body);
    const spec = (await getJson(`${s.url}/api/games/${slug}/spec`)).body;
    const sealed = spec.carry === 'state';
    const stream = new Stream(11, 5);
    const leanInit = JSON.parse((await text(`/api/games/${slug}/init?seed=11&spec=0&view=lean`)).text);
    expect(validate(leanInit), JSON.stringify(validate.errors)).toBe(true);
    let current = JSON.parse((await text(`/api/games/${slug}/init?seed=11&spec=0&view=compact`)).text);
    if (sealed) expect(JSON.stringify(leanInit)).toBe(JSON.stringify(leanOf(current)));
    let steps = 0;
    for (; steps < 25 && !current.gameOver; steps++) {
      const action =
        current.legalActions.length > 0
          ? current.legalActions[stream.below(current.legalActions.length)]
          : sampleFromSchema(spec.actionGrammar);
      const carried = current.stateToken !== undefined ? { stateToken: current.stateToken } : { state: current.state };
      const [full, compact, lean] = await Promise.all(
        ['', '?view=compact', '?view=lean'].map((q) => post(`/api/games/${slug}/action${q}`, { ...carried, action })),
      );
      const leanBody = JSON.parse(lean!.text);
      expect(validate(leanBody), JSON.stringify(validate.errors)).toBe(true);
      expect(leanBody).not.toHaveProperty('observation');
      expect(leanBody).not.toHaveProperty('legalActions');
      const compactBody = JSON.parse(compact!.text);
      if (sealed) {
        // Seals are deterministic: the three forms carry the same state, and the rest is the compact response's.
        expect(lean!.text).toBe(JSON.stringify(leanOf(compactBody)));
        const { view: _, ...rest } = compactBody;
        expect(full!.text).toBe(JSON.stringify(rest));
      } else expect(leanBody.view).toEqual(compactBody.view);
      current = compactBody;
    }
    expect(steps).toBeGreaterThan(0);
  });

  it('a bad spec or view value is 400 invalid_query', async () => {
    for (const query of ['spec=2', 'spec=no', 'view=tiny']) {
      const res = await text(`/api/games/${slug}/init?seed=1&${query}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ ok: false, reason: 'invalid_query' });
    }
    const res = await post(`/api/games/${slug}/action?view=big`, {});
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).reason).toBe('invalid_query');
  });
});

describe('docs', () => {
  it('/llms.txt and /docs/api teach the cheap loop first', async () => {
    for (const path of ['/llms.txt', '/docs/api']) {
      const page = (await text(path)).text;
      const cheap = page.indexOf('cheap loop');
      expect(cheap).toBeGreaterThan(-1);
      expect(cheap).toBeLessThan(page.indexOf('full loop'));
      expect(page).toContain(path === '/llms.txt' ? 'spec=0&view=compact' : 'spec=0&#38;view=compact');
      expect(page).toContain('invalid_query');
    }
  });

  it('/llms.txt leads with MCP: the /mcp endpoint and its tools before the HTTP loops', async () => {
    const page = (await text('/llms.txt')).text;
    const mcp = page.indexOf('/mcp (streamable HTTP)');
    expect(mcp).toBeGreaterThan(-1);
    expect(mcp).toBeLessThan(page.indexOf('cheap loop'));
    for (const tool of ['new_game', 'act', 'submit_run', 'open_scorecard', 'close_scorecard', 'key argument']) expect(page).toContain(tool);
  });
});
