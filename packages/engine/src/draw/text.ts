// Terminal text as plain strings: the colour names and the Style a terminal drawing is handed (the CLI makes one
// from ANSI SGR codes; with colour off every function returns its text untouched), and the measuring, cutting and
// wrapping of styled lines. Pure: no TTY, no process.

export type Colour = 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white' | 'gray';

export interface Style {
  readonly colour: boolean;
  fg(colour: Colour, text: string, bright?: boolean): string;
  bg(colour: Colour, text: string): string;
  bold(text: string): string;
  dim(text: string): string;
  inverse(text: string): string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ANSI_AT = /\x1b\[[0-9;?]*[A-Za-z]/y;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Columns a string occupies. Renderers use only single-width characters (box drawing, blocks, symbols). */
export function visibleWidth(text: string): number {
  let n = 0;
  for (const _ of stripAnsi(text)) n++;
  return n;
}

/** Cuts a styled string to `width` visible columns, keeping escapes intact and closing any open style. */
export function truncate(text: string, width: number): string {
  if (visibleWidth(text) <= width) return text;
  const [out] = splitVisible(text, width);
  return out.includes('\x1b[') ? `${out}\x1b[0m` : out;
}

/** The first `n` visible characters of a styled string (escapes kept with them) and the rest. */
export function splitVisible(text: string, n: number): [string, string] {
  let i = 0;
  let seen = 0;
  while (i < text.length && seen < n) {
    if (text[i] === '\x1b') {
      ANSI_AT.lastIndex = i;
      const m = ANSI_AT.exec(text);
      if (m) {
        i += m[0].length;
        continue;
      }
    }
    i += String.fromCodePoint(text.codePointAt(i)!).length;
    seen++;
  }
  return [text.slice(0, i), text.slice(i)];
}

/** Pads (or cuts) to exactly `width` visible columns. */
export function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - visibleWidth(cut)));
}

/** Word wrap of plain text to `width` columns; keeps blank lines as paragraph breaks. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (paragraph.trim() === '') {
      out.push('');
      continue;
    }
    const indent = /^\s*/.exec(paragraph)![0];
    let line = '';
    for (const word of paragraph.trim().split(/\s+/)) {
      if (line.length === 0) line = indent + word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        out.push(line);
        line = indent + word;
      }
      while (line.length > width) {
        out.push(line.slice(0, width));
        line = line.slice(width);
      }
    }
    out.push(line);
  }
  return out;
}
