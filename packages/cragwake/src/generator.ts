// The wall as the rules see it: typed wrappers over the kernel (row content, difficulty, repair, gusts,
// rockfall). The kernel is passed in at load time; nothing here keeps a global.
import type { CragKernel } from './kernel.ts';
import type { Cell, Hold, Ice, Kind, Row } from './state.ts';

/** Parameter ids, in the order of the kernel's table (assembly/index.ts PARAM_*). */
export const Param = {
  tank: 0,
  holdsMin: 1,
  holdsMax: 2,
  jugPct: 3,
  breaths: 4,
  crimpPct: 5,
  crackPct: 6,
  overhangPct: 7,
  icyPct: 8,
  frostEvery: 9,
  gustColumns: 10,
  gustEvery: 11,
  sweepEvery: 12,
  foresight: 13,
} as const;
export type ParamName = keyof typeof Param;
export const PARAM_NAMES = Object.keys(Param) as ParamName[];

/** Every parameter at one pitch. */
export type Difficulty = Record<ParamName, number>;

/** Pitches past this one play exactly like it (only the pitch award keeps growing). */
export const HELD_PITCH = 34;

const KINDS: readonly Kind[] = ['jug', 'plain', 'crimp'];
const ICES: readonly Ice[] = ['dry', 'frosting', 'icy'];

export interface Wall {
  readonly kernel: CragKernel;
  /** The difficulty of a pitch (>= 1; held at 34 beyond). */
  difficulty(pitch: number): Difficulty;
  /** The generated row (fogged false), a fresh object. */
  row(seed: number, row: number): Row;
  /** The hold mask of the generated row (bit c = column c), cheaper than row(). */
  rowMask(seed: number, row: number): number;
  /** Columns where the repair writes a plain solid hold in the row above (bit mask). */
  repairColumns(belowMask: number, aboveMask: number): number;
  /** Gusting columns on a turn (ascending), under a pitch's difficulty. */
  gusts(seed: number, turn: number, pitch: number): number[];
  /** The column swept at the end of a turn, or null, under a pitch's difficulty. */
  rockfall(seed: number, turn: number, pitch: number): number | null;
}

export function createWall(kernel: CragKernel): Wall {
  const table: Difficulty[] = [];
  for (let p = 0; p <= HELD_PITCH; p++) {
    const d = {} as Difficulty;
    for (const name of PARAM_NAMES) d[name] = kernel.difficulty(Param[name], Math.max(1, p));
    table.push(Object.freeze(d));
  }
  const difficulty = (pitch: number): Difficulty => table[Math.min(Math.max(pitch, 1), HELD_PITCH)] as Difficulty;
  const out = kernel.rowBuffer();
  let view = new Int32Array(kernel.memory.buffer, out, 7);
  const cells = (): Int32Array => {
    // A view on a detached buffer (after a memory.grow) has length 0; the kernel's stub runtime never grows.
    if (view.length === 0) view = new Int32Array(kernel.memory.buffer, out, 7);
    return view;
  };
  return {
    kernel,
    difficulty,
    row(seed, row) {
      kernel.generateRow(seed >>> 0, row);
      const raw = cells();
      const list: Cell[] = [];
      for (let c = 0; c < 6; c++) list.push(decodeCell(raw[c] as number));
      return { row, overhang: raw[6] === 1, fogged: false, cells: list };
    },
    rowMask: (seed, row) => kernel.generateRow(seed >>> 0, row),
    repairColumns: (belowMask, aboveMask) => kernel.repairColumns(belowMask, aboveMask),
    gusts(seed, turn, pitch) {
      const d = difficulty(pitch);
      const mask = kernel.gustMask(seed >>> 0, turn >>> 0, d.gustColumns, d.gustEvery);
      const cols: number[] = [];
      for (let c = 0; c < 6; c++) if (mask & (1 << c)) cols.push(c);
      return cols;
    },
    rockfall(seed, turn, pitch) {
      const col = kernel.rockfallColumn(seed >>> 0, turn >>> 0, difficulty(pitch).sweepEvery);
      return col < 0 ? null : col;
    },
  };
}

/** The kernel's i32 cell encoding (see assembly/index.ts) as a state cell. */
export function decodeCell(v: number): Cell {
  if (v === 0) return null;
  const hold: Hold = {
    kind: KINDS[(v >> 1) & 3] as Kind,
    breaths: (v >> 3) & 3,
    cracks: (v >> 5) & 3,
    ice: ICES[(v >> 7) & 3] as Ice,
  };
  return hold;
}
