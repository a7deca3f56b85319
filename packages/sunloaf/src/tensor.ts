// Sunloaf's observation as fixed-size arrays (Rules.tensor), encoded straight from the state: the 7 x 7 room as
// planes (furniture, hearth, the band's tiles and the lit ones, the warm hearth, dogs now and on the next three
// turns, bowls by turns until served), each cat's row of numbers in roster order, and the day's counters. The
// day is held at 30 (the last day whose opening changes the room's rules is 16, the lattice), and the quota's
// numbers at 32,767 (a day earns a few hundred raw cosy at most); score is left out (the reward and the info carry it).
import { defineTensor, type ObservationTensor, type TensorField } from '@hearth/engine';
import { bandLine, colOf, dogTile, isCloudy, isLit, lineOf, rowOf, warmthCap } from './geometry.ts';
import { HEARTH_CAP, SIZE, type State, TIER_CAP, TILES } from './state.ts';
import { pileOf } from './turn.ts';

export const MAX_CATS = 5;
export const DAY_HELD = 30;
export const QUOTA_HELD = 32767;
export const PHASE_CODES = ['day', 'sunset', 'over'] as const;
export const OUTCOME_CODES = [null, 'win', 'good_game', 'quota_missed'] as const;
export const WALL_CODES = ['N', 'E', 'S', 'W'] as const;

const field = (
  name: string,
  shape: number[],
  low: number,
  high: number,
  description: string,
  dtype: 'int8' | 'int16' = 'int8',
): TensorField => ({
  name,
  shape,
  dtype,
  low,
  high,
  description,
});
const ROOM = [SIZE, SIZE];

export const sunloafTensor: ObservationTensor<State> = defineTensor<State>(
  [
    field('day', [], 1, DAY_HELD, `the day being played, held at ${DAY_HELD}`),
    field('turn', [], 0, 21, "the day's turn (0-based)"),
    field('turns_left', [], 0, 21, 'turns left today'),
    field('band_dwell', [], 2, 3, 'turns the band stays on each line (the day is 7 of them)'),
    field('phase', [], 0, 2, 'day 0, sunset 1, over 2'),
    field('outcome', [], 0, 3, 'none 0, win 1, good_game 2, quota_missed 3'),
    field('mult', [], 100, 1200, "the day's multiplier in hundredths", 'int16'),
    field('quota_raw', [], 0, QUOTA_HELD, 'raw cosy earned today', 'int16'),
    field('quota_needed', [], 0, QUOTA_HELD, "today's quota of raw cosy", 'int16'),
    field('quota_ratio', [], 1000, 9500, 'quota as a share of par, in ten-thousandths', 'int16'),
    field('chain', [], 0, 8, 'days in a row with the quota met'),
    field('window', [], 0, 3, 'the window wall: N 0, E 1, S 2, W 3'),
    field('cloudy', [], 0, 1, 'a cloud this turn: nothing lit, the hearth cold'),
    field('shade', [], 1, 4, "the room's shade"),
    field('lattice', [], 0, 2, 'lit only where (row + column) % 2 equals it: 0, 1; 2: no lattice'),
    field('furniture', ROOM, 0, 1, 'furniture tiles'),
    field('hearth', ROOM, 0, 1, 'the hearth tile'),
    field('band', ROOM, 0, 1, "the band's tiles this turn"),
    field('lit', ROOM, 0, 1, 'lit tiles this turn'),
    field('warm_hearth', ROOM, 0, 1, 'the hearth, when it is warm this turn (cap 3, not lit)'),
    field('dogs', [4, SIZE, SIZE], 0, 2, 'dogs on each tile now (0) and on each of the next three turns (1-3)'),
    field('bowls', ROOM, 0, 21, 'waiting bowls: 1 + the turns until the bowl is served (0: none)'),
    field('cat_present', [MAX_CATS], 0, 1, 'cats of the roster, by id'),
    field('cat_row', [MAX_CATS], 0, SIZE - 1, "each cat's row"),
    field('cat_col', [MAX_CATS], 0, SIZE - 1, "each cat's column"),
    field('cat_settled', [MAX_CATS], 0, 21, 'turns each cat has stayed put'),
    field('cat_big', [MAX_CATS], 0, 1, 'the big cat (counts 2 in a pile)'),
    field('cat_range', [MAX_CATS], 0, 4, "each cat's move range"),
    field('cat_warmth', [MAX_CATS], 0, TIER_CAP, "each cat's warmth cap on its tile this turn: 6 lit, 3 warm hearth, 0 nothing"),
    field('cat_pile', [MAX_CATS], 0, 6, "each cat's pile (settled neighbours; the big one counts 2)"),
  ],
  (at, size) => (s, out, o) => {
    out.fill(0, o, o + size);
    const { layout } = s;
    const running = s.phase === 'day';
    const t = s.turn;
    out[o + at.day!] = Math.min(s.day, DAY_HELD);
    out[o + at.turn!] = t;
    out[o + at.turns_left!] = layout.dayLength - t;
    out[o + at.band_dwell!] = layout.bandDwell;
    out[o + at.phase!] = PHASE_CODES.indexOf(s.phase);
    out[o + at.outcome!] = OUTCOME_CODES.indexOf(s.outcome);
    out[o + at.mult!] = s.mult;
    out[o + at.quota_raw!] = Math.min(s.dayCosyRaw, QUOTA_HELD);
    out[o + at.quota_needed!] = Math.min(s.dayQuota, QUOTA_HELD);
    out[o + at.quota_ratio!] = s.quotaRatio;
    out[o + at.chain!] = s.chain;
    out[o + at.window!] = WALL_CODES.indexOf(layout.window);
    out[o + at.cloudy!] = running && isCloudy(layout, t) ? 1 : 0;
    out[o + at.shade!] = layout.shade;
    out[o + at.lattice!] = layout.lattice ?? 2;
    for (const f of layout.furniture) out[o + at.furniture! + f] = 1;
    out[o + at.hearth! + layout.hearth] = 1;
    if (running) {
      const line = bandLine(layout, t);
      let hearthLit = false;
      for (let tile = 0; tile < TILES; tile++) {
        if (lineOf(layout.window, tile) !== line) continue;
        out[o + at.band! + tile] = 1;
        if (isLit(layout, tile, t)) {
          out[o + at.lit! + tile] = 1;
          if (tile === layout.hearth) hearthLit = true;
        }
      }
      if (!hearthLit && warmthCap(layout, layout.hearth, t) === HEARTH_CAP) out[o + at.warm_hearth! + layout.hearth] = 1;
      for (let d = 0; d < layout.dogLoops.length; d++)
        for (let k = 0; k < 4; k++) {
          const cell = o + at.dogs! + k * TILES + dogTile(layout, d, t + k);
          out[cell] = out[cell]! + 1;
        }
    }
    for (const b of s.bowls) if (b.status === 'waiting') out[o + at.bowls! + b.mat] = 1 + b.serveTurn - t;
    for (let i = 0; i < s.cats.length; i++) {
      const c = s.cats[i]!;
      out[o + at.cat_present! + c.id] = 1;
      out[o + at.cat_row! + c.id] = rowOf(c.tile);
      out[o + at.cat_col! + c.id] = colOf(c.tile);
      out[o + at.cat_settled! + c.id] = c.settled;
      out[o + at.cat_big! + c.id] = c.big ? 1 : 0;
      out[o + at.cat_range! + c.id] = c.range;
      out[o + at.cat_warmth! + c.id] = running ? warmthCap(layout, c.tile, t) : 0;
      out[o + at.cat_pile! + c.id] = pileOf(s, i);
    }
  },
);
