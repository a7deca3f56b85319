// Records a hash of every layout for seeds 1..1000 x waves 1..8 plus the golden seeds, with the generator as it
// is when run. Written once, before the generator was made faster (issue 14), so that test/layout-hashes.test.ts
// holds the new generator to bit-identical layouts: the layouts are part of the game.
// Usage: tsx scripts/record-layout-hashes.ts > test/fixtures/layout-hashes.txt
import { FlightSim } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';
import { LAYOUT_HASH_SEEDS, layoutHash } from '../test/layout-hash.ts';

const sim = new FlightSim(await loadKernel('wasm'));
console.log('# seed: sha256(JSON.stringify(layout)) first 12 hex digits, waves 1..8');
for (const seed of LAYOUT_HASH_SEEDS) {
  const hashes: string[] = [];
  for (let wave = 1; wave <= 8; wave++) hashes.push(layoutHash(generateLayout(seed, wave, sim).layout));
  console.log(`${seed} ${hashes.join(' ')}`);
}
