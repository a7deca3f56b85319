// A drawn layout whose shapes cannot all be placed is rejected, and the generator draws again (GEN_STATS.placement).
// With the real stream only the wall screens ever run out of room (seeds 1..40,000 x 8 waves: no rect, diagonal,
// field screen, gong or lantern did, and no lantern's spacing relaxed down to 0), so a stand-in stream pins the
// tries of one kind of shape onto the first beam, which it puts in the field's top-left corner: every try of that
// kind collides, the draw fails there, and after MAX_ATTEMPTS draws the fixed fallback layout comes back. It also
// counts the tries: 400 per shape (PLACE_TRIES), and for a lantern 100 per spacing while the spacing relaxes by 40
// down to 0.
import { describe, expect, it, vi } from 'vitest';
import { LANTERN_RADIUS } from '../src/constants.ts';
import type { FlightSim } from '../src/flight.ts';
import {
  CONTENT,
  FIELD,
  fallbackLayout,
  GEN_STATS,
  GONG_RADIUS,
  generateLayout,
  MAX_ATTEMPTS,
  SCREEN_LENGTH,
  WALL_SCREEN_LENGTH,
} from '../src/generator.ts';

type Kind = 'rect' | 'diagonal' | 'screen' | 'wall' | 'gong' | 'lantern';

/** What the stand-in stream consults on every draw; `hook` is null for a plain stream. */
const control = vi.hoisted(() => ({
  hook: null as null | {
    range(lo: number, hi: number, drawn: number): number;
    below(n: number, drawn: number): number;
  },
}));

vi.mock('@hearth/rng', async (importOriginal) => {
  const real = await importOriginal<typeof import('@hearth/rng')>();
  class StandIn extends real.Stream {
    override range(lo: number, hi: number): number {
      const drawn = super.range(lo, hi);
      return control.hook ? control.hook.range(lo, hi, drawn) : drawn;
    }
    override below(n: number): number {
      const drawn = super.below(n);
      return control.hook ? control.hook.below(n, drawn) : drawn;
    }
  }
  return { ...real, Stream: StandIn };
});

/**
 * Pins every try of `kind` (and the first try of each draw's first beam) to the field's top-left corner. Which shape
 * is being placed is read from its draws: each kind's length range, or for gongs and lanterns the x range of their
 * size. Returns the tries of `kind` counted per draw that reached it.
 */
function pinTries(kind: Kind, wave: number): number[] {
  const rects = CONTENT[wave - 1]!.rects;
  const lengthOf: [number, number, Kind][] = [
    [90, 240, 'rect'],
    [70, 150, 'diagonal'],
    [SCREEN_LENGTH[0], SCREEN_LENGTH[1], 'screen'],
    [WALL_SCREEN_LENGTH[0], WALL_SCREEN_LENGTH[1], 'wall'],
  ];
  const tries: number[] = [];
  let mode: Kind | null = null;
  let firstBeam = false;
  let rectsDrawn = 0;
  let pinY = false;
  control.hook = {
    range(lo, hi, drawn) {
      if (pinY) {
        pinY = false;
        return lo;
      }
      const length = lengthOf.find(([a, b]) => a === lo && b === hi);
      if (length) {
        // A draw starts with its first beam (a rect): a new count of tries.
        if (length[2] === 'rect' && (mode !== 'rect' || rectsDrawn === rects)) {
          firstBeam = true;
          rectsDrawn = 0;
          tries.push(0);
        }
        if (length[2] === 'rect') rectsDrawn++;
        mode = length[2];
        return drawn;
      }
      if (lo === FIELD.x0 && hi === FIELD.x1 - 2 * GONG_RADIUS) mode = 'gong';
      if (lo === FIELD.x0 && hi === FIELD.x1 - 2 * LANTERN_RADIUS) mode = 'lantern';
      const x = lo === FIELD.x0;
      const along = lo === 20 && mode === 'wall';
      if (x && firstBeam) {
        firstBeam = false;
        pinY = true;
        return lo;
      }
      if ((x || along) && mode === kind) {
        tries[tries.length - 1]!++;
        pinY = x;
        return lo;
      }
      return drawn;
    },
    // The side of a wall screen: the left wall, beside the first beam.
    below: (n, drawn) => (kind === 'wall' && n === 4 ? 0 : drawn),
  };
  return tries;
}

/** generateLayout never reaches the kernel here: every draw fails before its lanterns are scored. */
const noSim = {} as FlightSim;

describe('a draw whose shapes do not fit is rejected', () => {
  it.each([
    ['rect', 5, 400],
    ['diagonal', 1, 400],
    ['screen', 1, 400],
    ['wall', 1, 400],
    ['gong', 6, 400],
    // Wave 8 keeps lanterns 240 apart: 240, 200, ..., 40, 0 is seven spacings of 100 tries.
    ['lantern', 8, 700],
    // Wave 1 keeps them 420 apart: 420, 380, ..., 20 is eleven.
    ['lantern', 1, 1100],
  ] as const)('the %s of wave %i: the draw fails after %i tries, every draw, then the fallback', (kind, wave, perDraw) => {
    const before = GEN_STATS.placement;
    const tries = pinTries(kind, wave);
    try {
      const g = generateLayout(17, wave, noSim);
      expect(g).toEqual({ layout: fallbackLayout(wave), attempts: MAX_ATTEMPTS + 1 });
    } finally {
      control.hook = null;
    }
    expect(GEN_STATS.placement - before).toBe(MAX_ATTEMPTS);
    expect(tries).toHaveLength(MAX_ATTEMPTS);
    // A draw can end earlier, at a wall screen with no room (the one kind the real stream runs out of room for).
    const reached = tries.filter((n) => n > 0);
    expect(reached.length).toBeGreaterThan(MAX_ATTEMPTS / 2);
    expect(new Set(reached)).toEqual(new Set([perDraw]));
  });
});
