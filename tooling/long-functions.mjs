// Lists the functions longer than a limit, from the TypeScript compiler's own syntax tree (not a regular
// expression): every function declaration, method, accessor, constructor, function expression and arrow function
// in the tracked TypeScript source, measured from its first line to its last. A function nested in a long one is
// counted on its own too.
//
//   node tooling/long-functions.mjs [--over N] [--tests] [--fail] [dir ...]
//
// Default: over 100 lines, in apps/ packages/ tooling/, leaving out tests (test/, *.test.ts, *.bench.ts, bench/),
// generated files (src/generated/, dist/) and node_modules. --tests counts them too; --fail exits 1 when any
// function is over the limit (CI: `--over 150 --fail`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const overAt = args.indexOf('--over');
const over = overAt >= 0 ? Number(args[overAt + 1]) : 100;
const dirs = args.filter((a, i) => !a.startsWith('--') && (overAt < 0 || i !== overAt + 1));
const roots = dirs.length > 0 ? dirs : ['apps', 'packages', 'tooling'];

const TEST = /(^|\/)(test|tests|bench|__tests__)\/|\.(test|bench|spec)\.[cm]?tsx?$/;
const SKIP = /(^|\/)(node_modules|dist|generated)\//;

/** The tracked (and untracked, not ignored) TypeScript files under the roots. */
function sourceFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...roots], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\n'))].filter(
    (f) => /\.[cm]?tsx?$/.test(f) && !f.endsWith('.d.ts') && !SKIP.test(f) && (flag('--tests') || !TEST.test(f)),
  );
}

function nameOf(node, file) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(file).slice(0, 40);
    return `(callback of ${callee})`;
  }
  return '(anonymous)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node);

const found = [];
let functions = 0;
for (const path of sourceFiles()) {
  const text = readFileSync(resolve(root, path), 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      functions++;
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const last = file.getLineAndCharacterOfPosition(node.end).line + 1;
      const lines = last - first + 1;
      if (lines > over) found.push({ path, line: first, name: nameOf(node, file), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.path}:${f.line}`);
console.log(
  `${found.length} function(s) over ${over} lines, of ${functions} in ${roots.join(' ')}${flag('--tests') ? ' (tests included)' : ''}`,
);
if (flag('--fail') && found.length > 0) {
  console.error(
    `long-functions: ${found.length} function(s) over ${over} lines: split each into named steps that read top-down (CONTRIBUTING.md, Commands)`,
  );
  process.exit(1);
}
