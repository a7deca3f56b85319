// The numbers the kernel and the TypeScript rules share, in ONE file. Written in the common subset of
// AssemblyScript and TypeScript (untyped integer consts: i32 in the kernel, number in src/), imported
// by assembly/index.ts and by src/board.ts and src/kernel.ts, so no code is ever copied by hand.

export const LANES = 7;
export const COLS = 10;
/** One entry per cell, cell = col * LANES + lane. */
export const CELLS = 70;
/** How many columns the survivability guarantee covers. */
export const HORIZON = 3;

// The board's fields: five i32 arrays of CELLS entries each, in this order in kernel memory.
export const FIELD_KIND = 0;
export const FIELD_HP = 1;
export const FIELD_DRIFT = 2;
export const FIELD_ID = 3;
/** The caller's own index of the entity, carried along as it moves (-1 for a fresh one). */
export const FIELD_SLOT = 4;
export const FIELDS = 5;

// Kind codes. 1..6 are the solids (1 hull on contact); 7 squall, 8 mote and 9 gate hurt nothing.
export const EMPTY = 0;
export const CRAG = 1;
export const KNOT = 2;
export const DRIFTER = 3;
export const RIMESHELL = 4;
export const SPARKER = 5;
export const WARDEN = 6;
export const SQUALL = 7;
export const MOTE = 8;
export const GATE = 9;
