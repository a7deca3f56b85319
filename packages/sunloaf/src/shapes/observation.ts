// The observation's shape, declared once: the served observationSchema and the SunloafObservation type both
// come from it. Every datum a renderer draws is here as data, so no adapter parses `text` or recomputes a rule.
import { type Static, Type } from '@sinclair/typebox';
import { Exact, Int, OneOf, Tile, toJsonSchema } from './common.ts';

const Wall = OneOf(['N', 'E', 'S', 'W'] as const, 'The window wall.');

const CatView = Exact({
  id: Int(0, 4),
  tile: Tile,
  row: Int(0, 6),
  col: Int(0, 6),
  settled: Int(0, 21, 'Consecutive turns this cat ended without moving (its purr tier before the cap).'),
  big: Type.Boolean({ description: 'A big cat counts 2 in its neighbours’ pile.' }),
  range: OneOf([2, 3, 4] as const),
  warmthCap: OneOf([0, 3, 6] as const, 'The cap this cat earns under if it stays this turn: 6 lit, 3 warm hearth, 0 earns nothing.'),
  pile: Int(0, 6, 'Its pile if the turn resolved now with nobody moving.'),
});

export const ObservationShape = Exact({
  text: Type.String({
    description: 'Plain-text picture of the room for terminals and models; see spec.legend. Never parse it: every datum is a field.',
  }),
  day: Int(1),
  turn: Int(
    0,
    21,
    'The turn about to be played, counted from 0 exactly as the API counts it (state.turn, serveTurn, clouds): the first turn of a day is 0, the last dayLength - 1; at sunset it equals dayLength.',
  ),
  dayLength: OneOf([14, 21] as const),
  turnsLeft: Int(0, 21),
  phase: OneOf(['day', 'sunset', 'over'] as const),
  outcome: Type.Union([Type.Null(), OneOf(['win', 'good_game', 'quota_missed'] as const)], {
    description: 'How the run ended (a stable code), null while it runs.',
  }),
  outcomeText: Type.Union([Type.Null(), Type.String()], { description: 'The outcome in words for people, null while the run goes on.' }),
  status: Type.String({ description: 'One line for people: the turn, sunset or how the run ended.' }),
  mult: Int(100, 1200),
  score: Int(0),
  quota: Exact({ raw: Int(0), needed: Int(0), par: Int(0), ratio: Int(1000, 9500), met: Type.Boolean() }),
  chain: Int(0, 8),
  band: Exact({
    wall: Wall,
    line: Type.Union([Int(0, 6), Type.Null()], { description: 'The band line this turn; null at sunset and once the run is over.' }),
    at: Type.Union([Int(0, 6), Type.Null()], {
      description:
        'Where the band line lies this turn: its column (0 = west) for a window on N or S, its row (0 = top) for E or W; null with line.',
    }),
    cloudy: Type.Boolean({ description: 'This turn is a cloud turn: nothing is lit and the hearth is cold.' }),
    dwell: OneOf([2, 3] as const),
    tiles: Type.Array(Tile, {
      maxItems: 7,
      description: 'The 7 tiles of the band line this turn, ascending (empty when the day is not running), lit or not.',
    }),
  }),
  lit: Type.Array(Tile, {
    maxItems: 7,
    description: 'Tiles lit by the band this turn (cap 6), ascending: in the band, clear sky, not shaded, on the lattice.',
  }),
  warmHearth: Type.Union([Tile, Type.Null()], {
    description:
      'The hearth tile when it is warm without the band on it (cap 3) this turn, else null (lit by the band, clouded, or the day is over).',
  }),
  room: Exact({
    furniture: Type.Array(Tile, { description: 'Furniture tiles, ascending: never lit, never walked.' }),
    hearth: Tile,
    shade: Int(1, 4, 'Tiles of shade cast by furniture away from the window.'),
    lattice: Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()], {
      description: 'From day 16 only tiles with (row + column) % 2 equal to this can be lit.',
    }),
  }),
  clouds: Type.Array(Int(1, 20), { description: 'Cloud turns still to come today (0-based, this turn included), ascending.' }),
  cats: Type.Array(CatView, { maxItems: 5 }),
  dogs: Type.Array(
    Exact({ tile: Tile, next: Type.Array(Tile, { minItems: 3, maxItems: 3, description: 'Where it stands on the next three turns.' }) }),
    {
      description: 'Dogs where they stand for the turn about to be played (empty when the day is not running).',
    },
  ),
  bowls: Type.Array(Exact({ mat: Tile, serveTurn: Int(3, 20), in: Int(0, 20), counting: Type.Boolean() }), {
    description: 'Waiting bowls only.',
  }),
});

export type SunloafObservation = Static<typeof ObservationShape>;
export type CatView = Static<typeof CatView>;

export const observationSchema = toJsonSchema(ObservationShape, { title: 'Sunloaf observation' });
