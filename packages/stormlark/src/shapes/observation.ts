// The observation's shape, declared once: the served observationSchema and the Observation type both
// come from here, so what a renderer reads is exactly what the schema promises.
import { type Static, Type } from '@sinclair/typebox';
import { ACTION_TYPES } from './action.ts';
import { Enum, Int, Obj } from './common.ts';
import { EntityShape, KindShape, PhaseShape } from './state.ts';

const Lane = Int(0, 6);

export const ObservationShape = Obj({
  text: Type.String({
    description: 'plain-text picture: a status line, a column header, 7 lane rows of 10 cells (legend in spec.legend)',
  }),
  phase: PhaseShape,
  reach: Int(1),
  hull: Int(0, 3),
  charge: Int(0, 9),
  chain: Int(0),
  chainMultiplier: Type.Number({ minimum: 1, maximum: 3, description: '1 + 0.10 x min(chain, 20)' }),
  reachMultiplier: Type.Number({ minimum: 1, maximum: 4, description: 'min(4.0, 1 + 0.25 x (reach - 1))' }),
  shipLane: Lane,
  score: Int(0),
  turn: Int(0),
  columnInReach: Int(0, 21, 'scrolling turns so far in this reach (21 at its Gate)'),
  wardens: Type.Array(Obj({ lane: Lane, col: Int(0, 9), hp: Int(1, 4) }), {
    maxItems: 2,
    description: 'wardens with their remaining hits (the picture cannot show hp)',
  }),
  entities: Type.Array(EntityShape, { maxItems: 70, description: 'every entity on the board, in board order: what a renderer draws' }),
  maxHull: Type.Literal(3),
  maxCharge: Type.Literal(9),
  pulseCost: Type.Literal(3, { description: 'charge one FIRE costs' }),
  flawless: Type.Boolean({ description: 'no hull lost in this reach yet: its Gate still pays the flawless bonus' }),
  pulseTarget: Type.Union([Obj({ kind: KindShape, lane: Lane, col: Int(1, 9), hp: Int(0, 4) }), Type.Null()], {
    description: "what a FIRE now would meet first in the craft's lane (motes and Gate markers let a pulse pass), or null",
  }),
  sparkLanes: Type.Array(Lane, {
    maxItems: 7,
    description: 'lanes where a sparker sits in column 1: it discharges there on the next scrolling turn',
  }),
  gateCol: Type.Union([Int(0, 9), Type.Null()], { description: 'board column of the Gate, or null while it is not in view' }),
  gateIn: Int(0, 21, 'scrolling turns until the Gate reaches column 0 (0 at a Gate or once the run is over)'),
  unavailable: Type.Array(
    Obj({
      type: Enum(ACTION_TYPES),
      reason: Type.String({ description: 'the refusal reason the engine would give (top_lane, low_charge, at_gate, ...)' }),
      message: Type.String(),
    }),
    {
      maxItems: 6,
      description: 'every action not legal now, with the refusal act would give: what a disabled button says',
    },
  ),
});

export type Observation = Static<typeof ObservationShape>;
