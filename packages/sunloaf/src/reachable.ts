// Closed forms over the day counter: the random cursor a day is generated from, and the bounds on score, raw
// cosy and chain that play can reach. parseState runs these before any regeneration, so a forged day costs
// nothing to refuse, and no day needs the days before it to be generated.
import * as curve from './curves.ts';

/** Bowls (mats) of a day: one per serve, two on the 2nd, 4th and 6th serve from day 15. */
export const bowlsOfDay = (day: number): number => {
  const serves = curve.serveCount(day);
  return serves + (curve.twoMatServes(day) ? Math.floor(serves / 2) : 0);
};

/**
 * Draws generateDay takes from the day stream: one per call of `below`/`range`, and every pick takes exactly k
 * draws because every pool is larger than k (furniture: 49 - hearth - two loops of at most 16 tiles >= 16 > 12;
 * clouds 13+ > 6; serve slots 11+ > 6; free tiles 36+). So the count depends on the day alone.
 */
export const drawsOfDay = (day: number): number =>
  2 + // window, hearth
  6 * curve.dogCount(day) + // h, w, top, left, offset, direction per loop
  curve.furnitureCount(day) +
  curve.cloudCount(day) +
  (curve.hasLattice(day) ? 1 : 0) +
  1 + // big cat
  curve.rosterSize(day) +
  curve.serveCount(day) +
  bowlsOfDay(day);

/** Every per-day curve is constant from this day on (the multiplier is the last to settle, on day 33). */
const STEADY = 40;
const prefixDraws: number[] = [0];
for (let d = 1; d < STEADY; d++) prefixDraws.push(prefixDraws[d - 1]! + drawsOfDay(d));

/** The cursor day `day` is generated from (the cursor after days 1..day-1), modulo 2^32 like the stream's index. */
export function cursorBefore(day: number): number {
  if (day <= STEADY) return prefixDraws[day - 1]! >>> 0;
  // Exact below 2^53: (day - STEADY) * 62 stays far under it for every day the score bound lets through.
  return (prefixDraws[STEADY - 1]! + drawsOfDay(STEADY) * (day - STEADY)) >>> 0;
}

/** The day bonuses of days 1..day-1: the least score a state of day `day` can hold (nothing takes a point back). */
export function bonusesBefore(day: number): number {
  const n = day - 1;
  return n <= 30 ? (100 * n * (n + 1)) / 2 : 46_500 + 3000 * (n - 30);
}

/** The largest day whose bonusesBefore fits in a safe integer: no run can reach a later day with an exact score. */
export const MAX_DAY = Math.floor((Number.MAX_SAFE_INTEGER - 46_500) / 3000) + 31;

/** Most raw cosy one turn can earn: every cat at purr 10 with pile 6 (250 each) and a two-mat serve at chain 8. */
export const maxTurnRaw = (day: number): number => curve.rosterSize(day) * 250 + (curve.twoMatServes(day) ? 2 : 1) * 240;

/** Most score one turn can add (each award rounds on its own, so round each at the multiplier). */
export function maxTurnPoints(day: number): number {
  const m = curve.multiplier(day);
  const award = (raw: number) => Math.round((raw * m) / 100);
  return curve.rosterSize(day) * award(250) + (curve.twoMatServes(day) ? 2 : 1) * award(240);
}

const maxDayPoints = (day: number): number => curve.dayLength(day) * maxTurnPoints(day) + curve.dayBonus(day);
const prefixPoints: number[] = [0];
for (let d = 1; d < STEADY; d++) prefixPoints.push(prefixPoints[d - 1]! + maxDayPoints(d));

/** An upper bound on the score after days 1..day-1 (a bound, not exact, past 2^53). */
export function maxScoreBefore(day: number): number {
  if (day <= STEADY) return prefixPoints[day - 1]!;
  return prefixPoints[STEADY - 1]! + maxDayPoints(STEADY) * (day - STEADY);
}

/** Bowls served on days 1..day-1: the chain can never be above this (it rises by one per bowl eaten). */
export function bowlsBefore(day: number): number {
  let n = 0;
  for (let d = 1; d < Math.min(day, STEADY); d++) n += bowlsOfDay(d);
  return day > STEADY ? n + bowlsOfDay(STEADY) * (day - STEADY) : n;
}
