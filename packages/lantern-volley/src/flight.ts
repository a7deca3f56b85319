// Typed access to the flight kernel: writes a layout into its memory, fires shots, reads events and path.
import { DISTANCE_BUDGET, EVENT_KIND, EVENT_REC, FADE_CAUSE, KIND, LAYOUT_REC, MAX_ENTITIES } from './constants.ts';
import type { FlightKernel } from './kernel.ts';
import type { Layout } from './layout.ts';
import type { EventType, FadeCause, Point, ShotEvent } from './shapes/state.ts';

export type { EventType, FadeCause, Point, ShotEvent } from './shapes/state.ts';

export interface FlightResult {
  path: Point[];
  events: ShotEvent[];
}

/** A raw entity record for hand-built geometry (tests) or a layout. */
export type EntityRecord =
  | { kind: 'rect' | 'diagonal' | 'screen'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'gong' | 'lantern'; x: number; y: number; r: number; lit?: boolean };

/** Flattens a layout into kernel records, in id order. `lit[i]` marks lantern i as already lit. */
export function layoutRecords(layout: Layout, lit: readonly boolean[] = []): EntityRecord[] {
  const out: EntityRecord[] = [];
  for (const b of layout.beams) out.push({ kind: b.shape, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 });
  for (const s of layout.screens) out.push({ kind: 'screen', x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1 });
  for (const g of layout.gongs) out.push({ kind: 'gong', x: g.x, y: g.y, r: g.r });
  layout.lanterns.forEach((l, i) => {
    out.push({ kind: 'lantern', x: l.x, y: l.y, r: l.r, lit: lit[i] === true });
  });
  return out;
}

/** One kernel instance with a layout loaded. Not re-entrant: one shot at a time. */
export class FlightSim {
  count = 0;
  constructor(readonly kernel: FlightKernel) {}

  private f64(ptr: number, length: number): Float64Array {
    return new Float64Array(this.kernel.memory.buffer, ptr, length);
  }

  load(records: readonly EntityRecord[]): this {
    if (records.length > MAX_ENTITIES) throw new Error(`at most ${MAX_ENTITIES} entities`);
    const mem = this.f64(this.kernel.layoutPtr(), records.length * LAYOUT_REC);
    records.forEach((r, i) => {
      const o = i * LAYOUT_REC;
      mem[o] = KIND[r.kind];
      if ('x0' in r) {
        // rect, diagonal, screen: the box
        mem[o + 1] = r.x0;
        mem[o + 2] = r.y0;
        mem[o + 3] = r.x1;
        mem[o + 4] = r.y1;
        mem[o + 5] = 0;
      } else {
        // gong, lantern: centre, radius, lit flag (the kernel reads the flag of lantern records only)
        mem[o + 1] = r.x;
        mem[o + 2] = r.y;
        mem[o + 3] = r.r;
        mem[o + 4] = 0;
        mem[o + 5] = r.lit ? 1 : 0;
      }
    });
    this.count = records.length;
    this.kernel.indexLayout(this.count);
    return this;
  }

  loadLayout(layout: Layout, lit: readonly boolean[] = []): this {
    return this.load(layoutRecords(layout, lit));
  }

  /** Moves lantern record `index` to (x, y) without reloading the layout (lanterns are not in the cast grid). */
  moveCircle(index: number, x: number, y: number): void {
    const mem = this.f64(this.kernel.layoutPtr(), this.count * LAYOUT_REC);
    mem[index * LAYOUT_REC + 1] = x;
    mem[index * LAYOUT_REC + 2] = y;
  }

  /** Fires table angle `index` from the brazier; returns the number of events (read them with `result`). */
  shootRaw(index: number, bounceCap: number): number {
    return this.kernel.shoot(index, bounceCap, this.count);
  }

  shoot(index: number, bounceCap: number): FlightResult {
    this.shootRaw(index, bounceCap);
    return this.result();
  }

  /** A free flight for hand-built geometry: any origin, direction, budget and bounce cap. */
  fly(origin: Point, dx: number, dy: number, bounceCap: number, budget = DISTANCE_BUDGET): FlightResult {
    this.kernel.flight(origin.x, origin.y, dx, dy, budget, bounceCap, this.count);
    return this.result();
  }

  /** The raw event records of the last shot (EVENT_REC f64 each): a view into kernel memory, valid until the next shot. */
  rawEvents(eventCount: number): Float64Array {
    return this.f64(this.kernel.eventsPtr(), eventCount * EVENT_REC);
  }

  /** The raw path of the last shot (x, y pairs): a view into kernel memory. */
  rawPath(): Float64Array {
    return this.f64(this.kernel.pathPtr(), this.kernel.pathLength() * 2);
  }

  result(): FlightResult {
    const path: Point[] = [];
    const rawPath = this.rawPath();
    for (let i = 0; i < rawPath.length; i += 2) path.push({ x: rawPath[i]!, y: rawPath[i + 1]! });
    return { path, events: this.lastEvents() };
  }

  private lastEvents(): ShotEvent[] {
    const all = this.rawEvents(this.kernel.eventTotal());
    const events: ShotEvent[] = [];
    for (let o = 0; o < all.length; o += EVENT_REC) {
      const type: EventType = EVENT_KIND[all[o] as keyof typeof EVENT_KIND];
      const rawId = all[o + 1]!;
      // Keys in canonical (sorted) order, the optional cause and chain in their places: events travel in the state.
      const bounces = all[o + 4]!;
      const distance = all[o + 5]!;
      const id = rawId < 0 ? null : rawId;
      const points = all[o + 6]!;
      const x = all[o + 2]!;
      const y = all[o + 3]!;
      if (type === 'light') events.push({ bounces, chain: all[o + 7]!, distance, id, points, type, x, y });
      else if (type === 'fade')
        events.push({ bounces, cause: FADE_CAUSE[all[o + 7] as keyof typeof FADE_CAUSE] as FadeCause, distance, id, points, type, x, y });
      else events.push({ bounces, distance, id, points, type, x, y });
    }
    return events;
  }
}
