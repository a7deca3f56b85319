// Golden replays: `pnpm golden:update` (GOLDEN_UPDATE=1) rewrites golden/*.replay.json from the recipes
// below; the default run replays every file through both kernel builds (the conformance kit replays them
// through the WASM build too) and checks each reaches what its recipe promises.
import { fileURLToPath } from 'node:url';
import { readGoldens, verifyGolden, writeGolden } from '@hearth/conformance';
import { replay } from '@hearth/engine';
import { hash } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { greedyPolicy, randomPolicy } from '../src/policies.ts';
import type { CragAction } from '../src/rules.ts';
import type { CragState } from '../src/state.ts';
import { type CragGame, loadBoth } from './helpers.ts';

const DIR = fileURLToPath(new URL('../golden', import.meta.url));
const UPDATE = process.env.GOLDEN_UPDATE === '1';

type Pick = (s: CragState, legal: CragAction[], step: number) => CragAction;
interface Recipe {
  name: string;
  seed: number;
  note: string;
  pick: Pick;
  /** Stop when this returns true (after the step), or at game over. */
  until: (s: CragState) => boolean;
  /** What the replay must reach. */
  minPitch: number;
}

const greedy: Pick = (s, legal) => greedyPolicy(0).decide(s, legal);
const RECIPES: Recipe[] = [
  {
    name: 'greedy-seed-7-ends-at-pitch-6-ledge',
    seed: 7,
    note: 'greedy play to the ledge that completes pitch 5, then endRun: the ended ending',
    pick: (s, legal) => (s.phase === 'atLedge' && s.pitch === 6 ? { type: 'endRun' } : greedy(s, legal, 0)),
    until: () => false,
    minPitch: 6,
  },
  {
    name: 'greedy-seed-2026-to-no-move',
    seed: 2026,
    note: 'greedy play until no move is affordable (stamina 3) at pitch 21, the noMove ending: frost, gusts, rockfall and the foresight change at pitch 18',
    pick: greedy,
    until: () => false,
    minPitch: 8,
  },
  {
    name: 'mixed-seed-99-pitch-5',
    seed: 99,
    note: 'greedy with one move in three random, stopped while climbing pitch 5 (not game over)',
    pick: (s, legal, step) => (hash(99, 3, step) % 3 === 0 ? randomPolicy(step).decide(s, legal) : greedy(s, legal, step)),
    until: (s) => s.pitch >= 5 && s.phase === 'climbing' && s.row > 45,
    minPitch: 5,
  },
  {
    name: 'spindrift-seed-31',
    seed: 31,
    note: 'greedy play that stands still in the rockfall column from pitch 8 on: spindrift, sweeps and creep on the band',
    pick: (s, legal) =>
      s.phase === 'climbing' && s.pitch >= 8 && s.rockfall.now === s.col && s.row % 10 !== 0 && s.stamina > 8
        ? { type: 'breathe' }
        : greedy(s, legal, 0),
    until: () => false,
    minPitch: 8,
  },
  {
    name: 'random-seed-1',
    seed: 1,
    note: 'uniform random legal play to the end of the run',
    pick: (s, legal, step) => randomPolicy(1 + step).decide(s, legal),
    until: () => false,
    minPitch: 1,
  },
];

const REG_DIR = fileURLToPath(new URL('../golden/regressions', import.meta.url));
const mixed =
  (seed: number): Pick =>
  (s, legal, step) =>
    hash(seed, 3, step) % 3 === 0 ? randomPolicy(step).decide(s, legal) : greedy(s, legal, step);
/** Bug fixes: each recipe's minimal action list (the run up to the state the fix changes). Issue 17: the third ending. */
const REGRESSIONS: Recipe[] = [
  {
    name: 'no-move-greedy-seed-2461',
    seed: 2461,
    note: 'issue 17, the third ending: greedy play reaches a climbing state with stamina 1 where only breathing was legal; the run now ends there (noMove)',
    pick: greedy,
    until: () => false,
    minPitch: 11,
  },
  {
    name: 'no-move-mixed-seed-572',
    seed: 572,
    note: 'issue 17, the third ending: the shortest case in 3,000 seeds of greedy-with-one-in-three-random play (stamina 2, no move affordable): noMove',
    pick: mixed(572),
    until: () => false,
    minPitch: 7,
  },
];
/**
 * Regression files whose actions are not a recipe (kept as data; golden:update refreshes what they reach):
 * no-move-strong-seed-434 is the strong bot's play of seed 434 under rules 1.0.0 up to its first climbing
 * state with only breathe legal (stamina 1): the seed, which then breathed on to pitch 31.
 */
const FIXED_REGRESSIONS = ['no-move-strong-seed-434'];

function record(game: CragGame, r: Recipe): CragAction[] {
  const sim = game.createSim();
  sim.reset(r.seed);
  const actions: CragAction[] = [];
  for (let step = 0; !sim.gameOver() && step < 20_000; step++) {
    const a = r.pick(sim.state, sim.legalActions(), step);
    const refused = sim.step(a);
    if (refused) throw new Error(`recipe ${r.name}: ${JSON.stringify(a)} refused (${refused.reason})`);
    actions.push(a);
    if (r.until(sim.state)) break;
  }
  return actions;
}

let both: Awaited<ReturnType<typeof loadBoth>>;
beforeAll(async () => {
  both = await loadBoth();
});

describe('golden replays', () => {
  if (UPDATE) {
    it('rewrites golden/*.replay.json from the recipes', () => {
      for (const r of RECIPES) writeGolden(DIR, r.name, both.wasm.game, r.seed, record(both.wasm.game, r), r.note);
      for (const r of REGRESSIONS) writeGolden(REG_DIR, r.name, both.wasm.game, r.seed, record(both.wasm.game, r), r.note);
      for (const { file, golden } of readGoldens(REG_DIR)) {
        const name = file.slice(REG_DIR.length + 1).replace('.replay.json', '');
        if (FIXED_REGRESSIONS.includes(name)) writeGolden(REG_DIR, name, both.wasm.game, golden.seed, golden.actions, golden.note);
      }
    });
  }
  const files = readGoldens(DIR);
  it('every recipe has its file', () => {
    const names = readGoldens(DIR).map((f) => f.file.slice(DIR.length + 1));
    for (const r of RECIPES) expect(names).toContain(`${r.name}.replay.json`);
  });
  it('every regression recipe has its file, and each no-move case ends noMove with stamina left and no legal action', () => {
    const regs = readGoldens(REG_DIR);
    const names = regs.map((f) => f.file.slice(REG_DIR.length + 1));
    for (const r of [...REGRESSIONS.map((x) => x.name), ...FIXED_REGRESSIONS]) expect(names).toContain(`${r}.replay.json`);
    for (const { file, golden } of regs) {
      if (!file.includes('no-move-')) continue;
      const result = replay(both.wasm.game, golden.seed, golden.actions);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const end = result.final.state as CragState;
      expect(end.ending).toBe('noMove');
      expect(end.stamina).toBeGreaterThan(0);
      expect(result.final.legalActions).toEqual([]);
      expect(result.final.observation.endedBecause).toContain('no affordable move');
      // Under the old reading the same state went on climbing with breathing as its only legal action.
      const climbing = { ...end, phase: 'climbing' as const, ending: null };
      expect(both.wasm.game.rules.legalActions(climbing)).toEqual([{ type: 'breathe' }]);
    }
  });
  for (const { file, golden } of files) {
    const name = file.slice(DIR.length + 1);
    it(`${name} reproduces on the WASM and the JavaScript kernel`, () => {
      expect(verifyGolden(both.wasm.game, golden)).toEqual([]);
      expect(verifyGolden(both.js.game, golden)).toEqual([]);
      const recipe = RECIPES.find((r) => `${r.name}.replay.json` === name);
      const result = replay(both.wasm.game, golden.seed, golden.actions);
      expect(result.ok).toBe(true);
      if (result.ok && recipe) expect((result.final.state as CragState).pitch).toBeGreaterThanOrEqual(recipe.minPitch);
    });
  }
});
