// The state's shape (with lastShot, the flight's ground truth), declared once: the served stateSchema, the State /
// LastShot / ShotEvent types and the compiled shape check of parseState all come from here. Cross-field rules
// (wave table, counters, scores within reach) are parseState's semantic checks in src/state.ts.
import { type Static, Type } from '@sinclair/typebox';
import { EVENT_CAP, MAX_PATH } from '../../assembly/constants.ts';
import { WAVE_BOUNDS, WAVE_COUNT } from '../constants.ts';
import { Bool, Int, Num, Obj } from './common.ts';

/** Coordinates a flight can reach stay inside the arena; this bound only stops absurd numbers early. */
const COORD = 1e6;
const Coord = (description: string) => Num({ minimum: -COORD, maximum: COORD, description });

export const PointShape = Obj({ x: Coord('x'), y: Coord('y') });

export const EventTypeShape = Type.Union(
  [Type.Literal('bounce'), Type.Literal('light'), Type.Literal('gong'), Type.Literal('absorb'), Type.Literal('fade')],
  {
    description:
      'bounce: a reflection (walls, rect beams, diagonals, gongs); light: an unlit lantern lit; gong: a first strike rang (+25, budget refilled to 3200), followed by its bounce (or by a fade when the bounce cap is spent); absorb: a paper screen ended the flight; fade: the flight ended (see cause). The last event is always absorb or fade, and only the last.',
  },
);
export const FadeCauseShape = Type.Union([Type.Literal('budget'), Type.Literal('bounceCap'), Type.Literal('eventCap')], {
  description: 'fade only (and required there): why the wisp faded.',
});

export const ShotEventShape = Obj({
  type: EventTypeShape,
  id: Type.Union([Int(0, 63), Type.Null()], {
    description:
      'Entity id: walls 0 top, 1 right, 2 bottom, 3 left, then layout ids from 4. null for a fade in open air (cause budget or eventCap).',
  }),
  x: Coord('Event point: px + t * dx (no snapping).'),
  y: Coord('Event point: py + t * dy.'),
  bounces: Int(0, EVENT_CAP, 'Reflections taken in this shot so far, including this one for a bounce.'),
  distance: Num({
    minimum: 0,
    maximum: COORD,
    description: 'Distance travelled in this shot so far: the sum of t over segments (not reset by a gong refill).',
  }),
  points: Int(0, 100 * EVENT_CAP + 200, 'light: 100 x chain + 40 x min(bounces, 5); gong: 25; otherwise 0.'),
  chain: Type.Optional(
    Int(1, EVENT_CAP, 'light only (and required there): chain position within the shot (1 = first lantern lit by this wisp).'),
  ),
  cause: Type.Optional(FadeCauseShape),
});

export const BonusShape = Obj({
  waveClear: Int(0, 200, '200 when the shot cleared the wave.'),
  efficiency: Int(0, 750, '150 per wisp of the wave left after the clearing shot.'),
  oneShotWonder: Int(0, 300, '300 when the wave (3+ lanterns) was cleared by its first wisp.'),
});

export const LastShotShape = Obj(
  {
    wave: Int(1, WAVE_COUNT, 'The wave the shot was fired in.'),
    angleDeg: Num({ minimum: 15, maximum: 165, description: 'The angle as quantized: Math.round(angleDeg * 10) / 10.' }),
    path: Type.Array(PointShape, {
      minItems: 2,
      maxItems: MAX_PATH,
      description:
        'Every vertex: the brazier, one vertex per bounce event (in order), and the terminal point (the last event point). length = bounce events + 2.',
    }),
    events: Type.Array(ShotEventShape, { minItems: 1, maxItems: EVENT_CAP }),
    waveCleared: Bool(
      'This shot lit the last lantern; the engine advanced to the next wave in the same action (or won the round after wave 8).',
    ),
    bonus: BonusShape,
    points: Int(0, undefined, 'Everything the shot scored: the sum of event points plus the bonus.'),
  },
  'The last shot fired (null before the first), also returned as lastShot in every response.',
);

export const StateShape = Obj({
  seed: Int(0, 4294967295, 'The round seed: layouts are a pure function of (seed, wave).'),
  wave: Int(1, WAVE_COUNT, 'The current wave (stays 8 once the round is won).'),
  wispsLeft: Int(0, WAVE_BOUNDS.wisps[1]),
  lit: Type.Array(Bool(), {
    minItems: WAVE_BOUNDS.lanterns[0],
    maxItems: WAVE_BOUNDS.lanterns[1],
    description: 'One flag per lantern of the current wave, in layout order.',
  }),
  score: Int(0),
  shots: Int(0, undefined, 'Shots fired in the round.'),
  gameOver: Bool(),
  won: Bool('Wave 8 was cleared.'),
  lastShot: Type.Union([LastShotShape, Type.Null()]),
});

export const ActionShape = Obj({
  type: Type.Literal('SHOOT'),
  angleDeg: Type.Number({
    minimum: 14.95,
    exclusiveMaximum: 165.05,
    description:
      'Aim angle in degrees CCW from the +x axis (15 = right, 90 = straight up, 165 = left). Quantized to 0.1 deg by the engine (Math.round(angleDeg * 10) / 10) before the range check [15.0, 165.0], so 14.96 is valid (15.0) and 14.94 is not (14.9); exactly the numbers 14.95 <= angleDeg < 165.05 are accepted.',
  }),
});

export type Point = Static<typeof PointShape>;
export type ShotEvent = Static<typeof ShotEventShape>;
export type EventType = Static<typeof EventTypeShape>;
export type FadeCause = Static<typeof FadeCauseShape>;
export type ShotBonus = Static<typeof BonusShape>;
export type LastShot = Static<typeof LastShotShape>;
export type State = Static<typeof StateShape>;
export type ShootAction = { type: 'SHOOT'; angleDeg: number };
