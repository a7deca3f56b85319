// The difficulty schedule and the column arithmetic. A reach is 20 content columns then 1 Gate
// column; columns are numbered from 1 in draw order over the whole run, so drawn column n belongs
// to reach ceil(n / 21) and is a Gate when n is a multiple of 21.

/** Draws reserved per drawn column: rngState advances by exactly this on every scrolling turn. */
export const BUDGET = 48;
export const COLUMNS_PER_REACH = 21;
/** Everything caps at reach 13; reach 14 and above replay reach 13's world. */
export const TIER_CAP = 13;

export const gateColumnAt = (n: number): boolean => n > 0 && n % COLUMNS_PER_REACH === 0;
export const reachOfColumn = (n: number): number => Math.floor((n - 1) / COLUMNS_PER_REACH) + 1;

export interface Tier {
  /**
   * Expected solids per content column, in quarters: 4 + (reach - 1), i.e. 1.00 at reach 1 up to
   * 4.00 at reach 13. A column draws floor(q / 4), plus 1 with chance (q mod 4) / 4, plus a jitter
   * of -1, 0 or +1 (uniform), so the mean is exactly q / 4 and rises every reach.
   */
  solidsQuarters: number;
  /** Percent of new solids that are crags (indestructible basalt). */
  basaltPct: number;
  /** Percent chance that a crag in the previous column continues into the same lane (longer crag runs). */
  runPct: number;
  /** Percent chance of one mote in a content column. */
  motePct: number;
  /** Percent chance of one squall in a content column (0 before reach 3). */
  squallPct: number;
  /** Percent chance that a content column is a full wall with a single gap (0 before reach 8). */
  wallPct: number;
  /** Relative weights of the destructible kinds (0 = not unlocked yet). */
  weights: { knot: number; drifter: number; rimeshell: number; sparker: number; warden: number };
}

/** The world of a reach (capped at 13). */
export function tier(reach: number): Tier {
  return TIERS[Math.min(Math.max(reach, 1), TIER_CAP) - 1]!;
}

function makeTier(r: number): Tier {
  return {
    solidsQuarters: 4 + (r - 1),
    basaltPct: 65 + 2 * (r - 1),
    runPct: 10 + 5 * (r - 1),
    motePct: 60 - 4 * (r - 1),
    squallPct: r >= 3 ? 10 + 2 * (r - 3) : 0,
    wallPct: r >= 8 ? 8 + 2 * (r - 8) : 0,
    weights: {
      knot: 40,
      drifter: r >= 2 ? 20 : 0,
      rimeshell: r >= 4 ? 20 : 0,
      sparker: r >= 5 ? 15 : 0,
      warden: r >= 6 ? 10 : 0,
    },
  };
}

const TIERS: readonly Tier[] = Array.from({ length: TIER_CAP }, (_, i) => Object.freeze(makeTier(i + 1)));

/** The schedule as served in spec.appendix. */
export function scheduleTable(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let r = 1; r <= TIER_CAP; r++) rows.push({ reach: r, ...tier(r) });
  return rows;
}
