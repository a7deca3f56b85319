// The observation's shape, declared once: the served observationSchema, the Observation type and the renderers'
// types (web, CLI) all come from here. Every shape carries its kind, so a renderer never infers one from a list.
import { type Static, Type } from '@sinclair/typebox';
import { ARENA_HEIGHT, ARENA_WIDTH, MAX_ANGLE, MIN_ANGLE, WAVE_BOUNDS, WAVE_COUNT } from '../constants.ts';
import { Bool, Int, Num, Obj, Point } from './common.ts';

const [MIN_LANTERNS, MAX_LANTERNS] = WAVE_BOUNDS.lanterns;
const [MIN_WISPS, MAX_WISPS] = WAVE_BOUNDS.wisps;
const [MIN_CAP, MAX_CAP] = WAVE_BOUNDS.bounceCap;

const edges = {
  x0: Num(),
  y0: Num(),
  x1: Num(),
  y1: Num(),
};

export const BeamView = Obj(
  {
    id: Int(4),
    kind: Type.Union([Type.Literal('beam'), Type.Literal('diagonal')], {
      description: 'beam: an axis-aligned rectangle beam; diagonal: a 45-degree mirror segment.',
    }),
    shape: Type.Union([Type.Literal('rect'), Type.Literal('diagonal')], {
      description: 'rect: the closed box [x0, x1] x [y0, y1]; diagonal: the segment (x0, y0)-(x1, y1) at 45 degrees.',
    }),
    ...edges,
  },
  'A beam: reflects the wisp.',
);
export const ScreenView = Obj(
  { id: Int(4), kind: Type.Literal('screen'), ...edges },
  'A paper screen, the closed box [x0, x1] x [y0, y1]: absorbs the wisp (the flight ends).',
);
export const GongView = Obj(
  { id: Int(4), kind: Type.Literal('gong'), x: Num(), y: Num(), r: Num() },
  'A gong (circle): reflects; its first strike in a shot rings (+25) and refills the distance budget.',
);
export const LanternView = Obj(
  { id: Int(4), kind: Type.Literal('lantern'), x: Num(), y: Num(), r: Num(), lit: Bool('Lit lanterns are ignored by wisps.') },
  'A paper lantern (pass-through circle): lights on first contact.',
);
export const WallView = Obj({
  id: Int(0, 3),
  kind: Type.Literal('wall'),
  side: Type.Union([Type.Literal('top'), Type.Literal('right'), Type.Literal('bottom'), Type.Literal('left')]),
});

export const LayoutView = Obj(
  {
    arena: Obj({ width: Type.Literal(ARENA_WIDTH), height: Type.Literal(ARENA_HEIGHT) }),
    walls: Type.Array(WallView, { minItems: 4, maxItems: 4 }),
    beams: Type.Array(BeamView),
    screens: Type.Array(ScreenView),
    gongs: Type.Array(GongView),
    lanterns: Type.Array(LanternView, { minItems: MIN_LANTERNS, maxItems: MAX_LANTERNS }),
  },
  'The current wave only (layouts are revealed when their wave begins). Ids: walls 0..3, then beams, screens, gongs, lanterns.',
);

export const AimView = Obj(
  {
    minDeg: Type.Literal(MIN_ANGLE),
    maxDeg: Type.Literal(MAX_ANGLE),
    stepDeg: Type.Literal(0.1),
    origin: Point,
  },
  'The legal aim: angles minDeg..maxDeg in steps of stepDeg, CCW from +x (90 = straight up), fired from origin (the brazier).',
);

export const ObservationShape = Obj({
  text: Type.String({
    description: 'Plain-text summary, a 54 x 36 map (legend in spec.legend, one cell = 20 x 40 units) and the entity list.',
  }),
  wave: Int(1, WAVE_COUNT),
  waves: Type.Literal(WAVE_COUNT),
  wispsLeft: Int(0, MAX_WISPS),
  wisps: Int(MIN_WISPS, MAX_WISPS, 'Wisps this wave grants.'),
  bounceCap: Int(MIN_CAP, MAX_CAP),
  lanternsLit: Int(0, MAX_LANTERNS),
  lanternsTotal: Int(MIN_LANTERNS, MAX_LANTERNS),
  score: Int(0),
  gameOver: Bool(),
  won: Bool(),
  aim: AimView,
  layout: LayoutView,
});

export type BeamView = Static<typeof BeamView>;
export type ScreenView = Static<typeof ScreenView>;
export type GongView = Static<typeof GongView>;
export type LanternView = Static<typeof LanternView>;
export type WallView = Static<typeof WallView>;
export type LayoutView = Static<typeof LayoutView>;
export type AimView = Static<typeof AimView>;
export type Observation = Static<typeof ObservationShape>;
