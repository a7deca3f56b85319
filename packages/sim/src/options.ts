// The hint both command lines (hearth and hearth sim) give for a misspelled flag: node:util parseArgs refuses it
// in strict mode, and this names the nearest known option.

/** "unknown option --max-turn; did you mean --max-turns?" (or the list of options when nothing is close). */
export function unknownOption(arg: string, known: readonly string[]): string {
  const name = arg.replace(/^-+/, '');
  const near = known
    .map((k) => ({ k, d: k.startsWith(name) || name.startsWith(k) ? 1 : editDistance(name, k) }))
    .sort((a, b) => a.d - b.d)[0];
  if (near && near.d <= Math.max(2, Math.floor(name.length / 3))) return `unknown option ${arg}; did you mean --${near.k}?`;
  return known.length > 0 ? `unknown option ${arg}; options: ${known.map((k) => `--${k}`).join(' ')}` : `unknown option ${arg}`;
}

/** Levenshtein distance (small strings: option names). */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}
