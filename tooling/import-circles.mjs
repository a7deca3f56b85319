// Lists the import circles (files that import each other in a loop, type-only imports included) and the imports of
// one app by another (an app is an executable: what two apps share belongs in a package) among the tracked
// TypeScript source, from the TypeScript compiler's own reading of each file's imports and re-exports. Relative
// specifiers resolve to files; `@hearth/*` specifiers resolve through the workspace packages' `exports`, so a loop
// that runs through another package is found too.
//
//   node tooling/import-circles.mjs [--tests] [--fail] [dir ...]
//
// Default: apps/ packages/ tooling/, leaving out tests, benches, generated files and node_modules; --fail exits 1
// when there is a circle or an app imports another (`pnpm lint` runs it so).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const dirs = args.filter((a) => !a.startsWith('--'));
const roots = dirs.length > 0 ? dirs : ['apps', 'packages', 'tooling'];

const TEST = /(^|\/)(test|tests|bench|__tests__)\/|\.(test|bench|spec)\.[cm]?tsx?$/;
const SKIP = /(^|\/)(node_modules|dist|generated)\//;
const SOURCE = /\.[cm]?tsx?$/;

const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...roots], {
  cwd: root,
  encoding: 'utf8',
});
// A file in a merge conflict is listed once per stage: take each once.
const files = [...new Set(listed.split('\n'))].filter(
  (f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !SKIP.test(f) && (flag('--tests') || !TEST.test(f)),
);
const known = new Set(files);

/** `@hearth/name` and `@hearth/name/sub` -> the file its package's exports name. */
const packages = new Map();
for (const dir of ['apps', 'packages']) {
  for (const pkgJson of execFileSync('git', ['ls-files', '--', `${dir}/*/package.json`], { cwd: root, encoding: 'utf8' }).split('\n')) {
    if (!pkgJson) continue;
    const pkg = JSON.parse(readFileSync(join(root, pkgJson), 'utf8'));
    const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
    for (const [sub, target] of Object.entries(exports)) {
      const file = typeof target === 'string' ? target : (target.import ?? target.default);
      if (typeof file === 'string') packages.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`, join(dirname(pkgJson), file));
    }
  }
}

function resolveSpecifier(from, spec) {
  if (spec.startsWith('.')) {
    const base = join(dirname(from), spec);
    for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
      if (known.has(candidate)) return candidate;
    }
    return null;
  }
  const target = packages.get(spec);
  return target && known.has(target) ? target : null;
}

const edges = new Map();
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  const out = new Set();
  for (const ref of info.importedFiles) {
    const to = resolveSpecifier(file, ref.fileName);
    if (to && to !== file) out.add(to);
  }
  edges.set(file, out);
}

// Tarjan's strongly connected components: every component of two or more files is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const file of files) if (!state.has(file)) connect(file);

for (const circle of circles) {
  console.log(`circle of ${circle.length} files:`);
  for (const file of circle) {
    const inside = [...(edges.get(file) ?? [])].filter((to) => circle.includes(to));
    console.log(`  ${file} -> ${inside.map((to) => relative(dirname(file), to)).join(', ')}`);
  }
}
// An app importing another app (by package or by path).
const appOf = (file) => /^apps\/([^/]+)\//.exec(file)?.[1] ?? null;
const crossing = [];
for (const [from, tos] of edges) {
  const app = appOf(from);
  if (app === null) continue;
  for (const to of tos) if (appOf(to) !== null && appOf(to) !== app) crossing.push(`${from} -> ${to}`);
}
for (const line of crossing) console.log(`an app imports another: ${line}`);
console.log(`${crossing.length} import(s) of one app by another`);
console.log(
  `${circles.length} import circle(s) among ${files.length} files in ${roots.join(' ')}${flag('--tests') ? ' (tests included)' : ''}`,
);
if (flag('--fail') && (circles.length > 0 || crossing.length > 0)) process.exit(1);
