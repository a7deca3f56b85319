// The recap, compact and lean responses of every game, byte for byte as they were before the step reports
// (issue 32): the engine now collects what a step did while it applies the action instead of replaying the turn,
// and nothing a client reads may change. Over many seeds of random play (run-ending actions only when nothing
// else is legal) and a few games of each game's strong bot (late-game states: pitches, reaches, waves, days), every
// accepted response with `recap`, `compact`, `lean` (trusted and validating) and `game.recap` is hashed per game and
// compared with the hashes taken from the code before the change (fixtures/responses.json).
// Regenerate only on purpose: UPDATE_RESPONSES=1 npx vitest run test/responses-unchanged.test.ts (read the diff).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { candidateActions, type Game } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/testing.ts';

const FIXTURE = new URL('./fixtures/responses.json', import.meta.url);
const RANDOM_SEEDS = 40;
const STRONG_SEEDS = 2;
const MAX_STEPS = 120;

/** A small deterministic generator (xorshift32), so the play is the same on every run. */
function rng(seed: number): () => number {
  let x = seed * 2654435761 + 1 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function pickRandom(game: Game, state: unknown, next: () => number): unknown {
  const legal = game.rules.legalActions(state);
  const candidates = candidateActions(game, legal);
  const keep = candidates.filter((a) => !game.rules.endsRun?.(a));
  const pool = keep.length > 0 ? keep : candidates;
  for (let tries = 0; tries < 64; tries++) {
    const a = pool[Math.floor(next() * pool.length)];
    if (legal.length > 0 || game.rules.refuse(state, a) === null) return a;
  }
  return pool.find((a) => game.rules.refuse(state, a) === null);
}

/** Hashes every response form of one game over the fixed play. */
function digest(game: Game): { hash: string; steps: number } {
  const h = createHash('sha256');
  let steps = 0;
  const play = (seed: number, choose: (state: unknown) => unknown) => {
    let response = game.init(seed);
    h.update(JSON.stringify(game.compact(response.state)));
    for (let t = 0; t < MAX_STEPS && !response.gameOver; t++) {
      const state = JSON.parse(JSON.stringify(response.state));
      const action = choose(state);
      if (action === undefined) break;
      const forms = [
        game.act(state, action, { recap: true }),
        game.act(state, action, { compact: true }),
        game.act(state, action, { recap: true, compact: true, trusted: true }),
        game.act(state, action, { lean: true }),
        game.act(state, action, { lean: true, trusted: true }),
      ];
      for (const f of forms) h.update(JSON.stringify(f));
      const next = forms[0] as { ok: boolean; state: unknown; gameOver: boolean };
      if (!next.ok) throw new Error(`${game.slug} seed ${seed}: the play chose a refused action ${JSON.stringify(action)}`);
      h.update(JSON.stringify(game.recap(state, next.state, action)));
      response = forms[0] as typeof response;
      steps++;
    }
  };
  for (let seed = 1; seed <= RANDOM_SEEDS; seed++) {
    const next = rng(seed);
    play(seed, (state) => pickRandom(game, state, next));
  }
  const strong = game.policies.strong;
  if (strong)
    for (let seed = 1001; seed < 1001 + STRONG_SEEDS; seed++) {
      const policy = strong(seed);
      play(seed, (state) => policy.decide(state, game.rules.legalActions(state)));
    }
  return { hash: h.digest('hex'), steps };
}

describe('recap, compact and lean responses are byte-identical to before the step reports', () => {
  const expected: Record<string, { hash: string; steps: number }> = process.env.UPDATE_RESPONSES
    ? {}
    : JSON.parse(readFileSync(FIXTURE, 'utf8'));
  const got: Record<string, { hash: string; steps: number }> = {};
  for (const slug of registry.slugs)
    it(`${slug}: every response form over ${RANDOM_SEEDS} random and ${STRONG_SEEDS} strong games`, { timeout: 300_000 }, async () => {
      const game = (await registry.load(slug))!;
      got[slug] = digest(game);
      if (process.env.UPDATE_RESPONSES) {
        writeFileSync(FIXTURE, `${JSON.stringify({ ...JSON.parse(readFileSafe()), ...got }, null, 2)}\n`);
        return;
      }
      expect(got[slug].steps).toBeGreaterThan(200);
      expect(got[slug]).toEqual(expected[slug]);
    });
});

function readFileSafe(): string {
  try {
    return readFileSync(FIXTURE, 'utf8');
  } catch {
    return '{}';
  }
}
