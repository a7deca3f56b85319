// The wall as the rules see it: typed wrappers over the kernel (row content, difficulty, repair, gusts,
// rockfall). The kernel is passed in at load time; nothing here keeps a global.
import * as K from '../assembly/constants.ts';
import type { CragKernel } from './kernel.ts';
import { type Cell, holdOf, type Ice, type Kind, type Row } from './state.ts';

/** Parameter ids: the kernel's table rows, from the one shared constants file. */
export const Param = {
  tank: K.PARAM_TANK,
  holdsMin: K.PARAM_HOLDS_MIN,
  holdsMax: K.PARAM_HOLDS_MAX,
  jugPct: K.PARAM_JUG_PCT,
  breaths: K.PARAM_BREATHS,
  crimpPct: K.PARAM_CRIMP_PCT,
  crackPct: K.PARAM_CRACK_PCT,
  overhangPct: K.PARAM_OVERHANG_PCT,
  icyPct: K.PARAM_ICY_PCT,
  frostEvery: K.PARAM_FROST_EVERY,
  gustColumns: K.PARAM_GUST_COLUMNS,
  gustEvery: K.PARAM_GUST_EVERY,
  sweepEvery: K.PARAM_SWEEP_EVERY,
  foresight: K.PARAM_FORESIGHT,
} as const;
export type ParamName = keyof typeof Param;
export const PARAM_NAMES = Object.keys(Param) as ParamName[];

/** Every parameter at one pitch. */
export type Difficulty = Record<ParamName, number>;

/** Pitches past this one play exactly like it (only the pitch award keeps growing). */
export const HELD_PITCH = K.HELD_PITCH;

// The kernel's KIND_* and ICE_* codes by name.
const KINDS: Readonly<Record<number, Kind>> = { [K.KIND_JUG]: 'jug', [K.KIND_PLAIN]: 'plain', [K.KIND_CRIMP]: 'crimp' };
const ICES: Readonly<Record<number, Ice>> = { [K.ICE_DRY]: 'dry', [K.ICE_FROSTING]: 'frosting', [K.ICE_ICY]: 'icy' };

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
  // A view taken per row: a grown WebAssembly memory detaches every view taken on it before (the kernel's stub
  // runtime never grows, but a kept view would be one memory.grow from reading nothing).
  const cells = (): Int32Array => new Int32Array(kernel.memory.buffer, out, 7);
  return {
    kernel,
    difficulty,
    row(seed, row) {
      kernel.generateRow(seed >>> 0, row);
      const raw = cells();
      // A literal: the six cells in one allocation beside the row (pushing grew a 17-slot store elsewhere), so a
      // batch of environments reads its bands from fewer cache lines (the tensor encoder waits on them).
      const list: Cell[] = [
        decodeCell(raw[0] as number),
        decodeCell(raw[1] as number),
        decodeCell(raw[2] as number),
        decodeCell(raw[3] as number),
        decodeCell(raw[4] as number),
        decodeCell(raw[5] as number),
      ];
      return { cells: list, fogged: false, overhang: raw[6] === 1, row };
    },
    rowMask: (seed, row) => kernel.generateRow(seed >>> 0, row),
    repairColumns: (belowMask, aboveMask) => kernel.repairColumns(belowMask, aboveMask),
    gusts(seed, turn, pitch) {
      const d = difficulty(pitch);
      const mask = kernel.gustMask(seed >>> 0, turn >>> 0, d.gustColumns, d.gustEvery);
      const cols: number[] = [];
      for (let c = 0, m = mask; m !== 0; c++, m >>>= 1) if (m & 1) cols.push(c);
      return cols;
    },
    rockfall(seed, turn, pitch) {
      const col = kernel.rockfallColumn(seed >>> 0, turn >>> 0, difficulty(pitch).sweepEvery);
      return col < 0 ? null : col;
    },
  };
}

/** The kernel's i32 cell encoding (assembly/constants.ts) as a state cell. */
export function decodeCell(v: number): Cell {
  if (v === 0) return null;
  const m = K.CELL_FIELD_MASK;
  return holdOf(
    KINDS[(v >> K.CELL_KIND_SHIFT) & m]!,
    (v >> K.CELL_BREATHS_SHIFT) & m,
    (v >> K.CELL_CRACKS_SHIFT) & m,
    ICES[(v >> K.CELL_ICE_SHIFT) & m]!,
  );
}
