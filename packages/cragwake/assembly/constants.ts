// Cragwake's constants shared by the kernel (assembly/index.ts, AssemblyScript) and the rules (src/, TypeScript):
// one file in the common subset of both languages (plain integer consts, i32 in AssemblyScript), so no value is
// copied by hand across the WASM boundary.

// Difficulty parameter ids: the rows of the kernel's table, and the keys of src/generator.ts's Param.
export const PARAM_TANK = 0;
export const PARAM_HOLDS_MIN = 1;
export const PARAM_HOLDS_MAX = 2;
export const PARAM_JUG_PCT = 3;
export const PARAM_BREATHS = 4;
export const PARAM_CRIMP_PCT = 5;
export const PARAM_CRACK_PCT = 6;
export const PARAM_OVERHANG_PCT = 7;
export const PARAM_ICY_PCT = 8;
export const PARAM_FROST_EVERY = 9;
export const PARAM_GUST_COLUMNS = 10;
export const PARAM_GUST_EVERY = 11;
export const PARAM_SWEEP_EVERY = 12;
export const PARAM_FORESIGHT = 13;
export const PARAM_COUNT = 14;

/** Pitches past this one play exactly like it (only the pitch award keeps growing). */
export const HELD_PITCH = 34;
export const COLUMNS = 6;
/** Every row divisible by this is a belay ledge. */
export const PITCH_ROWS = 10;

// A cell is one i32: 0 is bare rock; otherwise bit 0 = 1 (a hold), then kind, breaths, cracks and ice fields.
export const CELL_KIND_SHIFT = 1;
export const CELL_BREATHS_SHIFT = 3;
export const CELL_CRACKS_SHIFT = 5;
export const CELL_ICE_SHIFT = 7;
/** Each field is 2 bits wide. */
export const CELL_FIELD_MASK = 3;
export const KIND_JUG = 0;
export const KIND_PLAIN = 1;
export const KIND_CRIMP = 2;
export const ICE_DRY = 0;
export const ICE_FROSTING = 1;
export const ICE_ICY = 2;

// Named RNG streams of @hearth/rng hash(seed, stream, index) (arbitrary distinct constants; served in spec.appendix).
export const S_COUNT = 0x43570001;
export const S_COLUMNS = 0x43570002;
export const S_KIND = 0x43570003;
export const S_CRACKED = 0x43570004;
export const S_CRACKS = 0x43570005;
export const S_ICY = 0x43570006;
export const S_OVERHANG = 0x43570007;
export const S_GUST = 0x43570008;
export const S_ROCK = 0x43570009;
