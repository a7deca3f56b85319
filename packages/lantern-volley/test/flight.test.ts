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
