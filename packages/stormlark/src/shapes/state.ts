// The state's shape, declared once: the served stateSchema, the StormlarkState type and the compiled
// check are all this declaration. Cross-field rules (ids below nextId, hp and drift by kind, the
// counters against each other, reachability) are parseState's semantic checks in src/state.ts.
import { type Static, Type } from '@sinclair/typebox';
import { MAX_CHARGE, MAX_HULL, SCORE_GUARD } from '../limits.ts';
import { BUDGET } from '../schedule.ts';
import { Enum, Int, Obj } from './common.ts';

export const KINDS = ['crag', 'knot', 'drifter', 'rimeshell', 'sparker', 'warden', 'squall', 'mote', 'gate'] as const;
export const PHASES = ['flying', 'reachClear', 'over'] as const;
const U32 = 0xffffffff;
/** Far beyond any run (a reach is 21 scrolling turns); keeps every counter an exact small integer. */
export const MAX_COLUMN = 100_000_000;

export const KindShape = Enum(KINDS);
export const PhaseShape = Enum(PHASES);

export const EntityShape = Obj({
  id: Int(0, U32, 'unique within a run, assigned in draw order (below state.nextId)'),
  kind: KindShape,
  lane: Int(0, 6, '0 (top) to 6 (bottom)'),
  col: Int(0, 9, "0 (the craft's column) to 9 (the freshly drawn column)"),
  hp: Int(0, 4, 'hits left: knot, drifter, sparker 1; rimeshell 2 (1 once cracked); warden 4..1; crag, squall, mote, gate 0'),
  drift: Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)], {
    description: 'drifters: -1 (toward lane 0) or +1 (toward lane 6); everything else 0',
  }),
});

export const StateShape = Obj({
  seed: Int(0, U32),
  rngState: Int(0, U32, `RNG cursor = column * ${BUDGET} (mod 2^32)`),
  column: Int(9, MAX_COLUMN, 'columns drawn so far in the run (9 at the start)'),
  shipLane: Int(0, 6),
  entities: Type.Array(EntityShape, { maxItems: 70, description: 'board order: column ascending, then lane ascending' }),
  phase: PhaseShape,
  hull: Int(0, MAX_HULL),
  charge: Int(0, MAX_CHARGE),
  chain: Int(0, MAX_COLUMN * 7),
  reach: Int(1, MAX_COLUMN),
  hullLost: Type.Boolean({ description: 'hull lost during the current reach (no flawless bonus at its Gate)' }),
  turn: Int(0, MAX_COLUMN * 2, 'accepted actions so far (every kind, END_RUN and NEXT_REACH included)'),
  score: Int(0, SCORE_GUARD, 'at most the plausibility guard'),
  nextId: Int(0, MAX_COLUMN * 8, 'the id the next drawn entity gets'),
});

export type Kind = Static<typeof KindShape>;
export type Phase = Static<typeof PhaseShape>;
export type Entity = Static<typeof EntityShape>;
export type StormlarkState = Static<typeof StateShape>;
