// Colour and text attributes as plain ANSI SGR codes. With colour off (NO_COLOR, --no-color, tests)
// every function returns its text untouched, so a frame is readable as plain text.

import type { Colour, Style } from '@hearth/engine/terminal';

export { type Colour, fit, type Style, splitVisible, stripAnsi, truncate, visibleWidth, wrap } from '@hearth/engine/terminal';

const FG: Record<Colour, number> = { black: 30, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, white: 37, gray: 90 };

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
