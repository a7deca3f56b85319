// The served spec: how to play, the shapes' schemas and every point a reimplementation needs.
import type { Spec } from '@hearth/engine';
import { look } from './look.ts';
import { ActionShape, ObservationShape, PEBBLE_POINTS, SIZE, START, StateShape, served, TURNS } from './shapes.ts';

export const spec: Spec = {
  slug: 'pebble',
  name: 'Pebble',
  genre: 'test game',
  description: 'A test-only game: walk a 5x5 grid and pick up pebbles in ten moves.',
  goal: `Pick up as many pebbles as you can in ${TURNS} moves on a ${SIZE}x${SIZE} grid. Pebble exists for the tests: it is never in the production registry.`,
  scoring: `Each pebble picked up pays ${PEBBLE_POINTS}. The score is ${PEBBLE_POINTS} times the pebbles picked up; nothing else scores and nothing costs.`,
  rules: [
    `The board is ${SIZE} rows by ${SIZE} columns of cells numbered 0 (top left) to ${SIZE * SIZE - 1} (bottom right), row by row.`,
    `The pawn starts on cell ${START}, the centre. A move steps it to an orthogonally adjacent cell; a pebble on that cell is picked up.`,
    `After ${TURNS} moves, or an END, the game is over. A refused action changes nothing and costs no move.`,
  ].join('\n\n'),
  summary: [
    `Walk the pawn (@) one cell at a time, up, down, left or right.`,
    `Stepping onto a pebble (o) picks it up for ${PEBBLE_POINTS} points.`,
    `You have ${TURNS} moves; END stops early and keeps the score.`,
  ],
  actionGrammar: { type: 'object', oneOf: ActionShape.anyOf.map(served) },
  stateSchema: served(StateShape),
  observationSchema: served(ObservationShape),
  decisions: [
    {
      topic: 'pebble placement',
      decision: `Cell c (every cell but ${START}) holds a pebble at the start when below(seed, streamId("pebble:place"), c, 3) is 0 (@hearth/rng).`,
    },
    { topic: 'carry', decision: 'Pebble travels as a stateToken, so that every adapter exercises the token path with a test game.' },
  ],
  carry: 'stateToken',
  version: '1.0.0',
  legend: { '@': 'the pawn', o: 'a pebble', '.': 'an empty cell' },
  look,
};
