// Colour and text attributes as plain ANSI SGR codes. With colour off (NO_COLOR, --no-color, tests)
// every function returns its text untouched, so a frame is readable as plain text.

export type Colour = 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white' | 'gray';

const FG: Record<Colour, number> = { black: 30, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, white: 37, gray: 90 };

export interface Style {
  readonly colour: boolean;
  fg(colour: Colour, text: string, bright?: boolean): string;
  bg(colour: Colour, text: string): string;
  bold(text: string): string;
  dim(text: string): string;
  inverse(text: string): string;
}

export function createStyle(colour: boolean): Style {
  const wrap = (open: string, text: string) => (colour && text.length > 0 ? `\x1b[${open}m${text}\x1b[0m` : text);
  return {
    colour,
    fg: (c, text, bright = false) => wrap(String(bright && c !== 'gray' ? FG[c] + 60 : FG[c]), text),
    bg: (c, text) => wrap(String(c === 'gray' ? 100 : FG[c] + 10), text),
    bold: (text) => wrap('1', text),
    dim: (text) => wrap('2', text),
    inverse: (text) => wrap('7', text),
  };
}

/** NO_COLOR (https://no-color.org): any non-empty value turns colour off. */
export function colourWanted(env: NodeJS.ProcessEnv, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  const noColor = env.NO_COLOR;
  return !(noColor !== undefined && noColor !== '');
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
