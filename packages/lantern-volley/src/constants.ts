// Fixed numbers of the game, from the design document (and the kernel's record layout, mirrored here).

export const ARENA_WIDTH = 1080;
export const ARENA_HEIGHT = 1440;
export const BRAZIER = { x: 540, y: 1360 } as const;
export const DISTANCE_BUDGET = 3200;
export const LANTERN_RADIUS = 34;
export const EVENT_CAP = 64;
export const MIN_ANGLE = 15;
export const MAX_ANGLE = 165;
/** Legal angles are k / 10 degrees, k in 150..1650: table index = k - 150. */
export const FIRST_TENTH = 150;
export const ANGLE_COUNT = 1501;

/** Walls own ids 0..3 in this order; layout entities start at 4. */
export const WALL_NAMES = ['top', 'right', 'bottom', 'left'] as const;
export const FIRST_ENTITY_ID = 4;

/** Wave table (wave: lanterns / wisps / bounceCap), index 0 = wave 1. */
export const WAVES = [
  { lanterns: 3, wisps: 5, bounceCap: 4 },
  { lanterns: 4, wisps: 5, bounceCap: 5 },
  { lanterns: 4, wisps: 5, bounceCap: 6 },
  { lanterns: 5, wisps: 6, bounceCap: 6 },
  { lanterns: 6, wisps: 6, bounceCap: 7 },
  { lanterns: 6, wisps: 5, bounceCap: 7 },
  { lanterns: 7, wisps: 6, bounceCap: 8 },
  { lanterns: 8, wisps: 6, bounceCap: 8 },
] as const;
export const WAVE_COUNT = WAVES.length;

export function waveRow(wave: number) {
  return WAVES[wave - 1]!;
}

export const POINTS = {
  lanternStep: 100,
  bankPerBounce: 40,
  bankedBounceCap: 5,
  gong: 25,
  waveClear: 200,
  perUnspentWisp: 150,
  oneShotWonder: 300,
  oneShotWonderMinLanterns: 3,
} as const;

// Kernel record layout (assembly/index.ts).
export const KIND = { rect: 1, diagonal: 2, screen: 3, gong: 4, lantern: 5 } as const;
export const EVENT_KIND = { 1: 'bounce', 2: 'light', 3: 'gong', 4: 'absorb', 5: 'fade' } as const;
export const FADE_CAUSE = { 1: 'budget', 2: 'bounceCap', 3: 'eventCap' } as const;
export const MAX_ENTITIES = 60;
export const LAYOUT_REC = 6;
export const EVENT_REC = 8;
export const MAX_PATH = 66;
