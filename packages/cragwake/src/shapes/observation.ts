// The observation, declared once: the served observationSchema and the CragObservation type come from here.
// Every datum a renderer draws is a field (renderers never parse `text`): the wall with each hold, fog, the
// floor, ledges and the belay; your position; gusts and rockfall now and next per column (`hazards`); the
// legal moves with their costs under the one name `moves`; what breathing would do; why the run ended.
import { type Static, Type } from '@sinclair/typebox';
import { Column, Exact, Int, OneOf, toJsonSchema } from './common.ts';
import { Cell, Ending, Gusts, Phase, Rockfall } from './state.ts';

export const Hazard = OneOf(
  ['gust', 'rockfall'],
  'gust: +2 to move onto the column this turn; rockfall: the column is swept at the end of the turn',
);

export const ObservedRow = Exact({
  row: Int(0),
  overhang: Type.Boolean({ description: '+1 to move onto; breathing gains 2 instead of 4' }),
  fogged: Type.Boolean({ description: 'above the foresight: cells null' }),
  ledge: Type.Boolean({ description: 'a belay ledge row (divisible by 10)' }),
  belay: Type.Boolean({ description: 'the belay that completes the pitch being climbed' }),
  floor: Type.Boolean({ description: 'the lowest row a move may target' }),
  underFloor: Type.Boolean({ description: 'under the floor: shown for reference, never a target' }),
  cells: Type.Array(Cell, { minItems: 6, maxItems: 6, description: 'columns 0..5; null is bare rock' }),
});

export const ObservedMove = Exact({
  row: Int(0),
  col: Column,
  cost: Int(1, 9, 'stamina this move costs now'),
  lunge: Type.Boolean(),
});

export const ColumnHazards = Exact({ col: Column, now: Type.Array(Hazard, { maxItems: 2 }), next: Type.Array(Hazard, { maxItems: 2 }) });

export const CragObservationShape = Exact({
  text: Type.String({ description: 'plain-text picture of the band, top row first (legend in spec.legend)' }),
  phase: Phase,
  ending: Ending,
  endedBecause: Type.Union([Type.String(), Type.Null()], { description: 'why the run ended, in words (null while it goes on)' }),
  pitch: Int(1),
  turn: Int(0),
  stamina: Int(0),
  tank: Int(1),
  score: Int(0),
  position: Exact({ row: Int(0), col: Column }),
  highPoint: Int(0),
  floor: Int(0, undefined, 'the lowest row a move may target'),
  nextBelay: Int(10, undefined, 'the row of the belay that completes this pitch; no move goes above it'),
  foresight: Int(1),
  visibleTop: Int(0, undefined, 'highest row out of the fog'),
  cleanStreak: Int(0),
  pitchClean: Type.Boolean({ description: 'the pitch being climbed is still clean (stamina never 3 or below)' }),
  spindrift: Int(0),
  gusts: Gusts,
  rockfall: Rockfall,
  hazards: Type.Array(ColumnHazards, {
    minItems: 6,
    maxItems: 6,
    description: 'per column 0..5: the hazards this turn (now) and next turn (next); one stacked marker per column',
  }),
  creepFiresThisTurn: Type.Boolean({ description: 'the ice creep fires at the end of this turn' }),
  wall: Type.Array(ObservedRow, {
    minItems: 10,
    maxItems: 10,
    description: 'the band as drawn, lowest row first (the rows of state.band)',
  }),
  moves: Type.Array(ObservedMove, {
    maxItems: 15,
    description: 'the legal moves in legalActions order, each with its cost now and whether it is a lunge (the one name for move targets)',
  }),
  breath: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'the stamina change breathing would make now (+4/+2 on a jug with breaths, capped at the tank; else -1); null unless climbing',
  }),
});

export type Hazard = Static<typeof Hazard>;
export type ObservedRow = Static<typeof ObservedRow>;
export type ObservedMove = Static<typeof ObservedMove>;
export type CragObservation = Static<typeof CragObservationShape>;

export const OBSERVATION_SCHEMA = toJsonSchema(CragObservationShape, { title: 'Cragwake observation' });
