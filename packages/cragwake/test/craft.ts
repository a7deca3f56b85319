// Hand-made positions for unit tests: a real band from the seed, then the cells a test needs.
import { freshBand } from '../src/band.ts';
import type { Wall } from '../src/generator.ts';
import { type Cell, type CragState, type Hold, rowAt } from '../src/state.ts';

export const hold = (kind: Hold['kind'], extra: Partial<Hold> = {}): Hold => ({ kind, breaths: 0, cracks: 0, ice: 'dry', ...extra });

/**
 * A climbing state at (row, col) with the given high point and pitch; every cell in play (floor to the next
 * belay, out of the fog) starts plain and dry; rows above the next belay stay as generated, as in play.
 */
export function craft(
  wall: Wall,
  o: { seed?: number; pitch?: number; highPoint: number; row: number; col: number; stamina?: number; turn?: number },
): CragState {
  const seed = o.seed ?? 11;
  const pitch = o.pitch ?? Math.floor(o.highPoint / 10) + 1;
  const d = wall.difficulty(pitch);
  const band = freshBand(wall, seed, o.highPoint, d.foresight);
  for (const r of band) {
    if (r.fogged || r.row % 10 === 0 || r.row > 10 * pitch) continue;
    r.overhang = false;
    for (let c = 0; c < 6; c++) r.cells[c] = hold('plain');
  }
  return {
    seed,
    turn: o.turn ?? 0,
    phase: 'climbing',
    ending: null,
    row: o.row,
    col: o.col,
    stamina: o.stamina ?? d.tank,
    tank: d.tank,
    pitch,
    highPoint: o.highPoint,
    score: 10 * o.highPoint,
    cleanStreak: 0,
    pitchDipped: false,
    spindrift: 0,
    band,
    gusts: { now: [], next: [] },
    rockfall: { now: null, next: null },
  };
}

export function setCell(s: CragState, row: number, col: number, cell: Cell): void {
  (rowAt(s, row) as NonNullable<ReturnType<typeof rowAt>>).cells[col] = cell;
}

export function cell(s: CragState, row: number, col: number): Cell {
  return rowAt(s, row)?.cells[col] ?? null;
}
