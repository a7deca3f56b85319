// The difficulty schedule and column generation: unlocks at reaches 2, 3, 4, 5, 6 and 8, the cap at
// 13, the warden cap, walls with a single gap, crag runs, and the fixed RNG budget.
import { Stream, streamId } from '@hearth/rng';
import { describe, expect, it } from 'vitest';
import { CELLS, GATE, KIND_BY_CODE } from '../src/board.ts';
import { drawColumn, SLOTS } from '../src/generator.ts';
import { BUDGET, gateColumnAt, reachOfColumn, TIER_CAP, tier } from '../src/schedule.ts';
import { spec } from '../src/spec.ts';

function emptyBoard() {
  return {
    kind: new Int32Array(CELLS),
    hp: new Int32Array(CELLS),
    drift: new Int32Array(CELLS),
    id: new Int32Array(CELLS),
    slot: new Int32Array(CELLS).fill(-1),
  };
}

/** Kinds drawn over many content columns of a reach (column 9, empty board). */
function kindsAt(reach: number, samples = 3000) {
  const seen = new Map<string, number>();
  let walls = 0;
  let solids = 0;
  for (let i = 0; i < samples; i++) {
    const b = emptyBoard();
    const n = 21 * (reach - 1) + 1 + (i % 20);
    drawColumn(b, i * 7919, (i * BUDGET) >>> 0, n, 9, 0);
    let here = 0;
    for (let lane = 0; lane < 7; lane++) {
      const k = b.kind[63 + lane]!;
      if (k === 0) continue;
      const name = KIND_BY_CODE[k]!;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      if (k >= 1 && k <= 6) here++;
    }
    if (here === 6) walls++;
    solids += here;
  }
  return { seen, walls, meanSolids: solids / samples };
}

describe('difficulty schedule', () => {
  it('unlocks drifter at 2, squall at 3, rimeshell at 4, sparker at 5, warden at 6, walls at 8', () => {
    const unlock: Record<string, number> = { drifter: 2, squall: 3, rimeshell: 4, sparker: 5, warden: 6 };
    for (let reach = 1; reach <= 9; reach++) {
      const { seen, walls } = kindsAt(reach);
      for (const [kind, at] of Object.entries(unlock)) expect([reach, kind, (seen.get(kind) ?? 0) > 0]).toEqual([reach, kind, reach >= at]);
      expect([reach, walls > 0]).toEqual([reach, reach >= 8]);
      expect(seen.get('crag')).toBeGreaterThan(0);
      expect(seen.get('knot')).toBeGreaterThan(0);
    }
  });
  it('every reach adds solids and basalt and takes motes away, and everything caps at 13', () => {
    for (let r = 2; r <= TIER_CAP; r++) {
      const a = tier(r - 1);
      const b = tier(r);
      expect(b.solidsQuarters).toBeGreaterThan(a.solidsQuarters);
      expect(b.basaltPct).toBeGreaterThan(a.basaltPct);
      expect(b.runPct).toBeGreaterThan(a.runPct);
      expect(b.motePct).toBeLessThan(a.motePct);
    }
    expect(tier(14)).toEqual(tier(13));
    expect(tier(99)).toEqual(tier(13));
    // the measured mean of solids per content column rises every reach (walls from reach 8 push it up further)
    const drawn = Array.from({ length: TIER_CAP }, (_, i) => kindsAt(i + 1, 4000));
    const means = drawn.map((d) => d.meanSolids);
    for (let r = 1; r < TIER_CAP; r++) expect(means[r]).toBeGreaterThan(means[r - 1]!);
    expect(means[0]).toBeCloseTo(1, 1);
    // measured, not only scheduled: the basalt share of drawn solids rises and motes per column fall every reach
    const basalt = drawn.map((d) => (d.seen.get('crag') ?? 0) / (d.meanSolids * 4000));
    const motes = drawn.map((d) => (d.seen.get('mote') ?? 0) / 4000);
    for (let r = 1; r < TIER_CAP; r++) {
      expect([r + 1, basalt[r]! > basalt[r - 1]!]).toEqual([r + 1, true]);
      expect([r + 1, motes[r]! < motes[r - 1]!]).toEqual([r + 1, true]);
    }
  });
  it('wall columns (full walls, so more solids) appear at reach 8 and their chance rises every reach up to 13', () => {
    for (let r = 1; r < 8; r++) expect([r, tier(r).wallPct]).toEqual([r, 0]);
    expect(tier(8).wallPct).toBeGreaterThan(0);
    for (let r = 9; r <= TIER_CAP; r++) expect([r, tier(r).wallPct > tier(r - 1).wallPct]).toEqual([r, true]);
  });
  it("the served schedule (spec.appendix.schedule) is one row per reach 1..13, each that reach's world", () => {
    const rows = spec.appendix?.schedule as unknown as Record<string, unknown>[];
    expect(rows.map((row) => row.reach)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (const row of rows) expect(row).toEqual({ reach: row.reach, ...tier(row.reach as number) });
    // the unlocks the document names, read from the served rows: drifter 2, squall 3, rimeshell 4, sparker 5, warden 6, walls 8
    const first = (has: (row: Record<string, unknown>) => boolean) => rows.find(has)?.reach;
    const w = (row: Record<string, unknown>) => row.weights as Record<string, number>;
    expect([
      first((row) => w(row).drifter! > 0),
      first((row) => (row.squallPct as number) > 0),
      first((row) => w(row).rimeshell! > 0),
      first((row) => w(row).sparker! > 0),
      first((row) => w(row).warden! > 0),
      first((row) => (row.wallPct as number) > 0),
    ]).toEqual([2, 3, 4, 5, 6, 8]);
  });
  it('a Gate is every 21st drawn column, 7 markers wide', () => {
    const b = emptyBoard();
    drawColumn(b, 1, 0, 42, 9, 100);
    expect([...b.kind.slice(63, 70)]).toEqual([GATE, GATE, GATE, GATE, GATE, GATE, GATE]);
    expect(reachOfColumn(21)).toBe(1);
    // columns are numbered from 1: column 0 (nothing drawn yet) is no Gate, 21 and 42 are, 20 and 22 are not
    expect([0, 1, 20, 21, 22, 42, -21].map(gateColumnAt)).toEqual([false, false, false, true, false, true, false]);
    expect(reachOfColumn(22)).toBe(2);
  });
  it('a wall column is 6 solids and one empty gap, nothing else', () => {
    let walls = 0;
    for (let i = 0; i < 4000 && walls < 50; i++) {
      const b = emptyBoard();
      drawColumn(b, i, i * BUDGET, 21 * 9 + 3, 9, 0);
      const col = [...b.kind.slice(63, 70)];
      const solids = col.filter((k) => k >= 1 && k <= 2).length;
      if (solids === 6) {
        walls++;
        expect(col.filter((k) => k === 0).length).toBe(1);
      }
    }
    expect(walls).toBeGreaterThan(0);
  });
  it('never more than 2 wardens alive, at most one per column', () => {
    const b = emptyBoard();
    b.kind[10] = 6;
    b.kind[20] = 6;
    for (let i = 0; i < 2000; i++) {
      b.kind.fill(0, 63);
      drawColumn(b, i, i * BUDGET, 21 * 12 + 5, 9, 0);
      expect(b.kind.slice(63).includes(6)).toBe(false);
    }
    let two = 0;
    for (let i = 0; i < 2000; i++) {
      const c = emptyBoard();
      drawColumn(c, i, i * BUDGET, 21 * 12 + 5, 9, 0);
      const w = c.kind.slice(63).filter((k) => k === 6).length;
      expect(w).toBeLessThanOrEqual(1);
      if (w === 1) two++;
    }
    expect(two).toBeGreaterThan(0);
  });
  it('crags continue runs from the column to the left more often at higher reaches', () => {
    const runRate = (reach: number) => {
      let continued = 0;
      let chances = 0;
      const s = new Stream(reach, streamId('runs'));
      for (let i = 0; i < 3000; i++) {
        const b = emptyBoard();
        const lane = s.below(7);
        b.kind[56 + lane] = 1;
        drawColumn(b, i, i * BUDGET, 21 * (reach - 1) + 5, 9, 0);
        chances++;
        if (b.kind[63 + lane] === 1) continued++;
      }
      return continued / chances;
    };
    expect(runRate(12)).toBeGreaterThan(runRate(2) + 0.2);
  });
  it('a column depends only on (seed, cursor, n, the board to its left): the budget is fixed', () => {
    expect(Math.max(...Object.values(SLOTS))).toBeLessThan(BUDGET);
    const a = emptyBoard();
    const b = emptyBoard();
    drawColumn(a, 5, 480, 30, 9, 0);
    drawColumn(b, 5, 480, 30, 9, 0);
    expect([...a.kind]).toEqual([...b.kind]);
    const c = emptyBoard();
    drawColumn(c, 5, 480 + BUDGET, 30, 9, 0);
    // another cursor draws another column (almost surely)
    let differs = false;
    for (let seed = 0; seed < 20 && !differs; seed++) {
      const x = emptyBoard();
      const y = emptyBoard();
      drawColumn(x, seed, 480, 30, 9, 0);
      drawColumn(y, seed, 480 + BUDGET, 30, 9, 0);
      differs = x.kind.some((k, i) => k !== y.kind[i]);
    }
    expect(differs).toBe(true);
  });
});
