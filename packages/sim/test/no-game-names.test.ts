// The simulator knows no game by name: every bot, headline figure and action-space detail of a game comes to it
// through the engine contract (game.policies, rules.stats, rules.relativeActions), so a new game runs through the
// simulator without a change here. This fails if any file under src/ (code or comment) names a registered game,
// the test-only ones included: its slug, its display name, the slug's camelCase or its package (@hearth/<slug>).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games/testing';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The ways a source file could name a game: `lantern-volley`, `lanternVolley`, `lanternvolley`, `Lantern Volley`. */
function namesOf(slug: string, name: string): string[] {
  const camel = slug.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return [...new Set([slug, camel, slug.replaceAll('-', ''), name])];
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the simulator names no game', () => {
  const files = filesUnder(src);

  it('reads every file under src/', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(registry.slugs.length).toBeGreaterThanOrEqual(5);
  });

  for (const slug of registry.slugs) {
    it(`no file under src/ names ${slug}`, async () => {
      const game = await registry.load(slug);
      if (!game) throw new Error(`the test registry has no ${slug}`);
      const pattern = new RegExp(namesOf(slug, game.name).map(literal).join('|'), 'i');
      const hits = files.flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${relative(src, path)}:${i + 1}: ${line.trim()}`] : [])),
      );
      expect(hits).toEqual([]);
    });
  }
});
