import { fileURLToPath } from 'node:url';
import { runConformance } from '@hearth/conformance';
import { gameModule } from '../src/index.ts';
import type { Action, State } from '../src/state.ts';
import { sunloafInvariants } from './invariants.ts';

// pnpm mutate runs these checks against every surviving mutant; it sets HEARTH_MUTATE=1 for a tenth of the volume
// (the same checks, forged states and goldens over fewer seeds; see the README's "Rule-bearing files").
const MUTATE = process.env.HEARTH_MUTATE === '1';

const clone = (s: State): State => JSON.parse(JSON.stringify(s));
const forge = (s: State, name: string, edit: (c: State) => void) => {
  const c = clone(s);
  edit(c);
  return { name, state: c };
};

runConformance({
  label: 'sunloaf',
  load: () => gameModule.load(),
  seeds: MUTATE ? 20 : 200,
  ...(MUTATE ? { probeStates: 30 } : {}),
  maxTurns: MUTATE ? 200 : 400,
  extraFields: 'refused',
  invariants: (prev, action, next, response) => sunloafInvariants(prev, action, next, response.legalActions as Action[]),
  goldenDir: fileURLToPath(new URL('../golden', import.meta.url)),
  // Every field whose change in a turn-0 state (init: day 1, nothing played) no play can reach at turn 0.
  mutation: {
    fields: [
      'day',
      'turn',
      'score',
      'mult',
      'quotaRatio',
      'dayPar',
      'dayQuota',
      'dayCosyRaw',
      'chain',
      'rng.seed',
      'rng.cursor',
      'layout.bandDwell',
      'layout.dayLength',
      'layout.shade',
      'layout.hearth',
      'layout.dogSpeed',
      'layout.furniture.0',
      'layout.furniture.2',
      'cats.0.id',
      'cats.0.tile',
      'cats.0.settled',
      'cats.0.range',
      'cats.0.big',
      'cats.1.id',
      'cats.1.tile',
      'cats.1.settled',
      'cats.1.range',
      'cats.1.big',
      'bowls.0.mat',
      'bowls.0.serveTurn',
    ],
    count: MUTATE ? 2_000 : 20_000,
  },
  forgedStates: (s: State) => [
    forge(s, 'cursor moved', (c) => {
      c.rng.cursor += 1;
    }),
    forge(s, 'other seed', (c) => {
      c.rng.seed = (c.rng.seed + 1) >>> 0;
    }),
    forge(s, 'furniture removed', (c) => {
      c.layout.furniture.pop();
    }),
    forge(s, 'window turned', (c) => {
      c.layout.window = c.layout.window === 'N' ? 'S' : 'N';
    }),
    forge(s, 'dayPar inflated', (c) => {
      c.dayPar += 1;
    }),
    forge(s, 'quota lowered', (c) => {
      c.dayQuota = 0;
    }),
    forge(s, 'multiplier raised', (c) => {
      c.mult += 35;
    }),
    forge(s, 'two cats on one tile', (c) => {
      c.cats[1]!.tile = c.cats[0]!.tile;
    }),
    forge(s, 'cat on furniture', (c) => {
      c.cats[0]!.tile = c.layout.furniture[0]!;
    }),
    forge(s, 'settled beyond the turns played', (c) => {
      c.cats[0]!.settled = c.turn + 1;
    }),
    forge(s, 'cat made big', (c) => {
      for (const cat of c.cats) cat.big = true;
    }),
    forge(s, 'range changed', (c) => {
      (c.cats[0] as { range: number }).range = 4 + 1;
    }),
    forge(s, 'extra cat field', (c) => {
      (c.cats[0] as unknown as Record<string, number>).purr = 10;
    }),
    forge(s, 'extra top-level field', (c) => {
      (c as unknown as Record<string, number>).bonus = 1;
    }),
    forge(s, 'chain above the cap', (c) => {
      c.chain = 9;
    }),
    forge(s, 'bowl moved', (c) => {
      if (c.bowls[0]) c.bowls[0].mat = (c.bowls[0].mat + 1) % 49;
      else c.bowls.push({ mat: 0, serveTurn: 5, status: 'waiting' });
    }),
    forge(s, 'negative score', (c) => {
      c.score = -1;
    }),
    forge(s, 'fractional raw cosy', (c) => {
      c.dayCosyRaw += 0.5;
    }),
    forge(s, 'sunset before the last turn', (c) => {
      c.phase = 'sunset';
      c.turn = 0;
    }),
    forge(s, 'day skipped', (c) => {
      c.day += 1;
    }),
    // Issue 17's unsealed examples: unreachable numbers on a state that is otherwise the engine's own.
    forge(s, 'score 10,000,000 with chain 7', (c) => {
      c.score = 10_000_000;
      c.chain = 7;
    }),
    forge(s, 'raw cosy beyond what the turns played can earn', (c) => {
      c.dayCosyRaw = c.turn * 2000 + 1;
    }),
    forge(s, 'day 1,000,000', (c) => {
      c.day = 1_000_000;
    }),
  ],
});
