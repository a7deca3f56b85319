import { describe, expect, it } from 'vitest';
import { bandTiles, lightFromText, sunloafRenderer } from '../src/render/sunloaf.ts';
import { actsIn, viewOf } from './view.ts';

// A picture in the engine's format: a header line, then ` r  ` and seven two-character cells per row.
const text = [
  'Sunloaf day 1',
  '    0  1  2  3  4  5  6 ',
  ...[0, 1, 2, 3, 4, 5, 6].map((r) => ` ${r}  ${['. ', '.*', '##', '0*', 'H~', 'm ', '1 '].join(' ')}`),
].join('\n');
const observation = {
  text,
  day: 1,
  turn: 3,
  dayLength: 21,
  turnsLeft: 18,
  phase: 'day',
  mult: 100,
  quota: { raw: 12, needed: 30, met: false },
  chain: 0,
  band: { wall: 'N', line: 1, cloudy: false, dwell: 3 },
  cats: [
    { id: 0, tile: 3, settled: 2, big: false, range: 3, warmthCap: 6, pile: 0 },
    { id: 1, tile: 6, settled: 0, big: true, range: 2, warmthCap: 0, pile: 0 },
  ],
  dogs: [{ tile: 20, next: [21, 22, 23] }],
  bowls: [{ mat: 5, serveTurn: 5, in: 2, counting: true }],
};
const state = { layout: { window: 'N', furniture: [2, 9], hearth: 4, clouds: [7, 12], lattice: null, shade: 1 }, outcome: null };
const legal = [
  { type: 'MOVE', cat: 0, tile: 10 },
  { type: 'MOVE', cat: 0, tile: 17 },
  { type: 'MOVE', cat: 1, tile: 13 },
  { type: 'REST' },
  { type: 'DOZE' },
  { type: 'END_RUN' },
];

describe('sunloaf renderer', () => {
  it('reads the lit tiles and the warm hearth from the engine picture', () => {
    const light = lightFromText(text);
    expect(light[1]).toBe('*');
    expect(light[3]).toBe('*');
    expect(light[4]).toBe('~');
    expect(light[0]).toBe(' ');
    expect(light.filter((l) => l === '*')).toHaveLength(14);
  });

  it('maps the band line to whole columns or rows as the spec decides', () => {
    expect([...bandTiles('N', 0)]).toEqual([0, 7, 14, 21, 28, 35, 42]);
    expect([...bandTiles('S', 0)]).toEqual([6, 13, 20, 27, 34, 41, 48]);
    expect([...bandTiles('E', 0)]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...bandTiles('W', 0)]).toEqual([42, 43, 44, 45, 46, 47, 48]);
    expect(bandTiles('N', null).size).toBe(0);
  });

  it('selects a cat, highlights exactly its legal tiles, then sends the MOVE (legal or not: the engine judges)', () => {
    const view = viewOf('sunloaf', state, legal, observation);
    const ui = sunloafRenderer.initUi();
    let html = sunloafRenderer.render(view, ui);
    expect(html.match(/class="tile[^"]*target/g)).toBeNull();
    expect(sunloafRenderer.onUi?.('tile:10', view, ui)).toBeNull();
    expect(sunloafRenderer.onUi?.('cat:0', view, ui)).toEqual({ redraw: true });
    html = sunloafRenderer.render(view, ui);
    expect(html.match(/class="tile[^"]*target/g)).toHaveLength(2);
    expect(html).toContain('class="tile furniture');
    expect(html).toContain('class="tile lit');
    expect(html).toContain('class="mat counting"');
    expect(html).toContain('class="dog"');
    expect(html.match(/class="dog-next"/g)).toHaveLength(3);
    expect(html).toContain('Quota (raw cosy) 12/30');
    expect(sunloafRenderer.onUi?.('tile:40', view, ui)).toEqual({ act: { type: 'MOVE', cat: 0, tile: 40 } });
    expect(actsIn(html).map((a: any) => a.type)).toEqual(['REST', 'DOZE', 'NEXT_DAY', 'END_RUN']);
    expect(sunloafRenderer.onKey?.('1', view, ui)).toEqual({ redraw: true });
    expect(ui.selected).toBe(1);
    expect(sunloafRenderer.onKey?.('4', view, ui)).toBeNull();
    expect(sunloafRenderer.onKey?.('z', view, ui)).toEqual({ act: { type: 'DOZE' } });
  });
});
