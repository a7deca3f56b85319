// The Stormlark board over a real observation (with a hand-picked entity list): every kind drawn distinctly,
// gauges from the observation's maxima, buttons disabled exactly where the legal list says, keys as documented.
import { createWire, type OkResponse, PlainTokenCodec } from '@hearth/engine';
import type { View } from '@hearth/engine/web';
import { actionsIn as actsIn, END_HINT } from '@hearth/engine/web';
import { describe, expect, it } from 'vitest';
import { cellCentre, drawCanyon, legend, stormlarkRenderer } from '../src/draw/web.ts';
import { gameModule } from '../src/index.ts';

const kinds = ['crag', 'knot', 'drifter', 'rimeshell', 'sparker', 'warden', 'squall', 'mote', 'gate'];
const entities = kinds.map((kind, i) => ({
  id: i,
  kind,
  lane: i % 7,
  col: i + 1,
  hp: kind === 'warden' ? 3 : kind === 'rimeshell' ? 1 : 0,
  drift: kind === 'drifter' ? -1 : 0,
}));

async function view(): Promise<View> {
  const game = (await gameModule.load())!;
  const r = createWire(game, { codec: PlainTokenCodec }).init(11) as OkResponse;
  const response = { ...r, observation: { ...r.observation, entities, sparkLanes: [1] } };
  return { slug: 'stormlark', spec: game.spec, response, lastAction: undefined, replaying: false };
}

describe('stormlark renderer', () => {
  it('draws each entity kind distinctly, the cracked rimeshell and the warden hit points', async () => {
    const v = await view();
    const html = stormlarkRenderer.render(v, null);
    // the board alone (the legend draws one of each kind too)
    const board = drawCanyon(v);
    for (const k of kinds) expect(board).toContain(`class="ent ${k}`);
    expect(board).toContain('class="ent rimeshell cracked"');
    expect(board.match(/class="pip"/g)).toHaveLength(3);
    expect(board).toContain('class="ent drifter up"');
    expect(board).toContain('class="discharge"');
    expect(html).toContain('Hull 3/3');
    expect(actsIn(html).map((a) => (a as { type: string }).type)).toEqual(['UP', 'DOWN', 'FIRE', 'VENT', 'NEXT_REACH', 'END_RUN']);
    // NEXT_REACH is legal only at a Gate: disabled at the start, with its reason as the tooltip
    expect(html).toMatch(/data-key="NEXT_REACH" disabled title="Not possible now/);
    expect(html).toMatch(/data-key="END_RUN" data-confirm="End the run/);
  });

  it('places lanes top to bottom and maps the keys (Shift+E ends, a lone e only explains)', async () => {
    const v = await view();
    expect(cellCentre(v, 0, 0).y).toBeLessThan(cellCentre(v, 6, 0).y);
    const key = (k: string) => stormlarkRenderer.onKey?.(k, v, null);
    expect(key('ArrowUp')).toEqual({ act: { type: 'UP' } });
    expect(key('k')).toEqual({ act: { type: 'UP' } });
    expect(key('ArrowDown')).toEqual({ act: { type: 'DOWN' } });
    expect(key(' ')).toEqual({ act: { type: 'FIRE' } });
    expect(key('V')).toEqual({ act: { type: 'VENT' } });
    expect(key('E')).toEqual({ act: { type: 'END_RUN' } });
    expect(key('e')).toEqual({ say: END_HINT });
    expect(key('x')).toBeNull();
  });

  it('the legend draws every kind with the board’s own shapes, not text glyphs', async () => {
    const v = await view();
    const board = drawCanyon(v);
    const key = legend(v);
    // the body of one kind's <g>: its first shape element, with a polygon's corner count
    const shapeOf = (html: string, kind: string) => {
      const g = html.match(new RegExp(`<g class="ent ${kind}[^"]*"[^>]*><title>.*?</title><(\\w+)([^>]*)>`));
      const corners = g?.[2]
        ?.match(/points="([^"]*)"/)?.[1]
        ?.trim()
        .split(/\s+/).length;
      return g ? `${g[1]}${corners ? ` ${corners}` : ''}` : undefined;
    };
    for (const kind of kinds) {
      expect(shapeOf(board, kind), kind).toBeDefined();
      expect(shapeOf(key, kind), kind).toBe(shapeOf(board, kind));
    }
    expect(key).not.toMatch(/[▲⊕⬡⚡◆┃]/);
  });
});

describe('the first-game tutorial', () => {
  it('plays its guided moves on its seed, each accepted, each named for people', async () => {
    const game = (await gameModule.load())!;
    const wire = createWire(game, { codec: PlainTokenCodec });
    const tutorial = stormlarkRenderer.tutorial!;
    let response = wire.init(tutorial.seed);
    let moves = 0;
    for (const step of tutorial.steps) {
      if (step.action === undefined) continue;
      const view = { slug: game.spec.slug, spec: game.spec, response, lastAction: undefined, replaying: false };
      expect(stormlarkRenderer.describe?.(step.action, view), JSON.stringify(step.action)).toMatch(/^[A-Z]/);
      const next = wire.act({ state: response.state, stateToken: response.stateToken, action: step.action } as never, { recap: true });
      expect(next.ok, `${JSON.stringify(step.action)}: ${next.ok ? '' : next.message}`).toBe(true);
      if (next.ok) response = next;
      moves++;
    }
    expect(moves).toBeGreaterThanOrEqual(2);
    expect(tutorial.steps.length).toBeLessThanOrEqual(8);
  });
});
