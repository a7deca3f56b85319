// The trusted path (a verified seal or token: the engine skips parseState) answers exactly what the validating
// path answers, byte for byte, at every step of every golden replay of every game.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWire, type Game, type OkResponse, type StateCodec, type StateSealer } from '@hearth/engine';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { actOnBody, createAesCodec, createHmacSealer, deriveKeys } from '../src/sealing.ts';
import { DEFAULT_LIMITS } from '../src/server.ts';

const packages = resolve(fileURLToPath(import.meta.url), '../../../../packages');
const keys = deriveKeys('trusted-path-secret-0123');
const goldens = registry.slugs.flatMap((slug) =>
  readdirSync(join(packages, slug, 'golden'))
    .filter((f) => f.endsWith('.replay.json'))
    .map((f) => ({ name: `${slug}/${f}`, slug, record: JSON.parse(readFileSync(join(packages, slug, 'golden', f), 'utf8')) })),
);

/** The server's wire (trusted: the sealer and codec authenticate) and the same wire without the trust flag. */
function wires(game: Game) {
  if (game.spec.carry === 'stateToken') {
    const codec = createAesCodec(keys, game.slug);
    const validating: StateCodec = { seal: (s) => codec.seal(s), open: (t) => codec.open(t) };
    return { codec, trusted: createWire(game, { codec }), validating: createWire(game, { codec: validating }) };
  }
  const sealer = createHmacSealer(keys, game.slug);
  const validating: StateSealer = { seal: (s) => sealer.seal(s), open: (w) => sealer.open(w) };
  return { codec: null, trusted: createWire(game, { sealer }), validating: createWire(game, { sealer: validating }) };
}

/** The response's bytes, with a token replaced by what it holds (its IV is random, so the bytes always differ). */
function bytesOf(response: OkResponse | { ok: false }, codec: StateCodec | null): string {
  if (!codec || !('stateToken' in response)) return JSON.stringify(response);
  const opened = codec.open(response.stateToken as string);
  return JSON.stringify({ ...response, stateToken: opened.ok ? JSON.stringify(opened.value) : 'unopened' });
}

describe('trusted path', () => {
  it('covers every game', () => expect(new Set(goldens.map((g) => g.slug)).size).toBe(registry.slugs.length));

  it.each(goldens)('$name: byte-identical to the validating path at every step', async ({ slug, record }) => {
    const game = (await registry.load(slug))!;
    const { codec, trusted, validating } = wires(game);
    let current = trusted.init(record.seed) as OkResponse;
    const carry = (r: OkResponse) => (codec ? { stateToken: r.stateToken } : { state: r.state });
    let steps = 0;
    for (const [index, action] of (record.actions as unknown[]).entries()) {
      const body = JSON.parse(JSON.stringify({ ...carry(current), action }));
      const fast = trusted.act(body, { recap: true });
      const checked = validating.act(JSON.parse(JSON.stringify(body)), { recap: true });
      expect(bytesOf(fast, codec), `step ${index}`).toBe(bytesOf(checked, codec));
      if (!fast.ok) break;
      current = fast;
      steps++;
    }
    // A golden replay is accepted to its end: the comparison ran over every step, not only up to a refusal.
    expect(steps).toBe(record.actions.length);
  });

  it.each(goldens)(
    "$name: the server's sealed path on the body bytes answers what the validating wire answers, every form",
    async ({ slug, record }) => {
      const game = (await registry.load(slug))!;
      if (game.spec.carry === 'stateToken') return; // a token game's route is the wire itself (above)
      const { trusted, validating } = wires(game);
      const sealer = createHmacSealer(keys, slug);
      const served = { game, wire: trusted, engineWire: createWire(game), sealer, specJson: '' };
      let current = trusted.init(record.seed) as OkResponse;
      let steps = 0;
      for (const [index, action] of (record.actions as unknown[]).entries()) {
        const text = JSON.stringify({ state: current.state, action });
        // The body as sent back unchanged: its state's bytes open on the fast path (no re-serialisation).
        expect(sealer.openStateText(JSON.stringify(current.state))).not.toBeNull();
        for (const form of ['full', 'compact', 'lean'] as const) {
          const options = form === 'full' ? undefined : form === 'lean' ? { lean: true as const } : { compact: true };
          const expected = JSON.stringify(validating.act(JSON.parse(text), options));
          expect(actOnBody(served, Buffer.from(text), DEFAULT_LIMITS, form).json, `step ${index} ${form}`).toBe(expected);
        }
        const next = trusted.act(JSON.parse(text));
        if (!next.ok) break;
        current = next;
        steps++;
      }
      expect(steps).toBe(record.actions.length);
    },
  );
});
