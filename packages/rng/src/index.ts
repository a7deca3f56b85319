export { below, hash, percent, range, shuffle, shuffled } from './hash.ts';
export { loadRngJs, loadRngWasm, type RngKernel } from './kernel.ts';
export { Stream, streamId, toSeed } from './stream.ts';
