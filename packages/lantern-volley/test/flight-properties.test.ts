// Properties of every flight, checked against independent (test-only, tolerance-based) geometry over many shots:
// bounce points lie on their surface, reflections obey the mirror law, no surface is crossed before a segment ends,
// lanterns light exactly when touched, and the bookkeeping (path, bounces, distance, points) adds up.
import { Stream, streamId } from '@hearth/rng';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANGLE_COUNT, ARENA_HEIGHT, ARENA_WIDTH, waveRow } from '../src/constants.ts';
import { type EntityRecord, type FlightResult, FlightSim, layoutRecords } from '../src/flight.ts';
import { generateLayout } from '../src/generator.ts';
import { loadKernel } from '../src/kernel.ts';

const EPS = 1e-6;
const LAYOUTS = Number(process.env.LV_LAYOUTS ?? 24);
const SHOTS = 250;

type P = { x: number; y: number };
const sub = (a: P, b: P) => ({ x: a.x - b.x, y: a.y - b.y });
const len = (a: P) => Math.hypot(a.x, a.y);
const unit = (a: P) => ({ x: a.x / len(a), y: a.y / len(a) });

/** Distance from p to the closed box. */
function boxDistance(p: P, r: { x0: number; y0: number; x1: number; y1: number }) {
  const dx = Math.max(r.x0 - p.x, 0, p.x - r.x1);
  const dy = Math.max(r.y0 - p.y, 0, p.y - r.y1);
  return Math.hypot(dx, dy);
}
function segmentDistance(p: P, a: P, b: P) {
  const ab = sub(b, a);
  const s = Math.max(0, Math.min(1, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y)));
  return Math.hypot(p.x - (a.x + s * ab.x), p.y - (a.y + s * ab.y));
}
/** Does the open segment (a, b), shrunk by EPS at both ends, pass through the interior of the shape? */
function crosses(e: EntityRecord, a: P, b: P): boolean {
  const L = len(sub(b, a));
  if (L < 4 * EPS) return false;
  const steps = Math.ceil(L / 0.5);
  // Sampling at 0.5 units finds any crossing of shapes at least 1 unit thick (layout shapes are 14+ thick);
  // diagonals and thin crossings are checked exactly below.
  if (e.kind === 'diagonal') {
    const d = sub(b, a);
    const ex = e.x1 - e.x0;
    const ey = e.y1 - e.y0;
    const den = d.x * ey - d.y * ex;
    if (Math.abs(den) < 1e-12) return false;
    const t = ((e.x0 - a.x) * ey - (e.y0 - a.y) * ex) / den;
    const s = ((e.x0 - a.x) * d.y - (e.y0 - a.y) * d.x) / den;
    return t > (EPS * 10) / L && t < 1 - (EPS * 10) / L && s > 1e-9 && s < 1 - 1e-9;
  }
  for (let k = 1; k < steps; k++) {
    const p = { x: a.x + ((b.x - a.x) * k) / steps, y: a.y + ((b.y - a.y) * k) / steps };
    if (e.kind === 'gong') {
      if (Math.hypot(p.x - e.x, p.y - e.y) < e.r - 1e-3) return true;
    } else if (
      (e.kind === 'rect' || e.kind === 'screen') &&
      p.x > e.x0 + 1e-3 &&
      p.x < e.x1 - 1e-3 &&
      p.y > e.y0 + 1e-3 &&
      p.y < e.y1 - 1e-3
    )
      return true;
  }
  return false;
}

function check(f: FlightResult, entities: EntityRecord[], cap: number): string[] {
  const out: string[] = [];
  const bounces = f.events.filter((e) => e.type === 'bounce');
  if (f.path.length !== bounces.length + 2) out.push('path length is not bounces + 2');
  if (bounces.length > cap) out.push('more bounces than the cap');
  const last = f.events[f.events.length - 1]!;
  if (last.type !== 'fade' && last.type !== 'absorb') out.push('last event is not terminal');
  let travelled = 0;
  for (let i = 1; i < f.path.length; i++) travelled += len(sub(f.path[i]!, f.path[i - 1]!));
  if (Math.abs(travelled - last.distance) > 1e-5 * Math.max(1, last.distance))
    out.push(`distance ${last.distance} vs path length ${travelled}`);
  if (last.distance > 3200 * (1 + f.events.filter((e) => e.type === 'gong').length) + 1e-6)
    out.push('travelled beyond the budget and refills');
  // Each bounce point lies on its surface, and the direction obeys the mirror law.
  bounces.forEach((e, i) => {
    const q = { x: e.x, y: e.y };
    let onSurface: number;
    let normal: P | null = null;
    if (e.id! < 4) {
      onSurface = [Math.abs(q.y), Math.abs(q.x - ARENA_WIDTH), Math.abs(q.y - ARENA_HEIGHT), Math.abs(q.x)][e.id!]!;
    } else {
      const s = entities[e.id! - 4]!;
      if (s.kind === 'rect') onSurface = boxDistance(q, s) + Math.max(0, Math.min(q.x - s.x0, s.x1 - q.x, q.y - s.y0, s.y1 - q.y));
      else if (s.kind === 'diagonal') {
        onSurface = segmentDistance(q, { x: s.x0, y: s.y0 }, { x: s.x1, y: s.y1 });
        normal = unit({ x: -(s.y1 - s.y0), y: s.x1 - s.x0 });
      } else if (s.kind === 'gong') {
        onSurface = Math.abs(Math.hypot(q.x - s.x, q.y - s.y) - s.r);
        normal = unit({ x: q.x - s.x, y: q.y - s.y });
      } else onSurface = Number.POSITIVE_INFINITY;
    }
    if (!(onSurface < 1e-6)) out.push(`bounce ${i} on ${e.id} is ${onSurface} off its surface`);
    const a = f.path[i]!;
    const b = f.path[i + 1]!;
    const c = f.path[i + 2]!;
    if (len(sub(b, a)) < 1 || len(sub(c, b)) < 1) return;
    const u = unit(sub(b, a));
    const v = unit(sub(c, b));
    let expected: P;
    if (normal) {
      const k = u.x * normal.x + u.y * normal.y;
      expected = { x: u.x - 2 * k * normal.x, y: u.y - 2 * k * normal.y };
    } else {
      // Axis flips: each component keeps its size and either keeps or flips its sign.
      expected = { x: Math.abs(v.x - u.x) < Math.abs(v.x + u.x) ? u.x : -u.x, y: Math.abs(v.y - u.y) < Math.abs(v.y + u.y) ? u.y : -u.y };
      if (Math.abs(expected.x - u.x) < 1e-12 && Math.abs(expected.y - u.y) < 1e-12) out.push(`bounce ${i} did not change direction`);
    }
    if (len(sub(v, expected)) > 1e-5) out.push(`bounce ${i} on ${e.id} breaks the mirror law`);
  });
  // No surface is crossed before a segment ends (the earliest hit wins).
  for (let i = 1; i < f.path.length; i++) {
    const a = f.path[i - 1]!;
    const b = f.path[i]!;
    entities.forEach((s, k) => {
      if (s.kind !== 'lantern' && crosses(s, a, b)) out.push(`segment ${i} crosses entity ${k + 4}`);
    });
  }
  // Every unlit lantern the path touches lights once; none that it misses does.
  const lit = new Set(f.events.filter((e) => e.type === 'light').map((e) => e.id));
  entities.forEach((s, k) => {
    if (s.kind !== 'lantern' || s.lit) return;
    let closest = Number.POSITIVE_INFINITY;
    for (let i = 1; i < f.path.length; i++) closest = Math.min(closest, segmentDistance({ x: s.x, y: s.y }, f.path[i - 1]!, f.path[i]!));
    if (closest < s.r - 1e-6 && !lit.has(k + 4)) out.push(`lantern ${k + 4} touched but not lit`);
    if (closest > s.r + 1e-6 && lit.has(k + 4)) out.push(`lantern ${k + 4} lit but not touched`);
  });
  let chain = 0;
  for (const e of f.events) {
    if (e.type === 'light') {
      chain++;
      if (e.chain !== chain || e.points !== 100 * chain + 40 * Math.min(5, e.bounces)) out.push('light points');
    }
  }
  return out;
}

let sim: FlightSim;
beforeAll(async () => {
  sim = new FlightSim(await loadKernel('wasm'));
});

describe('flight properties against independent geometry', () => {
  it(`hold on ${LAYOUTS * SHOTS * 2} shots over generated layouts, with and without their screens`, () => {
    const rng = new Stream(0x9e0, streamId('lantern-volley/properties'));
    const problems: string[] = [];
    let bouncesSeen = 0;
    for (let l = 0; l < LAYOUTS; l++) {
      const wave = 1 + (l % 8);
      const { layout } = generateLayout(rng.next(), wave, sim);
      const lit = layout.lanterns.map(() => rng.percent(25));
      for (const variant of [layout, { ...layout, screens: [] }]) {
        const entities = layoutRecords(variant, lit);
        sim.load(entities);
        const cap = waveRow(wave).bounceCap;
        for (let s = 0; s < SHOTS; s++) {
          const index = rng.below(ANGLE_COUNT);
          const f = sim.shoot(index, cap);
          bouncesSeen += f.events.filter((e) => e.type === 'bounce').length;
          for (const p of check(f, entities, cap)) problems.push(`wave ${wave} angle ${index}: ${p}`);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(bouncesSeen).toBeGreaterThan(LAYOUTS * SHOTS);
  });

  it('the checker itself catches tampered flights', () => {
    const entities: EntityRecord[] = [
      { kind: 'rect', x0: 400, y0: 500, x1: 700, y1: 520 },
      { kind: 'lantern', x: 540, y: 900, r: 34 },
      { kind: 'diagonal', x0: 100, y0: 100, x1: 200, y1: 200 },
    ];
    sim.load(entities);
    const f = sim.shoot(750, 4);
    expect(check(f, entities, 4)).toEqual([]);
    const moved = structuredClone(f);
    moved.path[1]!.y += 0.01;
    moved.events.find((e) => e.type === 'bounce')!.y += 0.01;
    expect(check(moved, entities, 4).length).toBeGreaterThan(0);
    const unlit = structuredClone(f);
    unlit.events = unlit.events.filter((e) => e.type !== 'light');
    expect(check(unlit, entities, 4)).toContain('lantern 5 touched but not lit');
    const through = structuredClone(f);
    through.path[1] = { x: 540, y: 400 };
    expect(check(through, entities, 4).some((p) => p.includes('crosses entity 4'))).toBe(true);
    expect(check(f, entities, 0)).toContain('more bounces than the cap');
  });
});
