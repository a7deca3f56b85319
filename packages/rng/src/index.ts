export { below, hash, percent, range, shuffle, shuffled } from './hash.ts';
export { loadRngJs, loadRngWasm, type RngKernel } from './kernel.ts';
export { parseSeedNumber, parseSeedText, SEED_RULE, type SeedParse } from './seed.ts';
export { Stream, streamId, toSeed } from './stream.ts';
