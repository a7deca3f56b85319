// The Cragwake board over real engine responses: keys as in the terminal client, costs and targets from
// obs.moves, and hazard markers that never overlap (200 positions along greedy games across seeds).
import { createWire, type OkResponse, PlainTokenCodec, type Policy } from '@hearth/engine';
import type { View } from '@hearth/engine/web';
import { actionsIn as actsIn, END_HINT } from '@hearth/engine/web';
import { describe, expect, it } from 'vitest';
import { cellOrigin, cragwakeRenderer, hazardMarkers, obsOf, TARGET_KEYS, targetsOf } from '../src/draw/web.ts';
import { gameModule } from '../src/index.ts';

/** Positions along the game's own greedy policy (it climbs high enough to meet gusts and rockfall), every 5th turn. */
async function positions(count: number, every = 5): Promise<View[]> {
  const game = (await gameModule.load())!;
  const wire = createWire(game, { codec: PlainTokenCodec });
  const out: View[] = [];
  for (let seed = 1; out.length < count; seed++) {
    const policy: Policy = game.policies.greedy!(seed);
    let response: OkResponse = wire.init(seed);
    for (let i = 0; i < 600 && out.length < count && !response.gameOver; i++) {
      if (i % every === 0) out.push({ slug: 'cragwake', spec: game.spec, response, lastAction: undefined, replaying: false });
      const next = wire.act({ state: response.state, action: policy.decide(response.state, response.legalActions) });
      if (!next.ok) throw new Error(next.message);
      response = next;
    }
  }
  return out;
}

const intersects = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('cragwake renderer', () => {
  it('puts the lowest band row at the bottom, columns left to right', async () => {
    const [view] = await positions(1);
    expect(cellOrigin(view!, 0, 10, 0).y).toBeGreaterThan(cellOrigin(view!, 9, 10, 0).y);
    expect(cellOrigin(view!, 0, 10, 5).x).toBeGreaterThan(cellOrigin(view!, 0, 10, 0).x);
  });

  it('rings, keys and costs exactly the observation’s moves; every visible cell is clickable', async () => {
    const [view] = await positions(1);
    const obs = obsOf(view!);
    const html = cragwakeRenderer.render(view!, null);
    expect(html.match(/class="cell target/g)).toHaveLength(obs.moves.length);
    for (const m of obs.moves) expect(html).toContain(`cost ${m.cost}`);
    const visible = obs.wall.filter((r) => !r.fogged).length * 6;
    expect(actsIn(html).filter((a) => (a as { type: string }).type === 'move')).toHaveLength(visible);
    expect(html).toContain(`Stamina ${obs.stamina}/${obs.tank}`);
  });

  it('maps keys like the terminal client: target keys, steps, breathe, climb on, Shift+E; a lone e only explains', async () => {
    const [view] = await positions(1);
    const obs = obsOf(view!);
    const moves = targetsOf(view!);
    moves.forEach((m, i) => {
      const k = TARGET_KEYS[i];
      if (k) expect(cragwakeRenderer.onKey?.(k, view!, null)).toEqual({ act: { type: 'move', row: m.row, col: m.col } });
    });
    const { row, col } = obs.position;
    expect(cragwakeRenderer.onKey?.('ArrowUp', view!, null)).toEqual({ act: { type: 'move', row: row + 1, col } });
    expect(cragwakeRenderer.onKey?.('k', view!, null)).toEqual({ act: { type: 'move', row: row + 1, col } });
    expect(cragwakeRenderer.onKey?.('h', view!, null)).toEqual({ act: { type: 'move', row, col: col - 1 } });
    expect(cragwakeRenderer.onKey?.('u', view!, null)).toEqual({ act: { type: 'move', row: row + 1, col: col + 1 } });
    expect(cragwakeRenderer.onKey?.('.', view!, null)).toEqual({ act: { type: 'breathe' } });
    expect(cragwakeRenderer.onKey?.('c', view!, null)).toEqual({ act: { type: 'climbOn' } });
    expect(cragwakeRenderer.onKey?.('E', view!, null)).toEqual({ act: { type: 'endRun' } });
  });

  it('a lone e says how to end the run at a ledge, and why not mid-pitch, as the legal actions say', async () => {
    const views = await positions(200, 1);
    const offered = (v: View) => v.response.legalActions.some((a) => (a as { type?: string }).type === 'endRun');
    const atLedge = views.find(offered);
    const climbing = views.find((v) => !offered(v) && !v.response.gameOver);
    expect(atLedge && climbing, 'greedy play reaches a ledge and climbs between ledges').toBeTruthy();
    expect(cragwakeRenderer.onKey?.('e', atLedge!, null)).toEqual({ say: END_HINT });
    // mid-pitch: the game's own reason (spec.look, with its ledge spacing), then when Shift+E will work (never
    // "press Shift+E" as if it worked now)
    const midPitch = cragwakeRenderer.onKey?.('e', climbing!, null) as { say: string };
    expect(midPitch.say).toMatch(
      /^A run can be ended only at a ledge \(row 0, 10, 20, …\): reach the next ledge first; once you can, press Shift\+E/,
    );
    expect(midPitch.say).not.toContain(END_HINT);
  });

  it('stacks one marker per column: no two hazard labels intersect over 200 positions', async () => {
    const views = await positions(200);
    let drawn = 0;
    let shared = 0;
    for (const view of views) {
      const obs = obsOf(view);
      const marks = hazardMarkers(view);
      drawn += marks.length;
      for (const h of obs.hazards) if (h.now.length + h.next.length > 1) shared++;
      for (let i = 0; i < marks.length; i++)
        for (let j = i + 1; j < marks.length; j++)
          expect(intersects(marks[i]!, marks[j]!), `turn ${obs.turn}: ${marks[i]!.text} / ${marks[j]!.text}`).toBe(false);
      // and every hazard the observation lists has its own marker
      expect(marks).toHaveLength(obs.hazards.reduce((s, h) => s + h.now.length + h.next.length, 0));
    }
    expect(drawn).toBeGreaterThan(0);
    expect(shared, 'no position had two hazards in one column').toBeGreaterThan(0);
    console.log(`cragwake markers: ${drawn} over ${views.length} positions, ${shared} columns with more than one hazard`);
  });
});

describe('the first-game tutorial', () => {
  it('plays its guided moves on its seed, each accepted, each named for people', async () => {
    const game = (await gameModule.load())!;
    const wire = createWire(game, { codec: PlainTokenCodec });
    const tutorial = cragwakeRenderer.tutorial!;
    let response = wire.init(tutorial.seed);
    let moves = 0;
    for (const step of tutorial.steps) {
      if (step.action === undefined) continue;
      const view = { slug: game.spec.slug, spec: game.spec, response, lastAction: undefined, replaying: false };
      expect(cragwakeRenderer.describe?.(step.action, view), JSON.stringify(step.action)).toMatch(/^[A-Z]/);
      const next = wire.act({ state: response.state, stateToken: response.stateToken, action: step.action } as never, { recap: true });
      expect(next.ok, `${JSON.stringify(step.action)}: ${next.ok ? '' : next.message}`).toBe(true);
      if (next.ok) response = next;
      moves++;
    }
    expect(moves).toBeGreaterThanOrEqual(2);
    expect(tutorial.steps.length).toBeLessThanOrEqual(8);
  });
});
