// The layouts are part of the game: the generator must produce, bit for bit, the layouts recorded in
// test/fixtures/layout-hashes.txt (written by scripts/record-layout-hashes.ts with the generator as it was before
// it was made faster, issue 14) for seeds 1..1000 x waves 1..8 and every golden replay's seed.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FlightSim } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { LAYOUT_HASH_SEEDS, layoutHash } from './layout-hash.ts';

const recorded = new Map<number, string[]>();
for (const line of readFileSync(new URL('./fixtures/layout-hashes.txt', import.meta.url), 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const [seed, ...hashes] = line.split(' ');
  recorded.set(Number(seed), hashes);
}

let sim: FlightSim;
let js: FlightSim;
beforeAll(async () => {
  sim = new FlightSim(await loadKernel('wasm'));
  js = new FlightSim(await loadKernel('js'));
});

describe('layouts are unchanged', () => {
  it('the fixture covers every seed it should', () => {
    expect([...recorded.keys()]).toEqual(LAYOUT_HASH_SEEDS);
    for (const h of recorded.values()) expect(h).toHaveLength(8);
  });

  it(`${LAYOUT_HASH_SEEDS.length} seeds x 8 waves give the recorded layouts`, () => {
    const changed: string[] = [];
    for (const seed of LAYOUT_HASH_SEEDS)
      for (let wave = 1; wave <= 8; wave++)
        if (layoutHash(generateLayout(seed, wave, sim).layout) !== recorded.get(seed)![wave - 1]) changed.push(`seed ${seed} wave ${wave}`);
    expect(changed).toEqual([]);
  }, 600_000);

  it('the JavaScript kernel build gives the same layouts (seeds 1..60 x 8 waves)', () => {
    const changed: string[] = [];
    for (const seed of LAYOUT_HASH_SEEDS.slice(0, 60))
      for (let wave = 1; wave <= 8; wave++)
        if (layoutHash(generateLayout(seed, wave, js).layout) !== recorded.get(seed)![wave - 1]) changed.push(`seed ${seed} wave ${wave}`);
    expect(changed).toEqual([]);
  }, 600_000);
});
