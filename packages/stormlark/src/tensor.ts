// Stormlark's observation as fixed-size arrays (Rules.tensor), encoded straight from the state: the 7 x 10 board
// as planes (kind, hits left, drift), the counters, and the lanes a sparker in column 1 is about to discharge.
// Entity ids are left out (a learner needs what is where, not draw order). The chain and the reach are held where
// their multipliers stop growing (chain 20: x3.0; reach 13: x4.0), so the numbers stay bounded and lose nothing the
// scoring reads; score and turn are left out (the reward and the info carry them).
import { defineTensor, type ObservationTensor, type TensorField } from '@hearth/engine';
import { COLUMNS_PER_REACH } from './schedule.ts';
import { PHASES } from './shapes/state.ts';
import { KINDS, MAX_CHARGE, MAX_HULL, type StormlarkState } from './state.ts';

export const LANES = 7;
export const COLUMNS = 10;
/** Where the multipliers stop growing (scoring.ts: chain tenths 10 + min(chain, 20); reach quarters min(16, reach + 3)). */
export const CHAIN_HELD = 20;
export const REACH_HELD = 13;

const field = (name: string, shape: number[], low: number, high: number, description: string): TensorField => ({
  name,
  shape,
  dtype: 'int8',
  low,
  high,
  description,
});

const KIND_INDEX = new Map<string, number>(KINDS.map((k, i) => [k, i + 1]));

export const stormlarkTensor: ObservationTensor<StormlarkState> = defineTensor<StormlarkState>(
  [
    field('phase', [], 0, 2, `${PHASES.map((p, i) => `${p} ${i}`).join(', ')}`),
    field('hull', [], 0, MAX_HULL, 'hull left'),
    field('charge', [], 0, MAX_CHARGE, 'charge (a pulse costs 3)'),
    field('chain', [], 0, CHAIN_HELD, `clears in a row, held at ${CHAIN_HELD} (the chain multiplier's cap)`),
    field('reach', [], 1, REACH_HELD, `the reach being flown, held at ${REACH_HELD} (the reach multiplier's cap)`),
    field('ship_lane', [], 0, LANES - 1, "the craft's lane (column 0)"),
    field('column_in_reach', [], 0, COLUMNS_PER_REACH, 'scrolling turns flown in this reach (21: at its Gate)'),
    field('flawless', [], 0, 1, 'no hull lost in this reach yet'),
    field('kind', [LANES, COLUMNS], 0, KINDS.length, `what is in each cell: empty 0, ${KINDS.map((k, i) => `${k} ${i + 1}`).join(', ')}`),
    field('hp', [LANES, COLUMNS], 0, 4, 'hits left of what is in each cell'),
    field('drift', [LANES, COLUMNS], -1, 1, 'drifters: -1 toward lane 0, +1 toward lane 6; else 0'),
    field('spark_lanes', [LANES], 0, 1, 'lanes where a sparker in column 1 discharges this turn'),
  ],
  (at, size) => (s, out, o) => {
    out.fill(0, o, o + size);
    out[o + at.phase!] = PHASES.indexOf(s.phase);
    out[o + at.hull!] = s.hull;
    out[o + at.charge!] = s.charge;
    out[o + at.chain!] = Math.min(s.chain, CHAIN_HELD);
    out[o + at.reach!] = Math.min(s.reach, REACH_HELD);
    out[o + at.ship_lane!] = s.shipLane;
    out[o + at.column_in_reach!] = s.column - 9 - COLUMNS_PER_REACH * (s.reach - 1);
    out[o + at.flawless!] = s.hullLost ? 0 : 1;
    for (const e of s.entities) {
      const cell = e.lane * COLUMNS + e.col;
      out[o + at.kind! + cell] = KIND_INDEX.get(e.kind)!;
      out[o + at.hp! + cell] = e.hp;
      out[o + at.drift! + cell] = e.drift;
      if (e.kind === 'sparker' && e.col === 1) out[o + at.spark_lanes! + e.lane] = 1;
    }
  },
);
