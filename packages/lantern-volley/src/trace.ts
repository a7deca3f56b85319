// Reachability for layout generation (issue 14): trace the 1,501 paths once per geometry (kernel traceAll), then
// test lanterns against the stored segments: while the generator moves lanterns it only asks which are reached
// (traceReach, for the moved ones, each scan stopping at its first touch); the per-angle masks for the clearability
// check are computed once, at the end (traceMasks). Lanterns are pass-through, so a path never depends on them, and
// the tests call the very lanternContact a shot uses: the answers are exactly what full sweeps (sweep.ts) give.
import { ANGLE_COUNT, FIRST_ENTITY_ID } from './constants.ts';
import type { FlightSim } from './flight.ts';
import type { Layout } from './layout.ts';
import { fewestShotsToClearMasks, reachedMask, sweepLayout } from './sweep.ts';

export class LanternScorer {
  private readonly traced: boolean;
  private readonly first: number;
  private readonly all: number;
  private masks: Int32Array | null = null;
  /** The lanterns some legal angle lights (bit i = layout.lanterns[i]), for the lanterns where they are now. */
  reached = 0;

  /** Loads `layout`, traces its geometry and finds which lanterns are reached. */
  constructor(
    private readonly sim: FlightSim,
    private readonly layout: Layout,
    private readonly bounceCap: number,
  ) {
    sim.loadLayout(layout);
    const geometry = layout.beams.length + layout.screens.length + layout.gongs.length;
    // Every wave has lanterns (3 to 8, the design document's wave table).
    this.first = layout.lanterns[0]!.id - FIRST_ENTITY_ID;
    this.all = (1 << layout.lanterns.length) - 1;
    // Events per flight: one per bounce, a ring per gong, a light per lantern, the end. Every wave of the table stays
    // below the 64-event cap (test/trace.test.ts), so the lanterns can never end a flight early and the geometry alone
    // decides every path.
    this.traced = sim.kernel.traceAll(bounceCap, geometry) >= 0;
    this.rescore(this.all);
  }

  /** Tests again the lanterns in `moved` (bit i = layout.lanterns[i]) after the generator moved them. */
  rescore(moved: number): void {
    this.masks = null;
    if (!this.traced) {
      this.masks = this.sweptMasks();
      this.reached = this.masks.reduce((m, x) => m | x, 0);
      return;
    }
    // Lantern records follow the geometry; move the ones the generator moved.
    this.layout.lanterns.forEach((l, i) => {
      if (moved & (1 << i)) this.sim.moveCircle(this.first + i, l.x, l.y);
    });
    this.reached = (this.reached & ~moved) | this.sim.kernel.traceReach(this.first, this.layout.lanterns.length, moved);
  }

  /** What each angle lights (bit i = layout.lanterns[i]), for the lanterns as last rescored. */
  angleMasks(): Int32Array {
    if (!this.masks) {
      this.sim.kernel.traceMasks(this.first, this.layout.lanterns.length);
      this.masks = new Int32Array(this.sim.kernel.memory.buffer, this.sim.kernel.masksPtr(), ANGLE_COUNT);
    }
    return this.masks;
  }

  /** Fewest shots that light every lantern (Infinity if none), for the lanterns as last rescored. */
  fewestShots(): number {
    return fewestShotsToClearMasks(this.angleMasks(), this.layout.lanterns.length);
  }

  private sweptMasks(): Int32Array {
    return Int32Array.from(sweepLayout(this.sim, this.layout, this.bounceCap), (e) => reachedMask([e]));
  }
}
