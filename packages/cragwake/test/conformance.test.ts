import { fileURLToPath } from 'node:url';
import { runConformance } from '@hearth/conformance';
import { createWall } from '../src/generator.ts';
import { gameModule } from '../src/index.ts';
import { loadKernel } from '../src/kernel.ts';
import type { CragAction } from '../src/rules.ts';
import type { CragState } from '../src/state.ts';
import { type CragGame, cragInvariants } from './helpers.ts';

// pnpm mutate runs these checks against every surviving mutant; it sets HEARTH_MUTATE=1 for a tenth of the volume
// (the same checks, forged states and goldens over fewer seeds; see the README's "Rule-bearing files").
const MUTATE = process.env.HEARTH_MUTATE === '1';

const wall = createWall(await loadKernel('wasm'));
let game: CragGame;

/** Forged states that look plausible: each must be refused invalid_state. */
function forged(s: CragState): Array<{ name: string; state: unknown }> {
  const copy = (): CragState => JSON.parse(JSON.stringify(s));
  const out: Array<{ name: string; state: unknown }> = [];
  const put = (name: string, edit: (t: CragState) => void) => {
    const t = copy();
    edit(t);
    out.push({ name, state: t });
  };
  put('stamina above the tank', (t) => {
    t.stamina = t.tank + 1;
  });
  put('score raised', (t) => {
    t.score += 100000;
  });
  put('pitch skipped', (t) => {
    t.pitch += 1;
  });
  put('climber on bare rock', (t) => {
    const r = t.band[t.row - t.band[0]!.row]!;
    r.cells[t.col] = null;
  });
  put('an extra jug on the wall', (t) => {
    for (const r of t.band) {
      if (r.fogged || r.row % 10 === 0) continue;
      const c = r.cells.indexOf(null);
      if (c >= 0) {
        r.cells[c] = { kind: 'jug', breaths: 2, cracks: 0, ice: 'dry' };
        return;
      }
    }
    t.stamina = -1;
  });
  put('fog lifted by hand', (t) => {
    const r = t.band[t.band.length - 1]!;
    r.fogged = !r.fogged;
  });
  put('gust schedule changed', (t) => {
    t.gusts.next = t.gusts.next.length ? [] : [0];
  });
  put('rockfall moved', (t) => {
    t.rockfall.next = t.rockfall.next === 0 ? 1 : 0;
  });
  put('band shifted', (t) => {
    for (const r of t.band) r.row += 1;
  });
  put('high point raised', (t) => {
    t.highPoint += 1;
  });
  put('dipped flag cleared at low stamina', (t) => {
    t.stamina = Math.min(t.stamina, 3);
    t.pitchDipped = false;
  });
  put('ledge hold cracked', (t) => {
    const r = t.band.find((x) => x.row % 10 === 0 && !x.fogged);
    if (r) r.cells[0] = { kind: 'jug', breaths: 0, cracks: 2, ice: 'dry' };
    else t.turn = -1;
  });
  return out;
}

/**
 * Every field whose change in a turn-0 state no play reaches (each must be refused naming it): the scalars,
 * and each band row's number, overhang and fog flag.
 */
const BAND_FIELDS = Array.from({ length: 10 }, (_, i) => [`band.${i}.row`, `band.${i}.overhang`, `band.${i}.fogged`]).flat();
const MUTATION_FIELDS = [
  'seed',
  'turn',
  'row',
  'col',
  'stamina',
  'tank',
  'pitch',
  'highPoint',
  'score',
  'cleanStreak',
  'pitchDipped',
  'spindrift',
  ...BAND_FIELDS,
];

runConformance({
  label: 'cragwake (wasm kernel)',
  canonicalOrder: true,
  load: async () => {
    game = (await gameModule.load()) as CragGame;
    return game;
  },
  seeds: MUTATE ? 20 : 200,
  ...(MUTATE ? { probeStates: 30 } : {}),
  maxTurns: MUTATE ? 200 : 400,
  extraFields: 'ignored',
  invariants: (prev: CragState, action: CragAction, next: CragState) => cragInvariants(game, wall, prev, action, next),
  goldenDir: fileURLToPath(new URL('../golden', import.meta.url)),
  forgedStates: forged,
  mutation: { fields: MUTATION_FIELDS, count: MUTATE ? 2_000 : 20_000 },
  policySeeds: MUTATE ? 1 : 3,
});

// The JavaScript build runs the same src/ as the WASM one (a mutant of src/ changes both alike): not in mutation runs.
if (!MUTATE)
  runConformance({
    label: 'cragwake (JavaScript build of the kernel)',
    canonicalOrder: true,
    load: () => gameModule.load({ kernel: 'js' }),
    seeds: 40,
    maxTurns: 200,
    extraFields: 'ignored',
    forgedStates: forged,
  });
