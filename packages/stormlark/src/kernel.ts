// The one file that instantiates Stormlark's kernel (assembly/index.ts). Everything else receives the
// typed StormlarkKernel: the board views and the functions, passed in at load time, never a global.
import { CELLS, FIELD_DRIFT, FIELD_HP, FIELD_ID, FIELD_KIND, FIELD_SLOT } from '../assembly/constants.ts';
import type { BoardViews } from './board.ts';
import { instantiateJs } from './generated/kernel-js.js';
import type { KernelExports } from './generated/kernel-types.ts';
import { instantiateWasm } from './generated/kernel-wasm.ts';

export type KernelBuild = 'wasm' | 'js';

export interface StormlarkKernel {
  readonly build: KernelBuild;
  /** The shared board in kernel memory. */
  readonly board: BoardViews;
  /** Rule steps 3-5 on the board; returns the lanes a sparker discharge swept (bit per lane). */
  advance(shipLane: number, wardenMove: boolean): number;
  /** The survivability search: 0 when some lane crosses columns 1..3 dodging only, else the first failing column. */
  failingColumn(column: number): number;
  /** Rule step 10: deletes blocking solids until the search passes; returns the number deleted. */
  repair(column: number, shipLane: number): number;
  /** The raw exports, for tests and benchmarks. */
  readonly raw: KernelExports;
}

function wrap(raw: KernelExports, build: KernelBuild): StormlarkKernel {
  const base = raw.board() >>> 0;
  const view = (field: number) => new Int32Array(raw.memory.buffer, base + field * CELLS * 4, CELLS);
  return {
    build,
    board: { kind: view(FIELD_KIND), hp: view(FIELD_HP), drift: view(FIELD_DRIFT), id: view(FIELD_ID), slot: view(FIELD_SLOT) },
    advance: (shipLane, wardenMove) => raw.advance(shipLane, wardenMove),
    failingColumn: (column) => raw.failingColumn(column),
    repair: (column, shipLane) => raw.repair(column, shipLane),
    raw,
  };
}

let wasmKernel: Promise<StormlarkKernel> | undefined;
let jsKernel: StormlarkKernel | undefined;

/** The kernel for a build, instantiated once per process (the WASM step is the only async one). */
export function loadKernel(build: KernelBuild = 'wasm'): Promise<StormlarkKernel> {
  if (build === 'js') {
    jsKernel ??= wrap(instantiateJs(), 'js');
    return Promise.resolve(jsKernel);
  }
  wasmKernel ??= instantiateWasm().then((raw) => wrap(raw, 'wasm'));
  return wasmKernel;
}

/** A fresh, unshared instance (differential tests and benchmarks compare two builds side by side). */
export async function instantiateKernel(build: KernelBuild): Promise<StormlarkKernel> {
  return wrap(build === 'js' ? instantiateJs() : await instantiateWasm(), build);
}
