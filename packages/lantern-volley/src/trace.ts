// Reachability for layout generation (issue 14): trace the 1,501 paths once per geometry (kernel traceAll), then
// score the lanterns against the stored segments (kernel traceMasks), again only for lanterns that moved. Lanterns
// are pass-through, so a path never depends on them, and the scoring calls the very lanternContact a shot uses: the
// masks are exactly what full sweeps (sweep.ts) give, at a fraction of the cost (the generator moves lanterns up to
// 30 times per draw, and each move used to cost a full sweep).
import { ANGLE_COUNT, EVENT_CAP, FIRST_ENTITY_ID } from './constants.ts';
import type { FlightSim } from './flight.ts';
import type { Layout } from './layout.ts';
import { fewestShotsToClearMasks, reachedMask, sweepLayout } from './sweep.ts';

export class LanternScorer {
  private readonly traced: boolean;
  private masks: Int32Array = new Int32Array(ANGLE_COUNT);
  /** Union of the masks: the lanterns some legal angle lights. */
  reached = 0;

  /** Loads `layout`, traces its geometry and scores its lanterns. */
  constructor(
    private readonly sim: FlightSim,
    private readonly layout: Layout,
    private readonly bounceCap: number,
  ) {
    sim.loadLayout(layout);
    const geometry = layout.beams.length + layout.screens.length + layout.gongs.length;
    // Events per flight: one per bounce, a ring per gong, a light per lantern, the end. Below the 64-event cap the
    // lanterns can never end a flight early, so the geometry alone decides every path.
    const events = bounceCap + layout.gongs.length + layout.lanterns.length + 1;
    this.traced = events < EVENT_CAP - 1 && sim.kernel.traceAll(bounceCap, geometry) >= 0;
    this.rescore((1 << layout.lanterns.length) - 1);
  }

  /** Scores again the lanterns in `moved` (bit i = layout.lanterns[i]) after the generator moved them. */
  rescore(moved: number): void {
    if (!this.traced) {
      const effects = sweepLayout(this.sim, this.layout, this.bounceCap);
      this.masks = Int32Array.from(effects, (e) => reachedMask([e]));
      this.reached = reachedMask(effects);
      return;
    }
    // Lantern records follow the geometry; move the ones the generator moved.
    const first = this.layout.lanterns.length ? this.layout.lanterns[0]!.id - FIRST_ENTITY_ID : 0;
    this.layout.lanterns.forEach((l, i) => {
      if (moved & (1 << i)) this.sim.moveCircle(first + i, l.x, l.y);
    });
    this.reached = this.sim.kernel.traceMasks(first, this.layout.lanterns.length, moved);
    this.masks = new Int32Array(this.sim.kernel.memory.buffer, this.sim.kernel.masksPtr(), ANGLE_COUNT);
  }

  /** Fewest shots that light every lantern (Infinity if none), for the lanterns as last scored. */
  fewestShots(): number {
    return fewestShotsToClearMasks(this.masks, this.layout.lanterns.length);
  }
}
