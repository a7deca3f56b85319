import type { OkResponse, Spec } from '@hearth/engine';
import { createWire, PlainTokenCodec } from '@hearth/engine';
import { actionsIn as actsIn, type View } from '@hearth/engine/web';
import { describe, expect, it } from 'vitest';
import { angleToward, lanternVolleyRenderer, quantize } from '../src/draw/web.ts';
import { gameModule, spec } from '../src/index.ts';

/** A board View from a hand-made observation. */
function viewOf(
  slug: string,
  state: unknown,
  legalActions: unknown[],
  observation: Record<string, unknown>,
  extras = {},
  given: Partial<Spec> = {},
): View {
  const response: OkResponse = {
    ok: true,
    state,
    observation: { text: '', ...observation },
    legalActions,
    score: 0,
    gameOver: false,
    ...extras,
  };
  return { slug, spec: { slug, name: slug, carry: 'state', ...given } as Spec, response, lastAction: undefined, replaying: false };
}

const observation = {
  wave: 2,
  waves: 8,
  wispsLeft: 4,
  wisps: 5,
  bounceCap: 5,
  lanternsLit: 1,
  lanternsTotal: 2,
  won: false,
  aim: { minDeg: 15, maxDeg: 165, stepDeg: 0.1, origin: { x: 540, y: 1360 } },
  layout: {
    arena: { width: 1080, height: 1440 },
    beams: [
      { id: 4, kind: 'beam', shape: 'rect', x0: 100, y0: 200, x1: 300, y1: 230 },
      { id: 5, kind: 'diagonal', shape: 'diagonal', x0: 600, y0: 600, x1: 700, y1: 700 },
    ],
    screens: [{ id: 6, kind: 'screen', x0: 800, y0: 300, x1: 900, y1: 320 }],
    gongs: [{ id: 7, kind: 'gong', x: 200, y: 800, r: 40 }],
    lanterns: [
      { id: 8, kind: 'lantern', x: 540, y: 400, r: 34, lit: true },
      { id: 9, kind: 'lantern', x: 300, y: 500, r: 34, lit: false },
    ],
  },
};
const lastShot = {
  wave: 2,
  angleDeg: 90,
  path: [
    { x: 540, y: 1360 },
    { x: 540, y: 0 },
    { x: 540, y: 900 },
  ],
  events: [
    { type: 'light', id: 8, x: 540, y: 434, bounces: 0, distance: 926, points: 100, chain: 1 },
    { type: 'bounce', id: 0, x: 540, y: 0, bounces: 1, distance: 1360, points: 0 },
    { type: 'gong', id: 7, x: 540, y: 700, bounces: 2, distance: 2000, points: 25 },
    { type: 'fade', id: null, x: 540, y: 900, bounces: 2, distance: 2200, points: 0, cause: 'budget' },
  ],
  waveCleared: false,
  points: 125,
};

describe('lantern volley renderer', () => {
  it('quantizes and clamps the aim to the engine step and range', () => {
    const { aim } = observation;
    expect(quantize(57.34, aim)).toBe(57.3);
    expect(quantize(57.35, aim)).toBe(57.4);
    expect(quantize(3, aim)).toBe(15);
    expect(quantize(170, aim)).toBe(165);
    // the range and step are the observation's, never the renderer's own
    expect(quantize(3, { minDeg: 20, maxDeg: 160, stepDeg: 0.5 })).toBe(20);
    expect(quantize(57.34, { minDeg: 20, maxDeg: 160, stepDeg: 0.5 })).toBe(57.5);
    expect(angleToward({ x: 540, y: 1360 }, { x: 540, y: 100 })).toBeCloseTo(90, 9);
    expect(angleToward({ x: 540, y: 1360 }, { x: 1540, y: 1360 })).toBeCloseTo(0, 9);
    expect(angleToward({ x: 540, y: 1360 }, { x: 40, y: 860 })).toBeCloseTo(135, 9);
  });

  it('draws the arena entities, lit lanterns, the aim and the last shot with its events; animates a shot once', () => {
    // the page draws a step's motion once (view.motion), never on a redraw and never under reduced motion
    const view = { ...viewOf('lantern-volley', {}, [], observation, { lastShot }, spec), motion: true };
    const ui = lanternVolleyRenderer.initUi();
    expect(lanternVolleyRenderer.render({ ...view, motion: false }, lanternVolleyRenderer.initUi())).not.toContain('animate');
    const whole = lanternVolleyRenderer.render(view, ui);
    // the arena itself (the legend below it draws one sample of each kind with the same shapes)
    const first = whole.slice(0, whole.indexOf('</svg>') + 6);
    expect(first).toContain('viewBox="0 0 1080 1440"');
    // a paper screen is hatched and a mirror has its glint: neither reads like a beam
    expect(first).toContain('fill="url(#lv-hatch)"');
    expect(first).toContain('class="mirror-glint"');
    for (const id of ['unlit', 'lit', 'gong', 'beam', 'screen', 'brazier'])
      expect(whole, `legend sample of ${id}`).toMatch(new RegExp(`<li data-kind="${id}"><svg class="legend-icon`));
    expect(first).toContain('class="beam"');
    expect(first).toContain('class="mirror"');
    expect(first).toContain('class="screen"');
    // a gong is its own shape (disc, boss, cord), never a circle drawn like a lantern
    expect(first).toContain('<g class="gong"><line class="gong-cord"');
    expect(first).toContain('class="gong-boss"');
    expect(first).not.toMatch(/<circle class="gong"/);
    expect(first.match(/class="lantern lit"/g)).toHaveLength(1);
    expect(first).toContain('points="540,1360 540,0 540,900"');
    for (const t of ['light', 'bounce', 'gong', 'fade']) expect(first).toContain(`ev ev-${t}`);
    expect(first.match(/class="ring gong-ring"/g)).toHaveLength(2);
    expect(first.match(/class="ring"/g)).toHaveLength(1);
    expect(first).toContain('class="cross"');
    expect(first).toContain('shot-path animate');
    expect(first).toContain('90.0°');
    // a redraw of the same response (aiming) does not replay the animation
    expect(lanternVolleyRenderer.render(view, ui)).not.toContain('shot-path animate');
    expect(actsIn(whole)).toEqual([{ type: 'SHOOT', angleDeg: 90 }]);
  });

  it('aims with keys and buttons, shoots with Space, and sends a typed angle as typed', () => {
    const view = viewOf('lantern-volley', {}, [], observation, { lastShot: null }, spec);
    const ui = lanternVolleyRenderer.initUi();
    expect(lanternVolleyRenderer.onKey?.('ArrowLeft', view, ui)).toEqual({ redraw: true });
    expect(ui.angle).toBe(91);
    lanternVolleyRenderer.onKey?.('ArrowDown', view, ui);
    expect(ui.angle).toBe(90.9);
    lanternVolleyRenderer.onUi?.('turn:-1', view, ui);
    expect(ui.angle).toBe(89.9);
    expect(lanternVolleyRenderer.onKey?.(' ', view, ui)).toEqual({ act: { type: 'SHOOT', angleDeg: 89.9 } });
    expect(lanternVolleyRenderer.onUi?.('angle', view, ui, '10')).toEqual({ act: { type: 'SHOOT', angleDeg: 10 } });
    expect(ui.angle).toBe(89.9);
    expect(lanternVolleyRenderer.onUi?.('angle', view, ui, '120.04')).toEqual({ act: { type: 'SHOOT', angleDeg: 120.04 } });
    expect(ui.angle).toBe(120);
    for (let i = 0; i < 200; i++) lanternVolleyRenderer.onKey?.('ArrowLeft', view, ui);
    expect(ui.angle).toBe(165);
    // coarse aiming: 10° a press with Shift (or PageUp/PageDown), so 165° to 15° is 15 presses, not 150
    for (let i = 0; i < 15; i++) lanternVolleyRenderer.onKey?.('Shift+ArrowRight', view, ui);
    expect(ui.angle).toBe(15);
    lanternVolleyRenderer.onKey?.('PageUp', view, ui);
    expect(ui.angle).toBe(25);
    lanternVolleyRenderer.onUi?.('turn:-10', view, ui);
    expect(ui.angle).toBe(15);
  });

  it('a replay shows the replayed shot’s own angle, not the default aim', () => {
    const view = { ...viewOf('lantern-volley', {}, [], observation, { lastShot: { ...lastShot, angleDeg: 47.3 } }, spec), replaying: true };
    const ui = lanternVolleyRenderer.initUi();
    const html = lanternVolleyRenderer.render(view, ui);
    expect(html).toContain('<dt>Aim</dt><dd>47.3°</dd>');
    expect(html).toContain('aim 47.3 degrees');
    expect(html).not.toContain('90.0°');
  });
});

describe('the first-game tutorial', () => {
  it('plays its guided moves on its seed, each accepted, each named for people', async () => {
    const game = (await gameModule.load())!;
    const wire = createWire(game, { codec: PlainTokenCodec });
    const tutorial = lanternVolleyRenderer.tutorial!;
    let response = wire.init(tutorial.seed);
    let moves = 0;
    for (const step of tutorial.steps) {
      if (step.action === undefined) continue;
      const view = { slug: game.spec.slug, spec: game.spec, response, lastAction: undefined, replaying: false };
      expect(lanternVolleyRenderer.describe?.(step.action, view), JSON.stringify(step.action)).toMatch(/^[A-Z]/);
      const next = wire.act({ state: response.state, stateToken: response.stateToken, action: step.action } as never, { recap: true });
      expect(next.ok, `${JSON.stringify(step.action)}: ${next.ok ? '' : next.message}`).toBe(true);
      if (next.ok) response = next;
      moves++;
    }
    expect(moves).toBeGreaterThanOrEqual(2);
    expect(tutorial.steps.length).toBeLessThanOrEqual(8);
  });
});
