// @ts-nocheck
// FlightSim (src/flight.ts): the kernel's layout memory holds at most MAX_ENTITIES (60) records besides the four walls;
// loading more is refused before anything is written, and a full memory still flies.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENTITIES } from '../src/constants.ts';
import { type EntityRecord, FlightSim } from '../src/flight.ts';
import { loadKernel } from '../src/kernel.ts';

let sim: FlightSim;
beforeAll(async () => {
  sim = new FlightSim(await loadKernel('wasm'));
});

// Small gongs in rows along the top of the arena, far from a shot straight up the middle until the first row.
const gongs = (n: number): EntityRecord[] =>
  Array.from({ length: n }, (_, i) => ({ kind: 'gong', x: 30 + (i % 20) * 50, y: 40 + Math.floor(i / 20) * 50, r: 10 }));

describe('FlightSim.load', () => {
  it(`takes exactly ${MAX_ENTITIES} records and refuses one more`, () => {
    expect(MAX_ENTITIES).toBe(60);
    const full = gongs(MAX_ENTITIES);
    expect(() => sim.load(full)).not.toThrow();
    expect(sim.count).toBe(60);
    // The last record is live: a wisp fired straight at it rings it (+25), gong id = 4 + 59.
    const last = full[59]!;
    const hit = sim.fly({ x: last.x, y: 1360 }, 0, -1, 8);
    expect(hit.events[0]).toMatchObject({ type: 'gong', id: 63, points: 25 });
    expect(() => sim.load(gongs(MAX_ENTITIES + 1))).toThrow('at most 60 entities');
    expect(sim.count).toBe(60);
  });
});

describe('FlightSim events', () => {
  it('carry chain exactly on a light and cause exactly on a fade, keys in canonical order', () => {
    const base = ['bounces', 'distance', 'id', 'points', 'type', 'x', 'y'];
    // Straight up through a lantern, off the top wall, back down to the bottom wall with the one bounce spent.
    sim.load([{ kind: 'lantern', x: 540, y: 700, r: 34 }]);
    const up = sim.fly({ x: 540, y: 1360 }, 0, -1, 1);
    expect(up.events.map((e) => e.type)).toEqual(['light', 'bounce', 'fade']);
    expect(Object.keys(up.events[0]!)).toEqual(['bounces', 'chain', 'distance', 'id', 'points', 'type', 'x', 'y']);
    expect(Object.keys(up.events[1]!)).toEqual(base);
    expect(Object.keys(up.events[2]!)).toEqual(['bounces', 'cause', 'distance', 'id', 'points', 'type', 'x', 'y']);
    // Faded at the surface it could not reflect off: the bottom wall, id 2.
    expect(up.events[2]).toMatchObject({ cause: 'bounceCap', id: 2, x: 540, y: 1440 });
    // A gong rung, then a paper screen absorbs the wisp.
    sim.load([
      { kind: 'gong', x: 540, y: 1000, r: 26 },
      { kind: 'screen', x0: 500, y0: 1200, x1: 600, y1: 1214 },
    ]);
    const down = sim.fly({ x: 540, y: 1100 }, 0, -1, 3);
    expect(down.events.map((e) => e.type)).toEqual(['gong', 'bounce', 'absorb']);
    for (const e of down.events) expect(Object.keys(e)).toEqual(base);
  });
});
