// Prints the play screen of each fixture position at a terminal size, without colour (for reading, and for
// the captures in reports): npx tsx scripts/screens.ts [WIDTHxHEIGHT] [slug...]
import { readdirSync, readFileSync } from 'node:fs';
import { controllerFor } from '../src/render/index.ts';
import { PlayApp } from '../src/tui/play-app.ts';
import { createStyle } from '../src/tui/style.ts';
import type { StateFixture } from '../test/fixtures/capture.ts';
import { frozenSession } from '../test/helpers/frozen-session.ts';

const [size = '80x24', ...only] = process.argv.slice(2);
const [width, height] = size.split('x').map(Number) as [number, number];
const dir = new URL('../test/fixtures/states/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const f: StateFixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  if (only.length > 0 && !only.includes(f.slug)) continue;
  const app = new PlayApp({
    session: frozenSession(f.spec, f.seed, f.response),
    controller: controllerFor(f.slug),
    style: createStyle(false),
  });
  process.stdout.write(`${app.frame({ width, height }).join('\n')}\n\n`);
}
