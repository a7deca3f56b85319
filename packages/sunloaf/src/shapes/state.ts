// The state's shape, declared once: the served stateSchema (the readable state that travels beside the token),
// the State types and parseState's compiled shape check all come from it. The bounds here are the shape's only;
// parseState adds the reachability bounds (src/reachable.ts) and the comparison with the regenerated room.
import { type Static, Type } from '@sinclair/typebox';
import { Exact, Int, OneOf, Tile, toJsonSchema } from './common.ts';

const U32 = Int(0, 4294967295);

export const LayoutShape = Exact({
  window: OneOf(['N', 'E', 'S', 'W'] as const, 'The window wall.'),
  bandDwell: OneOf([2, 3] as const, 'Turns the band stays on each line.'),
  dayLength: OneOf([14, 21] as const, '7 * bandDwell.'),
  shade: Int(1, 4),
  furniture: Type.Array(Tile, { maxItems: 12, description: 'Furniture tiles, ascending.' }),
  hearth: Tile,
  clouds: Type.Array(Int(1, 20), { maxItems: 6, description: '0-based cloud turns of the day, ascending.' }),
  lattice: Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()], {
    description: 'From day 16: lit only where (row + column) % 2 equals this.',
  }),
  dogLoops: Type.Array(Type.Array(Tile, { minItems: 4, maxItems: 16 }), {
    maxItems: 2,
    description: 'Closed loops; dog d stands on loop[(turn * dogSpeed) % loop.length].',
  }),
  dogSpeed: OneOf([1, 2] as const),
});

export const CatShape = Exact({
  id: Int(0, 4),
  tile: Tile,
  settled: Int(0, 21, 'Consecutive turns this cat has ended without moving (and without a dog reaching it).'),
  range: OneOf([2, 3, 4] as const),
  big: Type.Boolean({ description: 'A big cat counts 2 in its neighbours’ pile. Exactly one cat of the roster is big.' }),
});

export const BowlShape = Exact({
  mat: Tile,
  serveTurn: Int(3, 20, '0-based turn of the day whose resolution serves this bowl (the same count as state.turn).'),
  status: OneOf(['waiting', 'eaten', 'missed'] as const),
});

const publicProperties = {
  day: Int(1, Number.MAX_SAFE_INTEGER),
  turn: Int(0, 21, 'Turns resolved today; the turn being played is this 0-based number.'),
  phase: OneOf(['day', 'sunset', 'over'] as const),
  outcome: Type.Union([Type.Null(), OneOf(['win', 'good_game', 'quota_missed'] as const)]),
  score: Int(0, Number.MAX_SAFE_INTEGER),
  mult: Int(100, 1200),
  quotaRatio: Int(1000, 9500),
  dayPar: Int(0, Number.MAX_SAFE_INTEGER),
  dayQuota: Int(0, Number.MAX_SAFE_INTEGER),
  dayCosyRaw: Int(0, Number.MAX_SAFE_INTEGER),
  chain: Int(0, 8),
  layout: LayoutShape,
  bowls: Type.Array(BowlShape, { maxItems: 9 }),
  cats: Type.Array(CatShape, { minItems: 2, maxItems: 5 }),
};

/** What a player reads beside the token: everything but the random cursor. */
export const PublicStateShape = Exact(publicProperties);

export const RngShape = Exact({
  seed: U32,
  cursor: Int(0, 4294967295, 'Index of the next draw on the day stream, modulo 2^32; advances only when a new day is generated.'),
});

/** The whole state, as sealed inside the stateToken. */
export const StateShape = Exact({ ...publicProperties, rng: RngShape });

export type Layout = Static<typeof LayoutShape>;
export type Cat = Static<typeof CatShape>;
export type Bowl = Static<typeof BowlShape>;
export type PublicState = Static<typeof PublicStateShape>;
export type State = Static<typeof StateShape>;

export const stateSchema = toJsonSchema(PublicStateShape, {
  title: 'Sunloaf state (the readable state beside the stateToken)',
  description: 'The state sealed inside the token is this object plus rng: { seed, cursor } (u32 each), the random cursor.',
});
