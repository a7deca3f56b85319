// Sealing: a state or token the server did not issue, or issued under another secret, is refused (HTTP 400
// invalid_state) and nothing is stepped. Runs over every served game, real and fixture.
import { createRegistry, nextBody } from '@hearth/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFromSchema } from '../src/routes/schema-sample.ts';
import { createAesCodec } from '../src/state/aes-codec.ts';
import { createHmacSealer } from '../src/state/hmac-sealer.ts';
import { deriveKeys } from '../src/state/keys.ts';
import { fixtureModule } from './fixtures/fixture-games.ts';
import { getJson, postJson, type Started, startServer, testRegistry } from './helpers/start.ts';

const slugs = testRegistry().slugs;
let s: Started;
let other: Started;
beforeAll(async () => {
  s = await startServer();
  other = await startServer({ secret: 'another-secret-of-some-length' });
});
afterAll(async () => {
  await s.close();
  await other.close();
});

/** Paths to every number in a JSON value (not the seal). */
function numberPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return [path];
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value).filter(([k]) => k !== 'seal');
  return entries.flatMap(([k, v]) => numberPaths(v, [...path, k]));
}

function withChange(state: any, path: (string | number)[], change: (n: number) => number): any {
  const copy = structuredClone(state);
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  const last = path[path.length - 1]!;
  at[last] = change(at[last]);
  return copy;
}

const refusedInvalidState = (res: { status: number; body: any }) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ ok: false, reason: 'invalid_state' });
  expect(typeof res.body.message).toBe('string');
  expect(res.body).not.toHaveProperty('observation');
};

describe.each(slugs)('%s', (slug) => {
  const action = (r: any) => (r.legalActions.length > 0 ? r.legalActions[0] : null);

  it("accepts its own state, also with keys reordered (the body's, and a plain state's own)", async () => {
    const init = (await getJson(`${s.url}/api/games/${slug}/init?seed=11`)).body;
    const carried = nextBody(init.spec, init);
    // An accepted action (sampled from the grammar where legalActions is empty by design).
    const accepted = init.legalActions[0] ?? sampleFromSchema(init.spec.actionGrammar);
    const next = await postJson(`${s.url}/api/games/${slug}/action`, { action: accepted, ...carried });
    expect(next.status).toBe(200);
    expect(next.body.ok).toBe(true);
    if (init.spec.carry === 'state') {
      const reordered = Object.fromEntries(Object.entries(init.state).reverse());
      expect(Object.keys(reordered)).not.toEqual(Object.keys(init.state));
      const res = await postJson(`${s.url}/api/games/${slug}/action`, { state: reordered, action: accepted });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(next.body);
    }
  });

  it('accepts only the canonical base64url of a seal or token (altered unused bits are refused)', async () => {
    const init = (await getJson(`${s.url}/api/games/${slug}/init?seed=12`)).body;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Flipping the lowest bit of the last character changes only unused bits when the byte count is not a multiple of 3.
    const lastBitFlipped = (text: string) => text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) ^ 1];
    const act = (body: unknown) => postJson(`${s.url}/api/games/${slug}/action`, body);
    if (init.spec.carry === 'stateToken') {
      const token: string = init.stateToken;
      expect(Buffer.from(token, 'base64url').length % 3).not.toBe(0);
      const altered = lastBitFlipped(token);
      expect(Buffer.from(altered, 'base64url').equals(Buffer.from(token, 'base64url'))).toBe(true);
      refusedInvalidState(await act({ stateToken: altered, action: action(init) }));
    } else {
      const altered = lastBitFlipped(init.state.seal);
      expect(Buffer.from(altered.slice(3), 'base64url').equals(Buffer.from(init.state.seal.slice(3), 'base64url'))).toBe(true);
      refusedInvalidState(await act({ state: { ...init.state, seal: altered }, action: action(init) }));
    }
  });

  it('refuses altered, truncated, unsealed and other-secret states', async () => {
    const init = (await getJson(`${s.url}/api/games/${slug}/init?seed=11`)).body;
    const foreign = (await getJson(`${other.url}/api/games/${slug}/init?seed=11`)).body;
    const act = (body: unknown) => postJson(`${s.url}/api/games/${slug}/action`, body);
    if (init.spec.carry === 'stateToken') {
      const token: string = init.stateToken;
      const flipped = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
      for (const stateToken of [
        flipped,
        token.slice(0, -1),
        token.slice(0, token.length >> 1),
        token.slice(0, 10),
        `${token}AA`,
        foreign.stateToken,
        '',
        '%%%',
        42,
        null,
      ]) {
        refusedInvalidState(await act({ stateToken, action: action(init) }));
      }
      // The readable state is not what the server trusts: sending it instead of the token is refused.
      refusedInvalidState(await act({ state: init.state, action: action(init) }));
      return;
    }
    const paths = numberPaths(init.state);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths.slice(0, 20))
      refusedInvalidState(await act({ state: withChange(init.state, path, (n) => n + 1), action: action(init) }));
    const keys = Object.keys(init.state).filter((k) => k !== 'seal');
    for (const key of keys) {
      const { [key]: _, ...truncated } = init.state;
      refusedInvalidState(await act({ state: truncated, action: action(init) }));
    }
    const { seal, ...unsealed } = init.state;
    refusedInvalidState(await act({ state: unsealed, action: action(init) }));
    refusedInvalidState(await act({ state: { ...init.state, extra: 1 }, action: action(init) }));
    refusedInvalidState(await act({ state: { ...init.state, seal: `${seal.slice(0, -2)}AA` }, action: action(init) }));
    refusedInvalidState(await act({ state: { ...init.state, seal: 'v2.abc' }, action: action(init) }));
    refusedInvalidState(await act({ state: foreign.state, action: action(init) }));
    refusedInvalidState(await act({ state: JSON.stringify(init.state), action: action(init) }));
  });
});

describe('the bytes the seal covers', () => {
  it('a number that parses to Infinity but would serialise as null is refused (fast and slow path)', () => {
    const sealer = createHmacSealer(deriveKeys('unit-test-secret-123'), 'g');
    const sealedText = sealer.sealJson({ a: null, b: [1, null] });
    expect(sealedText).toBe(JSON.stringify(sealer.seal({ a: null, b: [1, null] })));
    expect(sealer.openStateText(sealedText)).toEqual({ a: null, b: [1, null] });
    for (const forged of [sealedText.replace('"a":null', '"a":1e400'), sealedText.replace('[1,null]', '[1,-1e999]')]) {
      const parsed = JSON.parse(forged);
      expect(JSON.stringify(parsed)).toBe(sealedText);
      expect(sealer.openStateText(forged)).toBeNull();
      expect(sealer.open(parsed).ok).toBe(false);
    }
    // Spacing or another key order is no longer the emitted bytes: not opened from the text, but open() accepts it.
    const spaced = JSON.stringify(JSON.parse(sealedText), null, 1);
    expect(sealer.openStateText(spaced)).toBeNull();
    expect(sealer.open(JSON.parse(spaced))).toEqual({ ok: true, value: { a: null, b: [1, null] } });
  });

  it('a duplicate "state" key after a genuine sealed state is not vouched for by the genuine one', async () => {
    const init = await (await fetch(`${s.url}/api/games/fixture-plain/init?seed=4`)).json();
    const genuine = JSON.stringify(init.state);
    const forged = JSON.stringify({ ...init.state, total: init.state.total + 500 });
    const action = JSON.stringify({ type: 'ADD', n: 1 });
    for (const body of [
      `{"state":${genuine},"state":${forged},"action":${action}}`,
      `{"state":${genuine},"st\\u0061te":${forged},"action":${action}}`,
      `{"state":${genuine},"action":${action},"state":${forged}}`,
    ]) {
      const res = await fetch(`${s.url}/api/games/fixture-plain/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body.slice(0, 80)).toBe(400);
      expect((await res.json()).reason).toBe('invalid_state');
    }
    // The genuine body alone is accepted (fast path).
    const ok = await fetch(`${s.url}/api/games/fixture-plain/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"state":${genuine},"action":${action}}`,
    });
    expect(ok.status).toBe(200);
  });

  it('memberSpan finds the last top-level member of that name, escaped keys included', async () => {
    const { memberSpan } = await import('../src/state/state-span.ts');
    const text = ' { "action" : {"state":1} , "st\\u0061te": [1,"]}"] , "x":"state","state" :{"a":"}\\"{"} } ';
    const span = memberSpan(text, 'state')!;
    expect(JSON.parse(text.slice(span.start, span.end))).toEqual(JSON.parse(text).state);
    const first = memberSpan('{"state":[1,"]}"],"y":2}', 'state')!;
    expect('{"state":[1,"]}"],"y":2}'.slice(first.start, first.end)).toBe('[1,"]}"]');
    expect(memberSpan('{"a":1}', 'state')).toBe(null);
    expect(memberSpan('[1]', 'state')).toBe(null);
  });
});

describe('seals are bound to their game', () => {
  it('a plain state sealed for one game is refused by another with the same state shape', async () => {
    // fixture-plain and fixture-aim have identical state shapes; only the seal tells them apart.
    const init = (await getJson(`${s.url}/api/games/fixture-plain/init?seed=2`)).body;
    refusedInvalidState(await postJson(`${s.url}/api/games/fixture-aim/action`, { state: init.state, action: { type: 'AIM', angle: 90 } }));
  });

  it('a token sealed for one game does not open for another', async () => {
    const two = await startServer({ registry: createRegistry([fixtureModule('token-a', 'token'), fixtureModule('token-b', 'token')]) });
    try {
      const init = (await getJson(`${two.url}/api/games/token-a/init?seed=2`)).body;
      refusedInvalidState(await postJson(`${two.url}/api/games/token-b/action`, { stateToken: init.stateToken, action: { type: 'STOP' } }));
      expect(
        (await postJson(`${two.url}/api/games/token-a/action`, { stateToken: init.stateToken, action: { type: 'STOP' } })).status,
      ).toBe(200);
    } finally {
      await two.close();
    }
  });

  it('sealer and codec units: round trip, and refusal without throwing', () => {
    const keys = deriveKeys('unit-test-secret-123');
    const sealer = createHmacSealer(keys, 'g');
    const sealed = sealer.seal({ a: 1, b: [1, 2] });
    expect(sealer.open(sealed)).toEqual({ ok: true, value: { a: 1, b: [1, 2] } });
    for (const junk of [null, 1, 'x', [], { seal: 5 }, { seal: 'v1.!!' }, { a: 1, seal: 'v1.' }]) expect(sealer.open(junk).ok).toBe(false);
    expect(() => sealer.seal([1])).toThrow();
    const codec = createAesCodec(keys, 'g');
    const token = codec.seal({ hidden: 3 });
    expect(codec.open(token)).toEqual({ ok: true, value: { hidden: 3 } });
    expect(createAesCodec(deriveKeys('unit-test-secret-456'), 'g').open(token).ok).toBe(false);
  });
});
