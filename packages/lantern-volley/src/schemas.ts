// JSON Schemas served in the spec: the action grammar, the state (with lastShot, the flight ground truth)
// and the observation.
import type { JsonSchema } from '@hearth/engine';
import { served } from './shapes/common.ts';
import { ObservationShape } from './shapes/observation.ts';

const num = { type: 'number' } as const;
const int = (minimum: number, maximum?: number) => ({ type: 'integer', minimum, ...(maximum === undefined ? {} : { maximum }) });
const point = { type: 'object', additionalProperties: false, required: ['x', 'y'], properties: { x: num, y: num } };
/**
 * The grammar accepts exactly what the rules accept. The rule is Math.round(angleDeg * 10) / 10 in [15.0, 165.0];
 * in IEEE doubles that holds exactly for 14.95 <= angleDeg < 165.05 (14.95 * 10 rounds to 149.5, which rounds up
 * to 150; 165.05 * 10 rounds to 1650.5, which rounds up to 1651). test/action-grammar.test.ts proves the bounds.
 */
export const actionGrammar: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { const: 'SHOOT' },
    angleDeg: {
      type: 'number',
      minimum: 14.95,
      exclusiveMaximum: 165.05,
      description:
        'Aim angle in degrees CCW from the +x axis (15 = right, 90 = straight up, 165 = left). Quantized to 0.1 deg by the engine (Math.round(angleDeg * 10) / 10) before the range check [15.0, 165.0], so 14.96 is valid (15.0) and 14.94 is not (14.9); exactly the numbers 14.95 <= angleDeg < 165.05 are accepted.',
    },
  },
  required: ['type', 'angleDeg'],
};

export const eventSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'id', 'x', 'y', 'bounces', 'distance', 'points'],
  properties: {
    type: {
      enum: ['bounce', 'light', 'gong', 'absorb', 'fade'],
      description:
        'bounce: a reflection (walls, rect beams, diagonals, gongs); light: an unlit lantern lit; gong: a first strike rang (+25, budget refilled to 3200), followed by its bounce (or by a fade when the bounce cap is spent); absorb: a paper screen ended the flight; fade: the flight ended (see cause). The last event is always absorb or fade, and only the last.',
    },
    id: {
      type: ['integer', 'null'],
      minimum: 0,
      description:
        'Entity id: walls 0 top, 1 right, 2 bottom, 3 left, then layout ids from 4. null for a fade in open air (cause budget or eventCap).',
    },
    x: { ...num, description: 'Event point: px + t * dx (no snapping).' },
    y: { ...num, description: 'Event point: py + t * dy.' },
    bounces: { ...int(0), description: 'Reflections taken in this shot so far, including this one for a bounce.' },
    distance: {
      ...num,
      minimum: 0,
      description: 'Distance travelled in this shot so far: the sum of t over segments (not reset by a gong refill).',
    },
    points: { ...int(0), description: 'light: 100 x chain + 40 x min(bounces, 5); gong: 25; otherwise 0.' },
    chain: { ...int(1), description: 'light only: chain position within the shot (1 = first lantern lit by this wisp).' },
    cause: { enum: ['budget', 'bounceCap', 'eventCap'], description: 'fade only: why the wisp faded.' },
  },
};

export const lastShotSchema: JsonSchema = {
  type: ['object', 'null'],
  description: 'The last shot fired (null before the first), also returned as lastShot in every response.',
  additionalProperties: false,
  required: ['wave', 'angleDeg', 'path', 'events', 'waveCleared', 'bonus', 'points'],
  properties: {
    wave: { ...int(1, 8), description: 'The wave the shot was fired in.' },
    angleDeg: { ...num, minimum: 15, maximum: 165, description: 'The angle as quantized: Math.round(angleDeg * 10) / 10.' },
    path: {
      type: 'array',
      minItems: 2,
      maxItems: 66,
      items: point,
      description:
        'Every vertex: the brazier, one vertex per bounce event (in order), and the terminal point (the last event point). length = bounce events + 2.',
    },
    events: { type: 'array', minItems: 1, maxItems: 64, items: eventSchema },
    waveCleared: {
      type: 'boolean',
      description:
        'This shot lit the last lantern; the engine advanced to the next wave in the same action (or won the round after wave 8).',
    },
    bonus: {
      type: 'object',
      additionalProperties: false,
      required: ['waveClear', 'efficiency', 'oneShotWonder'],
      properties: {
        waveClear: { ...int(0), description: '200 when the shot cleared the wave.' },
        efficiency: { ...int(0), description: '150 per wisp of the wave left after the clearing shot.' },
        oneShotWonder: { ...int(0), description: '300 when the wave (3+ lanterns) was cleared by its first wisp.' },
      },
    },
    points: { ...int(0), description: 'Everything the shot scored: the sum of event points plus the bonus.' },
  },
};

export const stateSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['seed', 'wave', 'wispsLeft', 'lit', 'score', 'shots', 'gameOver', 'won', 'lastShot'],
  properties: {
    seed: { ...int(0, 4294967295), description: 'The round seed: layouts are a pure function of (seed, wave).' },
    wave: int(1, 8),
    wispsLeft: int(0, 6),
    lit: {
      type: 'array',
      items: { type: 'boolean' },
      minItems: 3,
      maxItems: 8,
      description: 'One flag per lantern of the current wave, in layout order.',
    },
    score: int(0),
    shots: { ...int(0), description: 'Shots fired in the round.' },
    gameOver: { type: 'boolean' },
    won: { type: 'boolean', description: 'Wave 8 was cleared.' },
    lastShot: lastShotSchema,
  },
};

/** From the one declaration in src/shapes/observation.ts. */
export const observationSchema: JsonSchema = served(ObservationShape);
