// Rules through the public act: scoring, bonuses, wave advance, the end of a round, refusals, observation.
import type { Game, OkResponse } from '@hearth/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { waveRow } from '../src/constants.ts';
import { gameModule, type LastShot, type ShootAction, type State } from '../src/index.ts';
import { LEGEND } from '../src/observe.ts';

let game: Game<State, ShootAction>;
beforeAll(async () => {
  game = (await gameModule.load()) as Game<State, ShootAction>;
});

const shoot = (angleDeg: number): ShootAction => ({ type: 'SHOOT', angleDeg });
const ok = (r: ReturnType<Game['act']>): OkResponse<State> => {
  if (!r.ok) throw new Error(`refused: ${r.reason} ${r.message}`);
  return r as OkResponse<State>;
};
const lastShotOf = (r: OkResponse<State>) => (r as unknown as { lastShot: LastShot }).lastShot;

describe('scoring and waves', () => {
  it('One Shot Wonder: seed 9 wave 1 at 73.7 deg lights all 3 lanterns with the first wisp', () => {
    const r = ok(game.act(game.init(9).state, shoot(73.7)));
    const shot = lastShotOf(r);
    const lights = shot.events.filter((e) => e.type === 'light');
    expect(lights.map((e) => [e.chain, e.bounces, e.points])).toEqual([
      [1, 0, 100],
      [2, 1, 240],
      [3, 1, 340],
    ]);
    expect(shot.waveCleared).toBe(true);
    expect(shot.bonus).toEqual({ waveClear: 200, efficiency: 4 * 150, oneShotWonder: 300 });
    expect(shot.points).toBe(680 + 200 + 600 + 300);
    expect(r.score).toBe(1780);
    // Auto-advance within the same action: wave 2, its wisps, all of its lanterns unlit.
    expect(r.state).toMatchObject({ wave: 2, wispsLeft: waveRow(2).wisps, shots: 1, gameOver: false });
    expect(r.state.lit).toEqual([false, false, false, false]);
    expect(shot.wave).toBe(1);
  });

  it('running out of wisps with lanterns unlit ends the round with the score kept; then game_over', () => {
    let r = ok(game.act(game.init(5).state, shoot(15)));
    for (let i = 1; i < waveRow(1).wisps; i++) r = ok(game.act(r.state, shoot(15)));
    expect(r.gameOver).toBe(true);
    expect(r.state.won).toBe(false);
    expect(r.observation.text).toContain('ROUND OVER');
    const after = game.act(r.state, shoot(90));
    expect(after).toMatchObject({ ok: false, reason: 'game_over', legalActions: [] });
  });

  it('the solver wins full rounds; clearing wave 8 wins the round (wave stays 8, all lit)', () => {
    for (const seed of [3, 11]) {
      const policy = game.policies.solver!(seed);
      let r: OkResponse<State> = game.init(seed);
      let total = 0;
      while (!r.gameOver) {
        r = ok(game.act(r.state, policy.decide(r.state, [])));
        total += lastShotOf(r).points;
      }
      expect(r.state).toMatchObject({ won: true, wave: 8, gameOver: true });
      expect(r.state.lit.every(Boolean)).toBe(true);
      expect(r.score).toBe(total);
      expect(lastShotOf(r).waveCleared).toBe(true);
      expect(game.act(r.state, shoot(90))).toMatchObject({ ok: false, reason: 'game_over' });
    }
  });

  it('the exact solver never scores less than the greedy policy on the same seed', () => {
    for (const seed of [2, 9, 21]) {
      const run = (name: string) => {
        const sim = game.createSim();
        sim.reset(seed);
        const p = game.policies[name]!(seed);
        while (!sim.gameOver()) sim.step(p.decide(sim.state, []));
        return sim.score();
      };
      expect(run('solver')).toBeGreaterThanOrEqual(run('greedy'));
    }
  });

  it('the same angle in the same wave draws the same path whatever is lit', () => {
    const s0 = game.init(77).state;
    // Seed 77, wave 1: 106.8 deg lights one lantern.
    const first = ok(game.act(s0, shoot(106.8)));
    expect(first.state.wave).toBe(1);
    expect(lastShotOf(first).events.filter((e) => e.type === 'light')).toHaveLength(1);
    const again = ok(game.act(first.state, shoot(106.8)));
    expect(lastShotOf(again).path).toEqual(lastShotOf(first).path);
    expect(lastShotOf(again).events.filter((e) => e.type !== 'light')).toEqual(lastShotOf(first).events.filter((e) => e.type !== 'light'));
    // Lanterns lit by the first shot are ignored by the second.
    expect(lastShotOf(again).events.some((e) => e.type === 'light')).toBe(false);
  });
});

describe('refusals', () => {
  it('stable reasons: unknown_action, angle_out_of_range (after quantization), game_over; nothing changes', () => {
    const s = game.init(1).state;
    const before = JSON.stringify(s);
    expect(game.act(s, { type: 'FIRE', angleDeg: 90 })).toMatchObject({ ok: false, reason: 'unknown_action', legalActions: [] });
    expect(game.act(s, shoot(170))).toMatchObject({ ok: false, reason: 'angle_out_of_range', quantized: 170 });
    expect(game.act(s, shoot(165.06))).toMatchObject({ ok: false, reason: 'angle_out_of_range', quantized: 165.1 });
    expect(game.act(s, shoot(1e308))).toMatchObject({ ok: false, reason: 'angle_out_of_range', quantized: null });
    expect(game.act(s, shoot(-90))).toMatchObject({ ok: false, reason: 'angle_out_of_range' });
    expect(JSON.stringify(s)).toBe(before);
    expect(ok(game.act(s, shoot(165.04))).lastShot).toMatchObject({ angleDeg: 165 });
  });

  it('legalActions is always the empty list, on purpose', () => {
    const r = game.init(4);
    expect(r.legalActions).toEqual([]);
    expect(ok(game.act(r.state, shoot(90))).legalActions).toEqual([]);
    expect((game.init(4) as unknown as { lastShot: unknown }).lastShot).toBeNull();
  });
});

describe('observation', () => {
  it('summarises the wave, wisps, bounce cap and lanterns, and carries the full current layout', () => {
    const r = game.init(12);
    const o = r.observation as any;
    expect(o).toMatchObject({ wave: 1, waves: 8, wispsLeft: 5, wisps: 5, bounceCap: 4, lanternsLit: 0, lanternsTotal: 3 });
    expect(o.aim).toEqual({ minDeg: 15, maxDeg: 165, stepDeg: 0.1, origin: { x: 540, y: 1360 } });
    expect(o.layout.lanterns).toHaveLength(3);
    const ids = [...o.layout.beams, ...o.layout.screens, ...o.layout.gongs, ...o.layout.lanterns].map((e: { id: number }) => e.id);
    expect(ids).toEqual(ids.map((_: number, i: number) => 4 + i));
    const text: string = o.text;
    expect(text).toContain('wave 1 of 8');
    expect(text).toContain('wisps left 5 of 5');
    expect(text).toContain('bounce cap 4');
    for (const l of o.layout.lanterns) expect(text).toContain(`${l.id} lantern at (${l.x}, ${l.y}) r 34 UNLIT`);
    // Every character of the map is in the legend.
    const map = text.split('\n').filter((line) => line.startsWith('|'));
    expect(map).toHaveLength(36);
    for (const line of map) for (const ch of line.slice(1, -1)) expect(Object.keys(LEGEND)).toContain(ch);
    expect(text).toContain('B');
  });

  it('serves the spec with the decisions the document left open', () => {
    const spec = game.spec;
    expect(spec.slug).toBe('lantern-volley');
    expect(spec.name).toBe('Lantern Volley');
    const topics = spec.decisions.map((d) => d.topic);
    for (const t of [
      'action grammar bounds',
      'distance budget unit',
      'rect hits and exact corners',
      'edges, corners, tangents',
      'reaching a shape from inside',
      'what one flight event is',
      'gongs and the bounce cap',
      'shapes',
    ])
      expect(topics).toContain(t);
    expect((spec.stateSchema as any).properties.lastShot.anyOf[0].properties.events.items.required).toEqual([
      'type',
      'id',
      'x',
      'y',
      'bounces',
      'distance',
      'points',
    ]);
  });
});
