// The geometry and the word wrap: 80x24 is the minimum, wider terminals give both sides room, a wrapped line
// never cuts a word that fits, styles carry over a break, and a long message pushes hints aside, not itself.
import { describe, expect, it } from 'vitest';
import { composeBottom, layoutFor, wrapStyled } from '../src/tui/layout.ts';
import { createStyle, stripAnsi, visibleWidth } from '../src/tui/style.ts';

describe('layout', () => {
  it('80x24 at least; the panel takes 28 columns at 80 and 40% of the rest, the board the remainder', () => {
    expect(layoutFor({ width: 80, height: 24 })).toMatchObject({ boardWidth: 50, panelWidth: 28, bodyHeight: 17 });
    expect(layoutFor({ width: 60, height: 10 })).toMatchObject({ width: 80, height: 24 });
    const wide = layoutFor({ width: 120, height: 40 });
    expect(wide).toMatchObject({ panelWidth: 44, boardWidth: 74, bodyHeight: 33 });
    expect(wide.boardWidth + wide.panelWidth + 2).toBe(120);
  });

  it('wraps at word boundaries with a hanging indent, and cuts only a word longer than the line', () => {
    expect(wrapStyled('At the belay: climb on (c) or end the run (E)', 28, '  ')).toEqual([
      'At the belay: climb on (c)',
      '  or end the run (E)',
    ]);
    expect(wrapStyled('short', 28)).toEqual(['short']);
    expect(wrapStyled('a bbbbbbbbbbbb', 5)).toEqual(['a', 'bbbbb', 'bbbbb', 'bb']);
  });

  it('a style open across a break is closed at the end of the line and reopened on the next', () => {
    const style = createStyle(true);
    const lines = wrapStyled(style.fg('green', 'Sunset! n: next day, E: end the run', true), 20);
    expect(lines.map(stripAnsi)).toEqual(['Sunset! n: next day,', 'E: end the run']);
    expect(lines[0]!.endsWith('\x1b[0m')).toBe(true);
    expect(lines[1]!.startsWith('\x1b[92m')).toBe(true);
    for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(20);
  });

  it('the bottom block: hints, then the message wrapped; a long message takes hint lines, never the reverse', () => {
    const layout = layoutFor();
    expect(composeBottom(['h1', 'h2', 'h3'], 'msg', layout)).toEqual(['h1', 'h2', 'h3', 'msg']);
    const long = `Refused (cost_exceeds_stamina): ${'word '.repeat(30).trim()}`;
    const out = composeBottom(['h1', 'h2', 'h3'], long, layout);
    expect(out).toHaveLength(4);
    expect(out[0]).toBe('h1');
    expect(out.slice(1).join(' ')).toBe(long);
  });
});
