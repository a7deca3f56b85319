// What `pnpm mutate` reads from a game's README: the "Rule-bearing files" section lists, one `- \`src/...\`` item
// each, the files a mutation run mutates (and mutation.json must cover), and a line starting "Left out of mutation
// runs" names, as `test/...` paths, the test files the run does not execute (each with its reason in the README).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECTION = '## Rule-bearing files';

/** @returns {{ files: string[], skipTests: string[] } | null} null when the README has no such section. */
export function ruleBearing(readme) {
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) return null;
  const rest = readme.slice(start + SECTION.length + 2);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const files = [];
  const skipTests = [];
  for (const line of section.split('\n')) {
    const item = /^- `(src\/[^`]+)`/.exec(line);
    if (item) files.push(item[1]);
  }
  const left = /(?:^|\n)Left out of mutation runs[\s\S]*?(?:\n\n|$)/.exec(section);
  if (left) for (const m of left[0].matchAll(/`(test\/[^`]+)`/g)) skipTests.push(m[1]);
  return { files, skipTests };
}

/** slug -> { dir, files, skipTests } for every packages/<slug> whose README has the section, in directory order. */
export function gamesWithRules(root) {
  const out = new Map();
  const packages = join(root, 'packages');
  for (const slug of readdirSync(packages).sort()) {
    const readme = join(packages, slug, 'README.md');
    if (!existsSync(readme)) continue;
    const list = ruleBearing(readFileSync(readme, 'utf8'));
    if (list) out.set(slug, { dir: join(packages, slug), ...list });
  }
  return out;
}
