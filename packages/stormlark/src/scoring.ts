// Award arithmetic, exact: multipliers are kept as integers (chain in tenths, reach in quarters) and
// every award is round(base * chainTenths * reachQuarters / 40) computed on integers, half up (the
// result of JavaScript's Math.round on the exact product). Doubles are never multiplied, so no
// product lands on x.4999... and rounds the wrong way.

export const BASE = {
  column: 2,
  mote: 10,
  knot: 50,
  drifter: 90,
  sparker: 140,
  rimeshell: 160,
  warden: 500,
  gate: 40,
  flawless: 60,
} as const;

/** Chain multiplier in tenths: 1 + 0.10 * min(chain, 20), i.e. 10..30 (3.0 cap). */
export const chainTenths = (chain: number): number => 10 + Math.min(chain, 20);
/** Reach multiplier in quarters: min(4.0, 1 + 0.25 * (reach - 1)), i.e. 4..16. */
export const reachQuarters = (reach: number): number => Math.min(16, reach + 3);

/** round(base x chain multiplier x reach multiplier), exact. Awards without a chain pass chain tenths 10. */
export function award(base: number, tenths: number, quarters: number): number {
  return Math.floor((base * tenths * quarters + 20) / 40);
}

export const chainMultiplier = (chain: number): number => chainTenths(chain) / 10;
export const reachMultiplier = (reach: number): number => reachQuarters(reach) / 4;
