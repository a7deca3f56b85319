// The trusted path (a verified seal or token: the engine skips parseState) answers exactly what the validating
// path answers, byte for byte, at every step of every golden replay of every game.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWire, type Game, type OkResponse, type StateCodec, type StateSealer } from '@hearth/engine';
import { registry } from '@hearth/games';
import { describe, expect, it } from 'vitest';
import { createAesCodec } from '../src/state/aes-codec.ts';
import { createHmacSealer } from '../src/state/hmac-sealer.ts';
import { deriveKeys } from '../src/state/keys.ts';

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
    "$name: the wire's text path (the action route's: the sealer's fast path) answers what the validating wire answers, every form",
    async ({ slug, record }) => {
      const game = (await registry.load(slug))!;
      const { codec, trusted, validating } = wires(game);
      let current = trusted.init(record.seed) as OkResponse;
      const carry = (r: OkResponse) => (codec ? { stateToken: r.stateToken } : { state: r.state });
      let steps = 0;
      for (const [index, action] of (record.actions as unknown[]).entries()) {
        const text = JSON.stringify({ ...carry(current), action });
        // A plain state sent back unchanged opens on the fast path, its bytes as sent (no re-serialisation).
        if (!codec) expect(createHmacSealer(keys, slug).openText(text)).not.toBeNull();
        for (const form of ['full', 'compact', 'lean'] as const) {
          const options = form === 'full' ? undefined : form === 'lean' ? { lean: true as const } : { compact: true };
          const expected = bytesOf(validating.act(JSON.parse(text), options) as OkResponse, codec);
          const stepped = trusted.actJson(text, { form });
          expect(stepped.ok, `step ${index} ${form}`).toBe(true);
          if (!stepped.ok) break;
          expect(bytesOf(JSON.parse(stepped.json), codec), `step ${index} ${form}`).toBe(expected);
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
