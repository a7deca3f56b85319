// A full sweep of the 1,501 legal angles over one layout: what each angle lights and rings.
// Lanterns are pass-through and change nothing about a flight, so a path does not depend on which lanterns
// are already lit: one sweep over the fresh layout tells what every angle does for the whole wave.
import { ANGLE_COUNT, EVENT_CAP, EVENT_GONG, EVENT_LIGHT, EVENT_REC, FIRST_ENTITY_ID, waveRow } from './constants.ts';
import type { FlightSim } from './flight.ts';
import type { Layout } from './layout.ts';

/** What one angle does on a fresh layout: lanterns in contact order (index into layout.lanterns) and bounces before each. */
export interface AngleEffect {
  index: number;
  lanterns: number[];
  bounces: number[];
  gongs: number;
}

export function sweepLayout(sim: FlightSim, layout: Layout, bounceCap: number = waveRow(layout.wave).bounceCap): AngleEffect[] {
  sim.loadLayout(layout);
  const firstLantern = FIRST_ENTITY_ID + layout.beams.length + layout.screens.length + layout.gongs.length;
  const out: AngleEffect[] = [];
  const ev = sim.rawEvents(EVENT_CAP);
  for (let index = 0; index < ANGLE_COUNT; index++) {
    const end = sim.shootRaw(index, bounceCap) * EVENT_REC;
    const effect: AngleEffect = { index, lanterns: [], bounces: [], gongs: 0 };
    for (let o = 0; o < end; o += EVENT_REC) {
      const kind = ev[o];
      if (kind === EVENT_LIGHT) {
        effect.lanterns.push(ev[o + 1]! - firstLantern);
        effect.bounces.push(ev[o + 4]!);
      } else if (kind === EVENT_GONG) effect.gongs++;
    }
    out.push(effect);
  }
  return out;
}

/** Bit mask of the lanterns each angle lights on a fresh layout. */
export function reachedMask(effects: readonly AngleEffect[]): number {
  let mask = 0;
  for (const e of effects) for (const l of e.lanterns) mask |= 1 << l;
  return mask;
}

/** Fewest shots that light every lantern (breadth-first over lit masks), or Infinity. */
export function fewestShotsToClear(effects: readonly AngleEffect[], lanternCount: number): number {
  return fewestShotsToClearMasks(
    effects.map((e) => reachedMask([e])),
    lanternCount,
  );
}

/**
 * The same from each angle's mask of lanterns lit (bit i = lantern i): the fewest shots whose masks cover all.
 * Breadth-first over the at most 256 lit sets, with typed arrays (it runs once per accepted draw).
 */
export function fewestShotsToClearMasks(angleMasks: ArrayLike<number>, lanternCount: number): number {
  const full = (1 << lanternCount) - 1;
  const seen = new Uint8Array(full + 1);
  const moves: number[] = [];
  for (let i = 0; i < angleMasks.length; i++) {
    const m = angleMasks[i]! & full;
    if (m && !seen[m]) {
      seen[m] = 1;
      moves.push(m);
    }
  }
  const reached = new Uint8Array(full + 1);
  reached[0] = 1;
  let frontier = [0];
  for (let depth = 1; frontier.length > 0 && depth <= lanternCount; depth++) {
    const next: number[] = [];
    for (const m of frontier) {
      for (const mv of moves) {
        const n = m | mv;
        if (reached[n]) continue;
        if (n === full) return depth;
        reached[n] = 1;
        next.push(n);
      }
    }
    frontier = next;
  }
  return Number.POSITIVE_INFINITY;
}
