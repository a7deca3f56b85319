// Cheap reachability bounds for parseState: what the counters allow a real run to have reached. Each is
// a closed form over the column, reach and phase counters (no replay), so a forged score, chain or lane
// that no play could produce is refused with the field named. The trusted path never runs these.
import { COLUMNS_PER_REACH, TIER_CAP } from './schedule.ts';
import { award, BASE, chainTenths, reachQuarters } from './scoring.ts';

/** The most one scrolling turn can pay at a reach: its column, a mote and a warden cleared at chain x3. */
const turnMax = (reach: number): number => {
  const q = reachQuarters(reach);
  return award(BASE.column, 10, q) + award(BASE.mote, 10, q) + award(BASE.warden, chainTenths(20), q);
};
/** The most a Gate pays: its bonus and the flawless bonus. */
const gateMax = (reach: number): number => {
  const q = reachQuarters(reach);
  return award(BASE.gate, 10, q) + award(BASE.flawless, 10, q);
};
const reachMax = (reach: number): number => COLUMNS_PER_REACH * turnMax(reach) + gateMax(reach);

/**
 * An upper bound on the score of any run whose counters read `reach` and `inReach` scrolling turns into
 * it (21 once its Gate has arrived): every earlier reach at its maximum, then this reach's turns so far.
 */
export function maxScore(reach: number, inReach: number): number {
  // reaches 13 and above all pay reach 13's multiplier: each finished one is worth reachMax(13)
  const early = Math.min(reach, TIER_CAP);
  let total = (reach - early) * reachMax(TIER_CAP);
  for (let r = 1; r < early; r++) total += reachMax(r);
  total += inReach * turnMax(reach);
  if (inReach >= COLUMNS_PER_REACH) total += gateMax(reach);
  return total;
}
