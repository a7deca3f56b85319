// Writes test/fixtures/states/<slug>.json for every registered game (see test/fixtures/capture.ts).
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games';
import { capture, writeFixture } from '../test/fixtures/capture.ts';

const dir = fileURLToPath(new URL('../test/fixtures/states', import.meta.url));
const only = process.argv.slice(2);
for (const game of await registry.loadAll()) {
  if (only.length > 0 && !only.includes(game.slug)) continue;
  writeFixture(dir, capture(game));
  console.log(`captured ${game.slug}`);
}
