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

/** The problems with one game's summary against the files its README names (empty when it passes). */
export function problems(summary, files) {
  const out = [];
  if (!summary || typeof summary !== 'object') return ['no mutation.json (run pnpm mutate <slug>)'];
  if (!/^[0-9a-f]{40}$/.test(summary.commit ?? '')) out.push(`commit ${JSON.stringify(summary.commit)} is not a commit hash`);
  if (typeof summary.command !== 'string' || !summary.command.startsWith('pnpm mutate')) out.push('command is not a pnpm mutate command');
  for (const file of files) {
    const f = summary.files?.[file];
    // Not measured yet, or a run stopped by its budget: progress() reports it; the check holds what was measured.
    if (!f || f.untested > 0) continue;
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
    if (!(f.score >= FLOOR)) out.push(`${file}: score ${f.score} is under ${FLOOR}`);
    const listed = [...EXPLAINED, 'unexplained'].reduce((n, k) => n + (Array.isArray(f[k]) ? f[k].length : Number.NaN), 0);
    if (listed !== f.survived + f.noCoverage) {
      out.push(`${file}: ${f.survived + f.noCoverage} survivors (survived + noCoverage) but ${listed} listed`);
    }
    if (f.unexplained?.length > 0) {
      const where = f.unexplained.map((m) => `${m.line} ${m.mutator}`).join(', ');
      out.push(`${file}: ${f.unexplained.length} survivors without a why (lines ${where})`);
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

/** The README's files a summary has not measured to the end (absent, or left untested by a run's budget). */
export function unfinished(summary, files) {
  return files.filter((file) => !summary?.files?.[file] || summary.files[file].untested > 0);
}

/**
 * slug -> { problems, unfinished } (problems null: no mutation.json committed yet), for every game whose README has a
 * "Rule-bearing files" section. Every file a committed summary measured to the end must pass; files not measured yet
 * are listed as unfinished (the game's measurement is in progress, which --check reports without failing).
 */
export function checkAll(root) {
  const out = new Map();
  for (const [slug, { dir, files }] of gamesWithRules(root)) {
    const path = join(dir, 'mutation.json');
    let summary = null;
    if (existsSync(path)) {
      try {
        summary = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        out.set(slug, { problems: [`mutation.json does not parse: ${error.message}`], unfinished: [] });
        continue;
      }
    }
    const none = files.length === 0 ? ['the README section lists no src/ file'] : [];
    out.set(slug, {
      problems: summary === null ? (none.length > 0 ? none : null) : [...none, ...problems(summary, files)],
      unfinished: unfinished(summary, files),
    });
  }
  return out;
}
