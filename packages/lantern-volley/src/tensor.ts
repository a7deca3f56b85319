// Lantern Volley's observation as fixed-size arrays (Rules.tensor), encoded straight from the state and the
// wave's layout: the counters, then every shape of the arena as coordinates in arena units (x 0..1080, y 0..1440;
// the brazier at (540, 1360)), each list padded to the most any wave holds with a `present` flag. Ids are left
// out; the order is the layout's. Score is left out (the reward and the info carry it).
import { defineTensor, type ObservationTensor, type TensorField } from '@hearth/engine';
import { ARENA_HEIGHT, ARENA_WIDTH, WAVE_BOUNDS, WAVE_COUNT, waveRow } from './constants.ts';
import { CONTENT } from './generator.ts';
import type { Layout } from './layout.ts';
import type { State } from './state.ts';

export const MAX_LANTERNS = WAVE_BOUNDS.lanterns[1];
export const MAX_BEAMS = Math.max(...CONTENT.map((c) => c.rects + c.diagonals));
export const MAX_SCREENS = Math.max(...CONTENT.map((c) => c.screens + c.wallScreens));
export const MAX_GONGS = Math.max(1, ...CONTENT.map((c) => c.gongs));
const SIDE = Math.max(ARENA_WIDTH, ARENA_HEIGHT);

const int8 = (name: string, shape: number[], low: number, high: number, description: string): TensorField => ({
  name,
  shape,
  dtype: 'int8',
  low,
  high,
  description,
});
const coords = (name: string, shape: number[], description: string): TensorField => ({
  name,
  shape,
  dtype: 'int16',
  low: 0,
  high: SIDE,
  description: `${description} (arena units; 0 where absent)`,
});

export function createTensor(layoutOf: (state: State) => Layout): ObservationTensor<State> {
  return defineTensor<State>(
    [
      int8('wave', [], 1, WAVE_COUNT, 'the wave being played'),
      int8('wisps_left', [], 0, WAVE_BOUNDS.wisps[1], 'wisps left in this wave'),
      int8('wisps', [], WAVE_BOUNDS.wisps[0], WAVE_BOUNDS.wisps[1], "the wave's wisps"),
      int8('bounce_cap', [], WAVE_BOUNDS.bounceCap[0], WAVE_BOUNDS.bounceCap[1], "the wave's bounce cap"),
      int8('game_over', [], 0, 1, 'the round is over'),
      int8('won', [], 0, 1, 'all waves cleared'),
      int8('lantern_present', [MAX_LANTERNS], 0, 1, 'lanterns of this wave, in layout order'),
      int8('lantern_lit', [MAX_LANTERNS], 0, 1, 'lit lanterns (wisps pass through them)'),
      coords('lantern_xy', [MAX_LANTERNS, 2], 'lantern centres x, y (radius 34)'),
      int8('beam_kind', [MAX_BEAMS], 0, 2, 'beams: none 0, axis-aligned rectangle 1, 45-degree mirror 2'),
      coords('beam_box', [MAX_BEAMS, 4], 'beams x0, y0, x1, y1 (a mirror runs from (x0, y0) to (x1, y1))'),
      int8('screen_present', [MAX_SCREENS], 0, 1, 'paper screens (they absorb the wisp)'),
      coords('screen_box', [MAX_SCREENS, 4], 'screens x0, y0, x1, y1'),
      int8('gong_present', [MAX_GONGS], 0, 1, 'gongs (they reflect; the first strike in a shot rings and refills the distance)'),
      coords('gong_xyr', [MAX_GONGS, 3], 'gongs x, y, radius'),
    ],
    (at, size) => (s, out, o) => {
      out.fill(0, o, o + size);
      const layout = layoutOf(s);
      const row = waveRow(s.wave);
      out[o + at.wave!] = s.wave;
      out[o + at.wisps_left!] = s.wispsLeft;
      out[o + at.wisps!] = row.wisps;
      out[o + at.bounce_cap!] = row.bounceCap;
      out[o + at.game_over!] = s.gameOver ? 1 : 0;
      out[o + at.won!] = s.won ? 1 : 0;
      layout.lanterns.forEach((l, i) => {
        out[o + at.lantern_present! + i] = 1;
        out[o + at.lantern_lit! + i] = s.lit[i] ? 1 : 0;
        out[o + at.lantern_xy! + 2 * i] = l.x;
        out[o + at.lantern_xy! + 2 * i + 1] = l.y;
      });
      layout.beams.forEach((b, i) => {
        out[o + at.beam_kind! + i] = b.shape === 'rect' ? 1 : 2;
        out.set([b.x0, b.y0, b.x1, b.y1], o + at.beam_box! + 4 * i);
      });
      layout.screens.forEach((b, i) => {
        out[o + at.screen_present! + i] = 1;
        out.set([b.x0, b.y0, b.x1, b.y1], o + at.screen_box! + 4 * i);
      });
      layout.gongs.forEach((g, i) => {
        out[o + at.gong_present! + i] = 1;
        out.set([g.x, g.y, g.r], o + at.gong_xyr! + 3 * i);
      });
    },
  );
}
