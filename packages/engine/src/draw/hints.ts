// The hint lines under a terminal board: "key label" items laid out in columns.
import { HINT_LINES } from './terminal-board.ts';
import { fit, type Style } from './text.ts';

/** Lays out `items` ("key label") in columns across up to `lines` lines of `width`. */
export function hintGrid(items: string[], style: Style, width: number, lines = HINT_LINES): string[] {
  if (items.length === 0) return [];
  const cell = Math.min(width, Math.max(...items.map((i) => i.length)) + 2);
  const perLine = Math.max(1, Math.floor(width / cell));
  const out: string[] = [];
  for (let i = 0; i < items.length && out.length < lines; i += perLine) {
    out.push(
      items
        .slice(i, i + perLine)
        .map((item) => {
          const [k, ...rest] = item.split(' ');
          return fit(`${style.bold(style.fg('cyan', k ?? ''))} ${rest.join(' ')}`, cell);
        })
        .join(''),
    );
  }
  if (items.length > perLine * lines && out.length > 0) out[out.length - 1] += style.dim(' …');
  return out;
}
