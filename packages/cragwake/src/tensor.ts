// Cragwake's observation as fixed-size arrays (Rules.tensor), encoded straight from the state: what a learner
// reads. The wall is unbounded upward, so every row is relative: the band's ten rows lowest first (the band's bottom
// is max(0, high point - 3)), the climber's row within the band and within the pitch. The pitch is held at 34
// (pitches past it play exactly like it); score and turn are left out (the reward and the info carry them).
import { defineTensor, type ObservationTensor, type TensorField, type TensorRow } from '@hearth/engine';
import { creepFires } from './band.ts';
import { HELD_PITCH, type Wall } from './generator.ts';
import { breathDelta } from './observe.ts';
import { scanMoves } from './rules.ts';
import { BAND_ROWS, COLUMNS, type CragState, floorRow, isLedgeRow, nextBelay, pitchLedge, type Row } from './state.ts';

/**
 * The action space's move offsets (rows up, columns across from the climber, over the box every step and lunge lies
 * in: rows -1..2, columns -2..2, the climber's own cell left out), in index order: `relativeActions` (index.ts)
 * and the tensor's `move_cost` both read this list.
 */
export const MOVE_OFFSETS_LIST: readonly (readonly [number, number])[] = [-1, 0, 1, 2].flatMap((dr) =>
  [-2, -1, 0, 1, 2].filter((dc) => dr !== 0 || dc !== 0).map((dc) => [dr, dc] as const),
);

export const PHASE_CODES = ['climbing', 'atLedge', 'over'] as const;
export const KIND_CODES = [null, 'jug', 'plain', 'crimp'] as const;
export const ICE_CODES = ['dry', 'frosting', 'icy'] as const;

const flag = (name: string, shape: number[], description: string): TensorField => ({
  name,
  shape,
  dtype: 'int8',
  low: 0,
  high: 1,
  description,
});
const int8 = (name: string, shape: number[], low: number, high: number, description: string): TensorField => ({
  name,
  shape,
  dtype: 'int8',
  low,
  high,
  description,
});

export function createTensor(wall: Wall): ObservationTensor<CragState> {
  const offsetIndex = moveOffsetIndex();
  return defineTensor<CragState>(tensorFields(wall), (at, size) => {
    const R = BAND_ROWS;
    const C = COLUMNS;
    // Offsets read once (the encoder runs per step per environment).
    const [PHASE, STAMINA, TANK, PITCH, ROW_IN_PITCH, CLIMBER_ROW, CLIMBER_COL, HIGH_POINT, CLEAN, PITCH_CLEAN, FORESIGHT, BREATH, FROST] =
      [
        at.phase!,
        at.stamina!,
        at.tank!,
        at.pitch!,
        at.row_in_pitch!,
        at.climber_row!,
        at.climber_col!,
        at.high_point!,
        at.clean_streak!,
        at.pitch_clean!,
        at.foresight!,
        at.breath!,
        at.frost_this_turn!,
      ];
    const [GUST_NOW, GUST_NEXT, ROCK_NOW, ROCK_NEXT] = [at.gust_now!, at.gust_next!, at.rockfall_now!, at.rockfall_next!];
    const [OVERHANG, FOGGED, LEDGE, BELAY, FLOOR, UNDER] = [
      at.row_overhang!,
      at.row_fogged!,
      at.row_ledge!,
      at.row_belay!,
      at.row_floor!,
      at.row_under_floor!,
    ];
    const [KIND, BREATHS, CRACKS, ICE, MOVE_COST] = [at.hold_kind!, at.hold_breaths!, at.hold_cracks!, at.hold_ice!, at.move_cost!];
    // The move-cost visitor, made once: it writes into the row being encoded.
    let row: TensorRow = new Float32Array(0);
    let costAt = 0;
    let fromRow = 0;
    let fromCol = 0;
    const visit = (r: number, c: number, cost: number) => {
      const k = offsetIndex[(r - fromRow + 1) * 5 + c - fromCol + 2]!;
      if (k >= 0) row[costAt + k] = cost;
    };
    return (s, out, o) => {
      out.fill(0, o, o + size);
      const band = s.band;
      const base = (band[0] as Row).row;
      const climbing = s.phase === 'climbing';
      out[o + PHASE] = climbing ? 0 : s.phase === 'atLedge' ? 1 : 2;
      out[o + STAMINA] = s.stamina;
      out[o + TANK] = s.tank;
      out[o + PITCH] = Math.min(s.pitch, HELD_PITCH);
      out[o + ROW_IN_PITCH] = s.row - pitchLedge(s);
      out[o + CLIMBER_ROW] = s.row - base;
      out[o + CLIMBER_COL] = s.col;
      out[o + HIGH_POINT] = s.highPoint - base;
      out[o + CLEAN] = Math.min(s.cleanStreak, 6);
      out[o + PITCH_CLEAN] = s.pitchDipped ? 0 : 1;
      out[o + FORESIGHT] = wall.difficulty(s.pitch).foresight;
      out[o + BREATH] = climbing ? breathDelta(s) : 0;
      out[o + FROST] = climbing && creepFires(wall, s) ? 1 : 0;
      const gusts = s.gusts;
      for (let g = 0; g < gusts.now.length; g++) out[o + GUST_NOW + gusts.now[g]!] = 1;
      for (let g = 0; g < gusts.next.length; g++) out[o + GUST_NEXT + gusts.next[g]!] = 1;
      if (s.rockfall.now !== null) out[o + ROCK_NOW + s.rockfall.now] = 1;
      if (s.rockfall.next !== null) out[o + ROCK_NEXT + s.rockfall.next] = 1;
      const floor = floorRow(s);
      const belay = nextBelay(s);
      for (let i = 0; i < R; i++) {
        const r = band[i] as Row;
        if (r.overhang) out[o + OVERHANG + i] = 1;
        if (r.fogged) out[o + FOGGED + i] = 1;
        if (isLedgeRow(r.row)) out[o + LEDGE + i] = 1;
        if (r.row === belay) out[o + BELAY + i] = 1;
        if (r.row === floor) out[o + FLOOR + i] = 1;
        if (r.row < floor) out[o + UNDER + i] = 1;
        // A fogged row's cells are blank (null): nothing to read (the encoder is memory-bound on the holds).
        if (r.fogged) continue;
        const cells = r.cells;
        for (let c = 0; c < C; c++) {
          const h = cells[c];
          if (h === null || h === undefined) continue;
          const cell = o + i * C + c;
          out[cell + KIND] = h.kind === 'jug' ? 1 : h.kind === 'plain' ? 2 : 3;
          out[cell + BREATHS] = h.breaths;
          out[cell + CRACKS] = h.cracks;
          out[cell + ICE] = h.ice === 'dry' ? 0 : h.ice === 'frosting' ? 1 : 2;
        }
      }
      if (climbing) {
        row = out;
        costAt = o + MOVE_COST;
        fromRow = s.row;
        fromCol = s.col;
        scanMoves(s, null, visit);
      }
    };
  });
}

/** The tensor's fields: scalars, per-column and per-row flags, the band's holds, and the cost of every move. */
function tensorFields(wall: Wall): TensorField[] {
  let maxForesight = 1;
  let maxTank = 1;
  for (let p = 1; p <= HELD_PITCH; p++) {
    maxForesight = Math.max(maxForesight, wall.difficulty(p).foresight);
    maxTank = Math.max(maxTank, wall.difficulty(p).tank);
  }
  const R = BAND_ROWS;
  const C = COLUMNS;
  return [
    int8('phase', [], 0, 2, 'climbing 0, atLedge 1, over 2'),
    int8('stamina', [], 0, maxTank, 'stamina now'),
    int8('tank', [], 1, maxTank, "the pitch's tank: what a completed pitch refills to and the cap on breathing"),
    int8('pitch', [], 1, HELD_PITCH, `the pitch being climbed, held at ${HELD_PITCH} (later pitches play exactly like it)`),
    int8('row_in_pitch', [], 0, 10, "the climber's row above the pitch's starting ledge (10: at its belay)"),
    int8('climber_row', [], 0, R - 1, "the climber's row in the band (0: the band's lowest row)"),
    int8('climber_col', [], 0, C - 1, "the climber's column"),
    int8('high_point', [], 0, R - 1, 'the highest row reached, in the band'),
    int8('clean_streak', [], 0, 6, 'clean pitches in a row, held at 6 (the bonus is capped there)'),
    flag('pitch_clean', [], 'stamina has not been 3 or less on this pitch'),
    int8('foresight', [], 1, maxForesight, 'rows visible above the high point'),
    int8('breath', [], -1, 4, 'what a breath would do to stamina now (0 when not climbing)'),
    flag('frost_this_turn', [], 'ice creeps at the end of this turn'),
    flag('gust_now', [C], 'columns gusting this turn (+2 to a move onto them)'),
    flag('gust_next', [C], 'columns gusting next turn'),
    flag('rockfall_now', [C], 'the column swept at the end of this turn'),
    flag('rockfall_next', [C], 'the column swept at the end of next turn'),
    flag('row_overhang', [R], 'band rows that overhang'),
    flag('row_fogged', [R], 'band rows in the fog (cells unknown)'),
    flag('row_ledge', [R], 'band rows that are ledges'),
    flag('row_belay', [R], "the band row of the pitch's belay"),
    flag('row_floor', [R], 'the band row of the floor (the lowest a move may target)'),
    flag('row_under_floor', [R], 'band rows under the floor'),
    int8('hold_kind', [R, C], 0, 3, 'bare rock 0, jug 1, plain 2, crimp 3'),
    int8('hold_breaths', [R, C], 0, 3, 'breaths left on a jug'),
    int8('hold_cracks', [R, C], 0, 3, 'times a hold still takes weight (0: solid)'),
    int8('hold_ice', [R, C], 0, 2, 'dry 0, frosting 1, icy 2'),
    int8(
      'move_cost',
      [MOVE_OFFSETS_LIST.length],
      0,
      9,
      "stamina cost of each move of the action space (offsets from the climber, the action space's order); 0: not legal",
    ),
  ];
}

/** The index of each move offset in the action space, over the box rows -1..2 x columns -2..2 (-1: none). */
function moveOffsetIndex(): Int8Array {
  const offsetIndex = new Int8Array(4 * 5).fill(-1);
  MOVE_OFFSETS_LIST.forEach(([dr, dc], k) => {
    offsetIndex[(dr + 1) * 5 + dc + 2] = k;
  });
  return offsetIndex;
}
