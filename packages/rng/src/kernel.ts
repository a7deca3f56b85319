// The one file that instantiates this package's kernel. Everything else calls typed functions.
import { instantiateJs } from './generated/kernel-js.js';
import type { KernelExports } from './generated/kernel-types.ts';
import { instantiateWasm } from './generated/kernel-wasm.ts';

export type { KernelExports as RngKernel };

/** Loads the WASM build of the RNG kernel (async once). */
export function loadRngWasm(): Promise<KernelExports> {
  return instantiateWasm();
}

/** The JavaScript build of the same module (wasm2js): the other side of differential tests and benchmarks. */
export function loadRngJs(): KernelExports {
  return instantiateJs();
}
