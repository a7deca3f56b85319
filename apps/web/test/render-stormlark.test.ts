import { describe, expect, it } from 'vitest';
import { cellCentre, multipliers, stormlarkRenderer } from '../src/render/stormlark.ts';
import { actsIn, viewOf } from './view.ts';

const kinds = ['crag', 'knot', 'drifter', 'rimeshell', 'sparker', 'warden', 'squall', 'mote', 'gate'];
const state = {
  shipLane: 3,
  entities: kinds.map((kind, i) => ({
    id: i,
    kind,
    lane: i % 7,
    col: i + 1,
    hp: kind === 'warden' ? 3 : kind === 'rimeshell' ? 1 : 0,
    drift: kind === 'drifter' ? -1 : 0,
  })),
  phase: 'flying',
  hull: 2,
  charge: 5,
  chain: 4,
  reach: 2,
  hullLost: true,
  turn: 30,
  column: 39,
};

describe('stormlark renderer', () => {
  it('draws each entity kind distinctly, the cracked rimeshell and the warden hit points', () => {
    const html = stormlarkRenderer.render(viewOf('stormlark', state), null);
    for (const k of kinds) expect(html).toContain(`class="ent ${k}`);
    expect(html).toContain('class="ent rimeshell cracked"');
    expect(html.match(/class="pip"/g)).toHaveLength(3);
    expect(html).toContain('class="ent drifter up"');
    expect(html).toContain('Hull 2/3');
    expect(html).toContain('Charge 5/9');
    expect(actsIn(html).map((a: any) => a.type)).toEqual(['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN']);
  });

  it('places lanes top to bottom and shows the multipliers the observation publishes', () => {
    expect(cellCentre(0, 0).y).toBeLessThan(cellCentre(6, 0).y);
    const view = viewOf('stormlark', state, [], { chainMultiplier: 1.4, reachMultiplier: 1.25 });
    expect(multipliers(view)).toEqual({ chain: 1.4, reach: 1.25 });
    expect(stormlarkRenderer.render(view, null)).toContain('×1.4');
    expect(multipliers(viewOf('stormlark', state))).toEqual({ chain: undefined, reach: undefined });
  });

  it('maps the keys of the issue to actions', () => {
    const v = viewOf('stormlark', state);
    const key = (k: string) => stormlarkRenderer.onKey?.(k, v, null);
    expect(key('ArrowUp')).toEqual({ act: { type: 'UP' } });
    expect(key('ArrowDown')).toEqual({ act: { type: 'DOWN' } });
    expect(key(' ')).toEqual({ act: { type: 'FIRE' } });
    expect(key('V')).toEqual({ act: { type: 'VENT' } });
    expect(key('x')).toBeNull();
  });
});
