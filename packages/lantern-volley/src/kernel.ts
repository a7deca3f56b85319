// The one file that instantiates this package's kernel. Everything else calls typed functions.
import { instantiateJs } from './generated/kernel-js.js';
import type { KernelExports } from './generated/kernel-types.ts';
import { instantiateWasm } from './generated/kernel-wasm.ts';

export type { KernelExports as FlightKernel };

/** Loads the flight kernel: the WASM module (default, async once) or its wasm2js JavaScript build. */
export async function loadKernel(kind: 'wasm' | 'js' = 'wasm'): Promise<KernelExports> {
  return kind === 'js' ? instantiateJs() : instantiateWasm();
}
