// The one file that instantiates Cragwake's kernel. Everything else receives the typed KernelExports.
import { instantiateJs } from './generated/kernel-js.js';
import type { KernelExports } from './generated/kernel-types.ts';
import { instantiateWasm } from './generated/kernel-wasm.ts';

export type { KernelExports as CragKernel };

/** Instantiates the kernel once per build: the WASM module (default, async) or its JavaScript build (wasm2js). */
export async function loadKernel(build: 'wasm' | 'js' = 'wasm'): Promise<KernelExports> {
  return build === 'js' ? instantiateJs() : instantiateWasm();
}
