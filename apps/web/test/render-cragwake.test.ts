import { describe, expect, it } from 'vitest';
import { cellOrigin, cragwakeRenderer, targetsOf } from '../src/render/cragwake.ts';
import { actsIn, viewOf } from './view.ts';

const hold = (kind: string, extra = {}) => ({ kind, breaths: kind === 'jug' ? 2 : 0, cracks: 0, ice: 'dry', ...extra });
function state() {
  const band = [];
  for (let r = 0; r < 10; r++) {
    const fogged = r >= 7;
    const cells = fogged
      ? [null, null, null, null, null, null]
      : [hold('jug'), null, hold('crimp', { cracks: 2 }), hold('plain', { ice: 'icy' }), null, hold('plain', { ice: 'frosting' })];
    band.push({ row: r, overhang: r === 3, fogged, cells });
  }
  return {
    turn: 4,
    phase: 'climbing',
    ending: null,
    row: 1,
    col: 3,
    stamina: 17,
    tank: 24,
    pitch: 1,
    highPoint: 1,
    cleanStreak: 0,
    pitchDipped: false,
    spindrift: 0,
    band,
    gusts: { now: [2], next: [4] },
    rockfall: { now: 5, next: null },
  };
}
const legal = [{ type: 'move', row: 2, col: 2 }, { type: 'move', row: 2, col: 3 }, { type: 'breathe' }, { type: 'endRun' }];

describe('cragwake renderer', () => {
  it('puts the lowest band row at the bottom, columns left to right', () => {
    expect(cellOrigin(0, 10, 0).y).toBeGreaterThan(cellOrigin(9, 10, 0).y);
    expect(cellOrigin(0, 10, 5).x).toBeGreaterThan(cellOrigin(0, 10, 0).x);
  });

  it('makes every visible cell clickable as a move and every legal target focusable, numbered and costed', () => {
    const view = viewOf('cragwake', state(), legal, {
      targets: [
        { row: 2, col: 2, cost: 2 },
        { row: 2, col: 3, cost: 3 },
      ],
    });
    const html = cragwakeRenderer.render(view, null);
    const moves = actsIn(html).filter((a: any) => a.type === 'move');
    expect(moves).toHaveLength(7 * 6); // 7 unfogged rows of 6 cells, fog is not clickable
    expect(html.match(/class="cell target/g)).toHaveLength(2);
    expect(html).toContain('>−2<');
    expect(html).toContain('>−3<');
    expect(targetsOf(view).map((t) => t.cost)).toEqual([2, 3]);
    expect(html).toContain('hold crimp');
    expect(html).toContain('hold plain icy');
    expect(html).toContain('hold plain frosting');
    expect(html).toContain('class="row-bg overhang"');
    expect(html.match(/class="row-bg fog"/g)).toHaveLength(3);
    expect(html).toContain('class="gust now"');
    expect(html).toContain('class="gust next"');
    expect(html).toContain('class="rock now"');
    expect(html).toContain('Stamina 17/24');
  });

  it('draws targets without a cost when the observation publishes none, and maps keys to actions', () => {
    const view = viewOf('cragwake', state(), legal);
    expect(targetsOf(view).every((t) => t.cost === undefined)).toBe(true);
    expect(cragwakeRenderer.onKey?.('2', view, null)).toEqual({ act: { type: 'move', row: 2, col: 3 } });
    expect(cragwakeRenderer.onKey?.('9', view, null)).toBeNull();
    expect(cragwakeRenderer.onKey?.('B', view, null)).toEqual({ act: { type: 'breathe' } });
    expect(cragwakeRenderer.onKey?.('e', view, null)).toEqual({ act: { type: 'endRun' } });
  });
});
