// Pebble's shapes, declared once (TypeBox): the served JSON Schemas, the TypeScript types and the compiled
// checks of parseState and parseAction all come from these declarations.
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** The board is SIZE x SIZE cells, numbered row by row from 0 at the top left. */
export const SIZE = 5;
export const CELLS = SIZE * SIZE;
/** Moves in a game. */
export const TURNS = 10;
/** Where the pawn starts: the centre cell. */
export const START = 12;
/** Points per pebble picked up. */
export const PEBBLE_POINTS = 10;

const Cell = (description: string) => Type.Integer({ minimum: 0, maximum: CELLS - 1, description });
const closed = { additionalProperties: false } as const;

export const StateShape = Type.Object(
  {
    seed: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
    turn: Type.Integer({ minimum: 0, maximum: TURNS, description: 'moves made so far' }),
    at: Cell('the pawn'),
    pebbles: Type.Array(Cell('a pebble still on the board'), { maxItems: CELLS, description: 'ascending, never the pawn' }),
    score: Type.Integer({ minimum: 0, maximum: CELLS * PEBBLE_POINTS }),
    ended: Type.Boolean({ description: 'the player ended the game with END' }),
  },
  closed,
);

export const MoveShape = Type.Object(
  { type: Type.Literal('move'), cell: Cell('a cell orthogonally next to the pawn') },
  { ...closed, description: 'Step to an orthogonally adjacent cell; a pebble there is picked up (+10).' },
);
export const EndShape = Type.Object({ type: Type.Literal('end') }, { ...closed, description: 'Stop the game and keep the score.' });
export const ActionShape = Type.Union([MoveShape, EndShape]);

export const ObservationShape = Type.Object(
  {
    text: Type.String({ description: 'the board as text: @ the pawn, o a pebble, . an empty cell' }),
    size: Type.Literal(SIZE, { description: 'rows and columns of the board' }),
    at: Cell('the pawn'),
    pebbles: Type.Array(Cell('a pebble')),
    turnsLeft: Type.Integer({ minimum: 0, maximum: TURNS }),
  },
  closed,
);

export type PebbleState = Static<typeof StateShape>;
export type PebbleAction = Static<typeof ActionShape>;
export type PebbleObservation = Static<typeof ObservationShape>;

/** A TypeBox schema as the plain JSON Schema (draft 2020-12) served in the spec: symbol keys stripped. */
export function served(schema: TSchema): { [keyword: string]: unknown } {
  return JSON.parse(JSON.stringify(schema));
}
