// Hand-built geometry: one case per flight rule, run on both builds of the kernel (WASM and wasm2js).
import { beforeAll, describe, expect, it } from 'vitest';
import { type EntityRecord, type FlightResult, FlightSim } from '../src/flight.ts';
import { loadKernel } from '../src/kernel.ts';

const rect = (x0: number, y0: number, x1: number, y1: number): EntityRecord => ({ kind: 'rect', x0, y0, x1, y1 });
const diag = (x0: number, y0: number, x1: number, y1: number): EntityRecord => ({ kind: 'diagonal', x0, y0, x1, y1 });
const screen = (x0: number, y0: number, x1: number, y1: number): EntityRecord => ({ kind: 'screen', x0, y0, x1, y1 });
const gong = (x: number, y: number, r = 26): EntityRecord => ({ kind: 'gong', x, y, r });
const lantern = (x: number, y: number, lit = false): EntityRecord => ({ kind: 'lantern', x, y, r: 34, lit });
const types = (f: FlightResult) => f.events.map((e) => `${e.type}:${e.id}`);

describe.each(['wasm', 'js'] as const)('flight rules on the %s kernel', (kind) => {
  let sim: FlightSim;
  beforeAll(async () => {
    sim = new FlightSim(await loadKernel(kind));
  });
  const fly = (entities: EntityRecord[], ox: number, oy: number, dx: number, dy: number, cap = 8, budget = 3200) =>
    sim.load(entities).fly({ x: ox, y: oy }, dx, dy, cap, budget);

  it('an exact corner hit (equal entry times on both axes) flips both axes; one axis otherwise', () => {
    const corner = fly([rect(400, 700, 600, 800)], 300, 900, 0.5, -0.5, 1);
    expect(corner.events[0]).toMatchObject({ type: 'bounce', id: 4, x: 400, y: 800 });
    // Both axes flipped: the wisp goes back the way it came, down-left to the left wall at (0, 1200).
    expect(corner.path[2]).toEqual({ x: 0, y: 1200 });
    expect(corner.events[1]).toMatchObject({ type: 'fade', id: 3, cause: 'bounceCap' });
    const face = fly([rect(400, 700, 600, 800)], 300, 901, 0.5, -0.5, 1);
    expect(face.events[0]).toMatchObject({ type: 'bounce', id: 4, x: 401, y: 800 });
    // Only y flipped: now heading down-right, to the bottom wall.
    expect(face.events[1]).toMatchObject({ type: 'fade', id: 2, x: 1041, y: 1440 });
  });

  it('an arena corner (two walls at the same t) flips both axes and carries the lower wall id', () => {
    const f = fly([], 540, 540, 0.5, -0.5, 1, 1e6);
    expect(f.events[0]).toMatchObject({ type: 'bounce', id: 0, x: 1080, y: 0 });
    expect(f.events[1]).toMatchObject({ type: 'fade', id: 3, x: 0, y: 1080, cause: 'bounceCap' });
  });

  it('an exact tie between entities goes to the lowest id, whatever the layout order means geometrically', () => {
    // Two beams meet under x = 500: the vertical wisp reaches both bottoms at the same t.
    const a = fly([rect(400, 500, 500, 520), rect(500, 500, 600, 520)], 500, 900, 0, -1, 0);
    expect(a.events[0]).toMatchObject({ type: 'fade', id: 4, x: 500, y: 520 });
    const b = fly([rect(500, 500, 600, 520), rect(400, 500, 500, 520)], 500, 900, 0, -1, 0);
    expect(b.events[0]).toMatchObject({ type: 'fade', id: 4 });
    // A diagonal ending on the top wall ties with the wall: the wall (id 0) wins and flips y only. The
    // diagonal, not excluded, is then met at t = 0 from the same point (and the bounce cap is spent).
    const c = fly([diag(500, 0, 600, 100)], 500, 900, 0, -1, 1);
    expect(c.events[0]).toMatchObject({ type: 'bounce', id: 0, x: 500, y: 0 });
    expect(c.events[1]).toMatchObject({ type: 'fade', id: 4, x: 500, y: 0, cause: 'bounceCap' });
  });

  it('the surface just reflected off is excluded from the next cast, and nothing else is', () => {
    // Off a "\" diagonal, a wisp going up turns left and starts on the segment: without the exclusion the
    // next cast would meet the same segment at t = 0. It goes on to the left wall instead.
    const once = fly([diag(400, 400, 600, 600)], 500, 900, 0, -1, 2);
    expect(types(once)).toEqual(['bounce:4', 'bounce:3', 'fade:4']);
    expect(once.path[1]).toEqual({ x: 500, y: 500 });
    expect(once.path[2]).toEqual({ x: 0, y: 500 });
    // A second, identical diagonal is not excluded: it is hit at t = 0 from the same point, and then the first
    // one again: the wisp ping-pongs in place, one bounce each, until the bounce cap.
    const twin = fly([diag(400, 400, 600, 600), diag(400, 400, 600, 600)], 500, 900, 0, -1, 5);
    expect(types(twin)).toEqual(['bounce:4', 'bounce:5', 'bounce:4', 'bounce:5', 'bounce:4', 'fade:5']);
    for (const e of twin.events) expect([e.x, e.y, e.distance]).toEqual([500, 500, 400]);
    // A beam touching the reflection point is hit at t = 0 too.
    const touching = fly([rect(300, 500, 500, 520), rect(500, 300, 520, 520)], 120, 900, 0.5, -0.5, 2);
    expect(types(touching).slice(0, 2)).toEqual(['bounce:4', 'bounce:5']);
    expect(touching.events[1]).toMatchObject({ x: 500, y: 520, distance: 760 });
  });

  it('a surface hit exactly at the budget mark resolves as the hit', () => {
    const exact = fly([], 540, 1360, 0, -1, 8, 1360);
    expect(types(exact)).toEqual(['bounce:0', 'fade:null']);
    expect(exact.events[1]).toMatchObject({ x: 540, y: 0, distance: 1360, cause: 'budget' });
    const short = fly([], 540, 1360, 0, -1, 8, 1359.5);
    expect(types(short)).toEqual(['fade:null']);
    expect(short.events[0]).toMatchObject({ x: 540, y: 0.5, cause: 'budget' });
    // A gong exactly at the budget mark rings and refills: the flight goes on.
    const g = fly([gong(540, 200)], 540, 1360, 0, -1, 8, 1134);
    expect(types(g).slice(0, 3)).toEqual(['gong:4', 'bounce:4', 'bounce:2']);
  });

  it('a gong struck twice in one shot rings once and refills once', () => {
    const f = fly([gong(540, 300)], 540, 1360, 0, -1, 8);
    expect(types(f)).toEqual(['gong:4', 'bounce:4', 'bounce:2', 'bounce:4', 'fade:null']);
    expect(f.events[0]).toMatchObject({ points: 25, x: 540, y: 326, distance: 1034 });
    expect(f.events[3]).toMatchObject({ points: 0, bounces: 3 });
    // 3200 after the refill: 1114 down, 1114 up, then 972 left of the way down.
    expect(f.events[4]).toMatchObject({ y: 326 + 972, distance: 1034 + 1114 + 1114 + 972, cause: 'budget' });
  });

  it('a first gong strike with the bounce cap spent rings, then the wisp fades at the gong', () => {
    const f = fly([gong(540, 300)], 540, 1360, 0, -1, 0);
    expect(types(f)).toEqual(['gong:4', 'fade:4']);
    expect(f.events[1]).toMatchObject({ cause: 'bounceCap', x: 540, y: 326, points: 0 });
  });

  it('a paper screen ends the flight', () => {
    const f = fly([screen(500, 600, 580, 614), lantern(540, 400)], 540, 1360, 0, -1, 8);
    expect(types(f)).toEqual(['absorb:4']);
    expect(f.path).toEqual([
      { x: 540, y: 1360 },
      { x: 540, y: 614 },
    ]);
  });

  it('the 64-event cap: event 64 is a fade at the point of event 63', () => {
    const f = fly([], 540, 700, 1, 0, 1000, 1e9);
    expect(f.events).toHaveLength(64);
    expect(f.events.slice(0, 63).every((e) => e.type === 'bounce')).toBe(true);
    expect(f.events[63]).toMatchObject({ type: 'fade', id: null, cause: 'eventCap', x: 1080, y: 700, bounces: 63 });
    expect(f.path).toHaveLength(65);
    expect(f.path[64]).toEqual(f.path[63]);
  });

  it('lighting mid-segment does not restart the segment, and costs no bounce or distance', () => {
    const bare = fly([], 540, 1360, 0.6, -0.8, 3);
    const lit = fly([lantern(600, 1280)], 540, 1360, 0.6, -0.8, 3);
    expect(lit.path).toEqual(bare.path);
    expect(lit.events.filter((e) => e.type !== 'light')).toEqual(bare.events);
    expect(lit.events[0]).toMatchObject({ type: 'light', id: 4, bounces: 0, points: 100, chain: 1 });
  });

  it('lanterns on one segment light in order of contact, chain positions and bank bonus counted', () => {
    const f = fly([lantern(540, 600), lantern(540, 900), lantern(540, 300, true)], 540, 1360, 0, -1, 3);
    const lights = f.events.filter((e) => e.type === 'light');
    expect(lights.map((e) => [e.id, e.chain, e.points, e.y])).toEqual([
      [5, 1, 100, 934],
      [4, 2, 200, 634],
    ]);
    // Third lantern lit after a bounce: 300 + 40 x 1 -- but it is already lit, so it is ignored.
    expect(f.events.some((e) => e.id === 6)).toBe(false);
    const banked = fly([lantern(540, 300)], 540, 1360, 0, 1, 8);
    expect(banked.events[1]).toMatchObject({ type: 'light', bounces: 1, points: 140 });
  });

  it('the bank bonus counts at most 5 bounces', () => {
    // Zig-zag between the side walls, up to the top wall (bounce 6), then across a lantern near the top-left.
    const f = fly([lantern(170, 42.5)], 540, 1400, 1, -0.25, 8, 1e6);
    expect(types(f).slice(0, 7)).toEqual(['bounce:1', 'bounce:3', 'bounce:1', 'bounce:3', 'bounce:1', 'bounce:0', 'light:4']);
    expect(f.events[6]).toMatchObject({ bounces: 6, chain: 1, points: 100 + 5 * 40 });
    const one = fly([lantern(540, 300)], 540, 1360, 0, 1, 8);
    expect(one.events[1]).toMatchObject({ type: 'light', bounces: 1, points: 140 });
  });

  it('tangents and edges are contact; a wisp inside a shape leaves it without contact', () => {
    expect(types(fly([lantern(574, 800)], 540, 1360, 0, -1, 0))[0]).toBe('light:4');
    expect(types(fly([lantern(575, 800)], 540, 1360, 0, -1, 0))[0]).toBe('fade:0');
    // Grazing the left edge of a rect (x = 540) travelling straight up: contact with its bottom face.
    expect(fly([rect(540, 500, 700, 520)], 540, 1360, 0, -1, 0).events[0]).toMatchObject({ type: 'fade', id: 4, y: 520 });
    // Inside a rect: passes out to the top wall. Inside a lantern: lights at t = 0.
    expect(fly([rect(500, 500, 700, 900)], 540, 800, 0, -1, 0).events[0]).toMatchObject({ type: 'fade', id: 0 });
    expect(fly([lantern(545, 805)], 540, 800, 0, -1, 0).events[0]).toMatchObject({ type: 'light', x: 540, y: 800, distance: 0 });
    // Inside a gong: passes out.
    expect(fly([gong(540, 800, 50)], 540, 800, 0, -1, 0).events[0]).toMatchObject({ type: 'fade', id: 0 });
    // Travelling exactly along a diagonal never touches it.
    expect(fly([diag(300, 300, 600, 600)], 200, 200, 0.5, 0.5, 0).events[0]).toMatchObject({ type: 'fade', id: 1, x: 1080, y: 1080 });
    // A diagonal's endpoint is part of it.
    expect(fly([diag(540, 500, 640, 600)], 540, 1360, 0, -1, 0).events[0]).toMatchObject({ type: 'fade', id: 4, y: 500 });
  });

  it('diagonals and gongs reflect by d - 2(d.n)n with the exact normal, re-rounded to 1e-9', () => {
    const down = fly([diag(400, 400, 600, 600)], 500, 900, 0, -1, 1);
    expect(down.path[2]).toEqual({ x: 0, y: 500 });
    const up = fly([diag(400, 600, 600, 400)], 500, 900, 0, -1, 1);
    expect(up.path[2]).toEqual({ x: 1080, y: 500 });
    // Off-centre gong strike: the normal through the contact point.
    const g = fly([gong(560, 500, 26)], 540, 1360, 0, -1, 1);
    const q = g.events.find((e) => e.type === 'bounce')!;
    const nx = (q.x - 560) / Math.sqrt((q.x - 560) ** 2 + (q.y - 500) ** 2);
    const ny = (q.y - 500) / Math.sqrt((q.x - 560) ** 2 + (q.y - 500) ** 2);
    const k = 0 * nx + -1 * ny;
    const r9 = (v: number) => Math.round(v * 1e9) / 1e9;
    const dx = r9(0 - 2 * k * nx);
    const dy = r9(-1 - 2 * k * ny);
    const end = g.path[2]!;
    // The next segment runs along the re-rounded direction: check the end point against it.
    const t = dx < 0 ? (0 - q.x) / dx : (1080 - q.x) / dx;
    const tY = dy < 0 ? (0 - q.y) / dy : (1440 - q.y) / dy;
    const tt = Math.min(t, tY);
    expect(end).toEqual({ x: q.x + tt * dx, y: q.y + tt * dy });
  });

  it('jsRound follows JavaScript Math.round, halves toward +infinity and -0 included', () => {
    const k = sim.kernel;
    const cases = [
      0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, -0.2, 1e300, -1e300, 4503599627370495.5, -0, 0,
    ];
    for (let i = 0; i < 20000; i++) cases.push((((i * 7919) % 20011) - 10005) / 4 + (i % 3 === 0 ? 1e-12 : 0));
    for (const x of cases) expect(Object.is(k.jsRound(x), Math.round(x))).toBe(true);
    for (const v of [0.1234567895, -0.1234567895, Math.SQRT1_2, -Math.SQRT1_2]) expect(k.round9(v)).toBe(Math.round(v * 1e9) / 1e9);
  });
});
