// A board's legend: "glyph label" items flowed onto as few lines as the board's width allows, in the rows left
// under the board (short labels when the long ones do not fit; the help screen always has the full legend).
import type { LookKind } from '../look.ts';
import { type Style, visibleWidth } from './text.ts';

/** One kind of thing as the legend draws it: the game's own table entry (spec.look.kinds). */
export type Kind = Pick<LookKind, 'glyph' | 'colour' | 'label' | 'short'>;

export function flow(items: readonly string[], width: number): string[] {
  const out: string[] = [''];
  for (const item of items) {
    const last = out[out.length - 1]!;
    if (last && visibleWidth(last) + 1 + visibleWidth(item) > width) out.push(item);
    else out[out.length - 1] = last ? `${last} ${item}` : item;
  }
  return out;
}

/** The legend in at most `rows` lines of `width`: long labels when they fit, else short ones. */
export function legendBlock(kinds: readonly Kind[], style: Style, width: number, rows: number, gap = ''): string[] {
  const draw = (short: boolean) =>
    flow(
      kinds.map((k) => `${style.fg(k.colour, k.glyph, true)}${gap}${short ? (k.short ?? k.label) : k.label}`),
      width,
    );
  const full = draw(false);
  if (full.length <= rows) return full;
  return draw(true).slice(0, Math.max(0, rows));
}
