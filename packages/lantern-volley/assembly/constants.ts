// Lantern Volley's numbers and its one scoring table, shared by the kernel (assembly/index.ts, AssemblyScript) and
// the rules and bots (src/, TypeScript): ONE file in the common subset of both languages (untyped integer consts,
// i32 in the kernel and number in src/; `number` is f64 in AssemblyScript), so nothing is copied by hand across
// the WASM boundary. Values from the design document unless marked as this engine's own.

// The arena (origin top-left, y grows downward) and the brazier every wisp starts from.
export const ARENA_WIDTH = 1080;
export const ARENA_HEIGHT = 1440;
export const BRAZIER_X = 540;
export const BRAZIER_Y = 1360;
/** Each wisp's distance budget, refilled by a gong's first strike. */
export const DISTANCE_BUDGET = 3200;
export const LANTERN_RADIUS = 34;
/** Flight events per shot at most (the safety cap). */
export const EVENT_CAP = 64;

// Angles: k / 10 degrees for k in 150..1650; the direction table's index is k - 150.
export const MIN_ANGLE = 15;
export const MAX_ANGLE = 165;
export const FIRST_TENTH = 150;
export const ANGLE_COUNT = 1501;

/** Walls own ids 0..3 (top, right, bottom, left); layout entities take ids from 4. */
export const FIRST_ENTITY_ID = 4;

// Scoring: the one table the kernel's events and the solver's planning both read.
export const LANTERN_STEP = 100;
export const BANK_PER_BOUNCE = 40;
export const BANKED_BOUNCE_CAP = 5;
export const GONG_POINTS = 25;
export const WAVE_CLEAR_POINTS = 200;
export const PER_UNSPENT_WISP = 150;
export const ONE_SHOT_WONDER = 300;
export const ONE_SHOT_WONDER_MIN_LANTERNS = 3;

/** Points of a lantern lit `chain`-th in its shot after `bounces` reflections: 100 x chain + 40 x min(bounces, 5). */
export function lanternPoints(chain: number, bounces: number): number {
  return chain * LANTERN_STEP + Math.min(bounces, BANKED_BOUNCE_CAP) * BANK_PER_BOUNCE;
}

// Kernel record layout (this engine's own): the layout is LAYOUT_REC f64 per entity [kind, a, b, c, d, lit], the
// events EVENT_REC f64 each [kind, id, x, y, bounces, distance, points, detail], the path x, y pairs.
export const MAX_ENTITIES = 60;
export const LAYOUT_REC = 6;
export const EVENT_REC = 8;
/** Path vertices at most: the start, one per event, the end. */
export const MAX_PATH = 66;

// The kernel's cast grid (this engine's own): GRID_COLS x GRID_ROWS cells of GRID_CELL units over the arena.
export const GRID_CELL = 120;
export const GRID_COLS = 9;
export const GRID_ROWS = 12;

// Entity kinds in layout records.
export const KIND_RECT = 1;
export const KIND_DIAG = 2;
export const KIND_SCREEN = 3;
export const KIND_GONG = 4;
export const KIND_LANTERN = 5;

// Event kinds and fade causes in event records.
export const EVENT_BOUNCE = 1;
export const EVENT_LIGHT = 2;
export const EVENT_GONG = 3;
export const EVENT_ABSORB = 4;
export const EVENT_FADE = 5;
export const FADE_BUDGET = 1;
export const FADE_BOUNCE_CAP = 2;
export const FADE_EVENT_CAP = 3;
