// No app source names a game's own numbers (the real games and the test-only ones): the boards read geometry, kinds and labels from spec.look and the
// observation (each game's src/look.ts), so a game changes its board by changing its package alone.
// Two checks: (1) no identifier a game package exports in UPPER_CASE, or that its look.ts imports (the constants
// its geometry is built from), appears in any apps/*/src file; (2) no app file is named after a game: what a game
// draws of its own lives in its package (src/draw/), reached through the registry's drawing list.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@hearth/games/testing';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|mjs|js)$/.test(name) && !path.includes('generated') ? [path] : [];
  });
}

/** Source without comments (a comment may explain a number; code may not hold it). */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const appFiles = readdirSync(join(root, 'apps')).flatMap((app) => {
  try {
    return filesUnder(join(root, 'apps', app, 'src'));
  } catch {
    return [];
  }
});

/** A game package's own constant names: its UPPER_CASE exports and what its look is built from. */
function constantsOf(slug: string): string[] {
  const src = join(root, 'packages', slug, 'src');
  const names = new Set<string>();
  const index = readFileSync(join(src, 'index.ts'), 'utf8');
  for (const m of index.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g))
    for (const part of (m[1] as string).split(',')) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '';
      if (/^[A-Z][A-Z0-9_]+$/.test(name)) names.add(name);
    }
  for (const m of index.matchAll(/export const ([A-Z][A-Z0-9_]+)/g)) names.add(m[1] as string);
  let look = '';
  try {
    look = readFileSync(join(src, 'look.ts'), 'utf8');
  } catch {
    return [...names];
  }
  for (const m of look.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.{1,2}\/[^']*'/g))
    for (const part of (m[1] as string).split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (/^[A-Z][A-Z0-9_]+$/.test(name)) names.add(name);
    }
  return [...names];
}

describe('apps read each game’s numbers from the game', () => {
  it('scans the apps’ sources', () => {
    expect(appFiles.length).toBeGreaterThan(20);
  });

  for (const slug of registry.slugs) {
    it(`${slug}: no app source names one of its constants`, () => {
      const names = constantsOf(slug);
      const found: string[] = [];
      for (const file of appFiles) {
        const text = code(file);
        for (const name of names) if (new RegExp(`\\b${name}\\b`).test(text)) found.push(`${relative(root, file)}: ${name}`);
      }
      expect(found).toEqual([]);
    });
  }

  it('no app file is named after a game: each game’s drawing lives in its package (src/draw/)', () => {
    const appTree = readdirSync(join(root, 'apps')).flatMap((app) =>
      ['src', 'test'].flatMap((dir) => {
        try {
          return filesUnder(join(root, 'apps', app, dir));
        } catch {
          return [];
        }
      }),
    );
    expect(appTree.length).toBeGreaterThan(40);
    const named = appTree.filter((p) => registry.slugs.some((slug) => relative(root, p).split('/').pop()?.includes(slug)));
    expect(named.map((p) => relative(root, p))).toEqual([]);
  });

  it('would see a copied constant (the check can fail)', () => {
    const names = constantsOf('stormlark');
    expect(names).toEqual(expect.arrayContaining(['LANES', 'COLS']));
    expect(new RegExp(`\\b${names[0]}\\b`).test(`const ${names[0]} = 7;`)).toBe(true);
  });
});

describe('app copy counts no games', () => {
  it('no app source, README or doc says how many games there are (a new game would make it false)', () => {
    const docs = ['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'clients/python/README.md']
      .map((p) => join(root, p))
      .concat(readdirSync(join(root, 'apps')).map((app) => join(root, 'apps', app, 'README.md')))
      .filter((p) => {
        try {
          return statSync(p).isFile();
        } catch {
          return false;
        }
      });
    const count = /\b(four|five|4|5)\s+(hearth\s+|daily\s+|turn-based\s+|score-attack\s+)*games\b/i;
    const offenders = [...appFiles, ...docs].filter((p) => count.test(readFileSync(p, 'utf8'))).map((p) => relative(root, p));
    expect(offenders).toEqual([]);
  });
});
