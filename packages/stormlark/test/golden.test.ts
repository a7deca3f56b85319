// Golden replays: the shipped dodger policy playing fixed seeds into reach 6 and beyond. With
// GOLDEN_UPDATE=1 (pnpm golden:update) the files are rewritten; otherwise every file must reproduce
// on both kernel builds and reach at least reach 6.
import { fileURLToPath } from 'node:url';
import { readGoldens, verifyGolden, writeGolden } from '@hearth/conformance';
import { replay } from '@hearth/engine';
import { describe, expect, it } from 'vitest';
import { gameModule, type StormlarkGame, type StormlarkState } from '../src/index.ts';

const dir = fileURLToPath(new URL('../golden', import.meta.url));

/** The dodger's actions from a seed until game over, or END_RUN once the Gate of `stopAtReach` is reached. */
function dodgerRun(game: StormlarkGame, seed: number, stopAtReach: number): unknown[] {
  const sim = game.createSim();
  sim.reset(seed);
  const policy = game.policies.dodger!(seed);
  const actions: unknown[] = [];
  while (!sim.gameOver() && actions.length < 2000) {
    const a =
      sim.state.phase === 'reachClear' && sim.state.reach >= stopAtReach
        ? { type: 'END_RUN' as const }
        : policy.decide(sim.state, sim.legalActions());
    sim.stepTrusted(a);
    actions.push({ type: a.type });
  }
  return actions;
}

const RUNS = [
  { name: 'dodger-seed-1-to-reach-7', seed: 1, stop: 7, note: 'dodger policy, END_RUN at the Gate of reach 7' },
  {
    name: 'dodger-seed-2026-to-reach-8',
    seed: 2026,
    stop: 8,
    note: 'dodger policy, END_RUN at the Gate of reach 8 (walls from reach 8 are visible in columns 1..9)',
  },
  { name: 'dodger-seed-7-full-run', seed: 7, stop: Number.POSITIVE_INFINITY, note: 'dodger policy until the hull runs out' },
];

describe('golden replays', () => {
  if (process.env.GOLDEN_UPDATE === '1') {
    it('rewrites the golden files', async () => {
      const game = (await gameModule.load()) as StormlarkGame;
      for (const r of RUNS) writeGolden(dir, r.name, game, r.seed, dodgerRun(game, r.seed, r.stop), r.note);
    });
    return;
  }
  const goldens = readGoldens(dir);
  it('are checked in', () => expect(goldens.filter((g) => !g.file.includes('/regressions/')).length).toBeGreaterThanOrEqual(3));
  for (const build of ['wasm', 'js'] as const) {
    for (const { file, golden } of goldens) {
      it(`${file.slice(dir.length + 1)} reproduces on the ${build} kernel and reaches reach 6+`, async () => {
        const game = (await gameModule.load({ kernel: build })) as StormlarkGame;
        expect(verifyGolden(game, golden)).toEqual([]);
        if (file.includes('/regressions/')) return; // a regression is as short as its bug needs
        const result = replay(game, golden.seed, golden.actions);
        expect(result.ok && (result.final.state as StormlarkState).reach).toBeGreaterThanOrEqual(6);
      });
    }
  }
});
