// The game's numbers for the TypeScript side. Every value the kernel also uses comes from assembly/constants.ts
// (the one file both languages import); this file only adds TypeScript conveniences built from it.
import * as K from '../assembly/constants.ts';

export {
  ANGLE_COUNT,
  ARENA_HEIGHT,
  ARENA_WIDTH,
  DISTANCE_BUDGET,
  EVENT_CAP,
  EVENT_REC,
  FIRST_ENTITY_ID,
  FIRST_TENTH,
  LANTERN_RADIUS,
  LAYOUT_REC,
  lanternPoints,
  MAX_ANGLE,
  MAX_ENTITIES,
  MAX_PATH,
  MIN_ANGLE,
} from '../assembly/constants.ts';

export const BRAZIER = { x: K.BRAZIER_X, y: K.BRAZIER_Y } as const;

/** Walls own ids 0..3 in this order; layout entities start at FIRST_ENTITY_ID. */
export const WALL_NAMES = ['top', 'right', 'bottom', 'left'] as const;

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

/** The wave table's extremes, for the shapes' bounds. */
export const WAVE_BOUNDS = {
  lanterns: [Math.min(...WAVES.map((w) => w.lanterns)), Math.max(...WAVES.map((w) => w.lanterns))],
  wisps: [Math.min(...WAVES.map((w) => w.wisps)), Math.max(...WAVES.map((w) => w.wisps))],
  bounceCap: [Math.min(...WAVES.map((w) => w.bounceCap)), Math.max(...WAVES.map((w) => w.bounceCap))],
} as const;

/** The scoring table of assembly/constants.ts under readable names (the kernel scores events from the same values). */
export const POINTS = {
  lanternStep: K.LANTERN_STEP,
  bankPerBounce: K.BANK_PER_BOUNCE,
  bankedBounceCap: K.BANKED_BOUNCE_CAP,
  gong: K.GONG_POINTS,
  waveClear: K.WAVE_CLEAR_POINTS,
  perUnspentWisp: K.PER_UNSPENT_WISP,
  oneShotWonder: K.ONE_SHOT_WONDER,
  oneShotWonderMinLanterns: K.ONE_SHOT_WONDER_MIN_LANTERNS,
} as const;

// Kernel record codes (assembly/constants.ts) by name, and back.
export const KIND = {
  rect: K.KIND_RECT,
  diagonal: K.KIND_DIAG,
  screen: K.KIND_SCREEN,
  gong: K.KIND_GONG,
  lantern: K.KIND_LANTERN,
} as const;
export const EVENT_KIND = {
  [K.EVENT_BOUNCE]: 'bounce',
  [K.EVENT_LIGHT]: 'light',
  [K.EVENT_GONG]: 'gong',
  [K.EVENT_ABSORB]: 'absorb',
  [K.EVENT_FADE]: 'fade',
} as const;
export const FADE_CAUSE = { [K.FADE_BUDGET]: 'budget', [K.FADE_BOUNCE_CAP]: 'bounceCap', [K.FADE_EVENT_CAP]: 'eventCap' } as const;
export const EVENT_LIGHT = K.EVENT_LIGHT;
export const EVENT_GONG = K.EVENT_GONG;
