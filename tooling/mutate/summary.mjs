// packages/<slug>/mutation.json: what a mutation run measured, per rule-bearing file, and the check CI runs on it.
//
// { commit, command, stryker, files: { "src/rules.ts": { commit, mutants, killed, timedOut, survived, noCoverage,
//   errors, score, seconds, loadAverage, equivalent: [...], prose: [...], unexplained: [...] } } }
//
// score = (killed + timedOut) / mutants, in percent, rounded down to two decimals (Stryker's mutation score: timeouts
// count as killed; a mutant that makes the module throw on load, `errors`, is not a mutant of the rules and is left
// out of `mutants`). Every surviving or uncovered mutant is listed once, as { line, mutator, code, replacement, why }:
// in `equivalent` (no test can tell it apart: the why says what makes it so), in `prose` (it changes only words a
// person reads, never a reason code, a number or a legal list an agent relies on), or, until someone explains it or
// kills it, in `unexplained` (no why). A rerun carries each why over to the same mutant (same mutator, code and
// replacement, nearest line).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gamesWithRules } from './readme.mjs';

export const FLOOR = 90;
export const EXPLAINED = ['equivalent', 'prose'];

/** Stryker's score in percent, rounded down to two decimals so 89.996 never shows as 90. */
export function score({ killed, timedOut, mutants }) {
  return mutants === 0 ? 100 : Math.floor(((killed + timedOut) / mutants) * 10_000) / 100;
}

/**
 * What is wrong with one game's summary as a record (empty when its counts, scores and lists are consistent); whether
 * each file reaches the floor is fileStatus's question.
 */
export function problems(summary, files) {
  const out = [];
  if (!summary || typeof summary !== 'object') return ['no mutation.json (run pnpm mutate <slug>)'];
  if (!/^[0-9a-f]{40}$/.test(summary.commit ?? '')) out.push(`commit ${JSON.stringify(summary.commit)} is not a commit hash`);
  if (typeof summary.command !== 'string' || !summary.command.startsWith('pnpm mutate')) out.push('command is not a pnpm mutate command');
  for (const file of files) {
    const f = summary.files?.[file];
    if (!f) continue;
    const counts = ['mutants', 'killed', 'timedOut', 'survived', 'noCoverage'];
    const bad = counts.filter((k) => !Number.isInteger(f[k]) || f[k] < 0);
    if (bad.length > 0) {
      out.push(`${file}: ${bad.join(', ')} not a count`);
      continue;
    }
    if (f.killed + f.timedOut + f.survived + f.noCoverage !== f.mutants) {
      out.push(
        `${file}: killed + timedOut + survived + noCoverage = ${f.killed + f.timedOut + f.survived + f.noCoverage}, not mutants ${f.mutants}`,
      );
    }
    if (f.score !== score(f)) out.push(`${file}: score ${f.score} is not ${score(f)}`);
    const listed = [...EXPLAINED, 'unexplained'].reduce((n, k) => n + (Array.isArray(f[k]) ? f[k].length : Number.NaN), 0);
    if (listed !== f.survived + f.noCoverage) {
      out.push(`${file}: ${f.survived + f.noCoverage} survivors (survived + noCoverage) but ${listed} listed`);
    }
    for (const kind of EXPLAINED) {
      for (const m of f[kind] ?? []) {
        if (typeof m.why !== 'string' || m.why.trim() === '') out.push(`${file}: the ${kind} survivor at line ${m.line} has no why`);
        if (!Number.isInteger(m.line) || typeof m.mutator !== 'string') out.push(`${file}: a ${kind} survivor lacks its line or mutator`);
      }
    }
  }
  return out;
}

/**
 * Where one README file stands: `ok` (measured to the end at the floor or above, every survivor explained), `below`
 * (measured to the end under the floor, or with survivors not explained yet), `partial` (a run stopped by its budget
 * left `untested` mutants), `stale` (the file differs from the commit it was measured at), `absent` (never measured).
 */
export function fileStatus(summary, file, changedSince) {
  const f = summary?.files?.[file];
  if (!f) return { file, status: 'absent' };
  const at = String(f.commit ?? summary.commit ?? '');
  const base = { file, score: f.score, mutants: f.mutants, commit: at };
  if (f.untested > 0) return { ...base, status: 'partial', untested: f.untested };
  if (at.endsWith('-dirty') || changedSince?.(at, file)) return { ...base, status: 'stale' };
  if (!(f.score >= FLOOR) || f.unexplained?.length > 0) return { ...base, status: 'below', unexplained: f.unexplained?.length ?? 0 };
  return { ...base, status: 'ok' };
}

/**
 * slug -> { problems, files } for every game whose README has a "Rule-bearing files" section: `files` is each README
 * file's fileStatus; `problems` is what is wrong with the committed summary itself (counts that do not add up, a score
 * that is not the counts', a survivor without its line or why, a file the README does not list, no commit): a summary
 * must never claim more than its counts. `changedSince(commit, path)` (optional) says whether a file differs from the
 * commit it was measured at (the package-relative path is resolved by the caller).
 */
export function checkAll(root, changedSince) {
  const out = new Map();
  for (const [slug, { dir, files }] of gamesWithRules(root)) {
    const path = join(dir, 'mutation.json');
    let summary = null;
    const problemsOf = [];
    if (existsSync(path)) {
      try {
        summary = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        problemsOf.push(`mutation.json does not parse: ${error.message}`);
      }
    }
    if (files.length === 0) problemsOf.push('the README section lists no src/ file');
    if (summary) {
      problemsOf.push(...problems(summary, files));
      for (const extra of Object.keys(summary.files ?? {}).filter((f) => !files.includes(f)))
        problemsOf.push(`${extra} is in mutation.json but not in the README's rule-bearing files`);
    }
    const changed = changedSince ? (commit, file) => changedSince(commit, join(dir, file)) : undefined;
    out.set(slug, { problems: problemsOf, files: files.map((file) => fileStatus(summary, file, changed)) });
  }
  return out;
}
