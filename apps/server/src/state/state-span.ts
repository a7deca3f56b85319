/**
 * Where a top-level member's value lies in a JSON text, so a seal can be checked over the bytes exactly as
 * the client sent them (no second JSON.stringify, and no way for a value that parses differently from how
 * it serialises, such as 1e400, to slip past). Call it only on text JSON.parse has accepted: it assumes
 * valid JSON and does no validation of its own. Like JSON.parse, the last of duplicate keys wins.
 */
export function memberSpan(text: string, key: string): { start: number; end: number } | null {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 123 /* { */) return null;
  i = skipSpace(text, i + 1);
  let found: { start: number; end: number } | null = null;
  while (i < text.length && text.charCodeAt(i) !== 125 /* } */) {
    const keyEnd = stringEnd(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    // An escaped key ("st\u0061te") is the same key to JSON.parse.
    const name = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    i = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, i);
    if (name === key) found = { start: i, end };
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === 44 /* , */) i = skipSpace(text, i + 1);
  }
  return found;
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
    i++;
  }
}

/** Index just past the string that opens at `i` (its closing quote included). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = text.charCodeAt(j);
    if (c === 34 /* " */) return j + 1;
    if (c === 92 /* \ */) j++;
    if (Number.isNaN(c)) return text.length;
  }
}

/** Index just past the value that starts at `i`. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 34) return stringEnd(text, i);
  if (first !== 123 && first !== 91 /* [ */) {
    // A number or a literal: runs to the next delimiter.
    let j = i;
    for (;;) {
      const c = text.charCodeAt(j);
      if (c === 44 || c === 125 || c === 93 || c === 32 || c === 10 || c === 13 || c === 9 || Number.isNaN(c)) return j;
      j++;
    }
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) j = stringEnd(text, j) - 1;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return text.length;
}
