// Sums vitest's per-package "Tests  N passed | M failed" lines from a turbo log into one closing line.
import { readFileSync } from 'node:fs';

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const log = readFileSync(process.argv[2], 'utf8').replace(ansi, '');
let passed = 0;
let failed = 0;
let skipped = 0;
let files = 0;
for (const line of log.split('\n')) {
  const m = line.match(/^\S*\s*Tests\s+(.*)\(\d+\)\s*$/);
  if (!m) continue;
  files++;
  for (const part of m[1].split('|')) {
    const n = Number.parseInt(part, 10);
    if (/passed/.test(part)) passed += n;
    else if (/failed/.test(part)) failed += n;
    else if (/skipped|todo/.test(part)) skipped += n;
  }
}
console.log(`\nvitest summaries found: ${files} packages`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
