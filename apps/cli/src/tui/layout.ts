// The screen's geometry for a terminal size: 80x24 is the guaranteed minimum; a wider terminal gives the board
// and the panel more columns, a taller one more lines. Panel lines and messages are word-wrapped, never cut.
import type { Size } from '@hearth/engine/terminal';
import type { Style } from './style.ts';
import { fit, splitVisible, visibleWidth } from './style.ts';

export type { Size } from '@hearth/engine/terminal';

export interface Layout {
  /** The whole screen (at least 80x24). */
  width: number;
  height: number;
  /** Lines between the title bar and the rule above the hints. */
  bodyHeight: number;
  /** Columns of the board (left) and of the panel's text (right of ` │`). */
  boardWidth: number;
  panelWidth: number;
  /** Lines under the rule shared by the key hints and the message (the footer comes after). */
  bottomLines: number;
}

export const MIN_SIZE: Size = { width: 80, height: 24 };
/** Title bar, rule, footer: the chrome around the body and the bottom block. */
const CHROME = 3;
const BOTTOM = 4;

export function layoutFor(size: Size = MIN_SIZE): Layout {
  const width = Math.max(MIN_SIZE.width, Math.floor(size.width));
  const height = Math.max(MIN_SIZE.height, Math.floor(size.height));
  // The panel takes 28 columns at 80 and 40% of anything wider, up to 46: the rest is the board's.
  const panelWidth = Math.min(46, 28 + Math.floor((width - MIN_SIZE.width) * 0.4));
  return { width, height, bodyHeight: height - CHROME - BOTTOM, boardWidth: width - panelWidth - 2, panelWidth, bottomLines: BOTTOM };
}

/** Board and panel side by side, `bodyHeight` lines; panel lines are wrapped to the panel's width. */
export function composeBody(board: readonly string[], panel: readonly string[], layout: Layout, style: Style): string[] {
  const right = panel.flatMap((line) => wrapStyled(line, layout.panelWidth, '  '));
  const body: string[] = [];
  for (let i = 0; i < layout.bodyHeight; i++)
    body.push(`${fit(board[i] ?? '', layout.boardWidth)} ${style.dim('│')}${fit(right[i] ?? '', layout.panelWidth)}`);
  return body;
}

/** Hints first, then the message (wrapped); when both do not fit, the message wins and hints give way. */
export function composeBottom(hints: readonly string[], message: string, layout: Layout): string[] {
  const msg = message ? wrapStyled(message, layout.width) : [];
  const room = Math.max(0, layout.bottomLines - Math.max(1, msg.length));
  const out = [...hints.slice(0, room)];
  while (out.length < room) out.push('');
  out.push(...msg.slice(0, layout.bottomLines - out.length));
  while (out.length < layout.bottomLines) out.push('');
  return out;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: SGR escapes are what is tracked
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * Word wrap of a styled line to `width` columns. Styles carry over: a line ends with a reset when a style is
 * open and the next line reopens it. Only a word longer than a whole line is cut. `indent` starts
 * continuation lines (a hanging indent keeps wrapped panel items readable).
 */
export function wrapStyled(text: string, width: number, indent = ''): string[] {
  if (visibleWidth(text) <= width) return [text];
  const out: string[] = [];
  let open: string[] = [];
  const lead = /^ */.exec(text.replace(SGR, ''))![0];
  let line = lead;
  let lineWidth = lead.length;
  let fresh = true;
  const track = (word: string) => {
    for (const m of word.match(SGR) ?? []) open = m === '\x1b[0m' ? [] : [...open, m];
  };
  const newLine = () => {
    out.push(open.length > 0 ? `${line}\x1b[0m` : line);
    line = indent + open.join('');
    lineWidth = indent.length;
    fresh = true;
  };
  for (let word of text.split(' ')) {
    if (word === '') continue;
    let w = visibleWidth(word);
    if (w === 0) {
      line += word; // escapes alone stick to what came before
      track(word);
      continue;
    }
    if (!fresh && lineWidth + 1 + w > width) newLine();
    while (lineWidth + w > width) {
      const [head, tail] = splitVisible(word, Math.max(1, width - lineWidth));
      line += fresh ? head : ` ${head}`;
      track(head);
      word = tail;
      w = visibleWidth(tail);
      newLine();
    }
    if (w === 0) continue;
    line += fresh ? word : ` ${word}`;
    lineWidth += (fresh ? 0 : 1) + w;
    fresh = false;
    track(word);
  }
  if (!fresh) out.push(open.length > 0 ? `${line}\x1b[0m` : line);
  return out;
}
